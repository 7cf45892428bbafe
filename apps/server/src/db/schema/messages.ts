import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { organizations } from './organizations.ts';

/** Messages accepted through /v1 (ARCHITECTURE.md §6). */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id),
    applicationId: uuid('application_id').notNull().references(() => applications.id),
    channel: text('channel').notNull(),
    /** E.164 number, or the e-mail address on the email channel. */
    recipient: text('recipient').notNull(),
    country: text('country'),
    totalSms: integer('total_sms'),
    status: text('status').notNull(),
    reason: text('reason'),
    /** The carrier's code of the latest status (SMTP reply code, Graph error code, SMPP err:). */
    providerCode: text('provider_code'),
    /** The driver that sent it ('sandbox', 'smtp', …) and the carrier's id for later callbacks. */
    driver: text('driver'),
    providerMessageId: text('provider_message_id'),
    /** When a dispatcher took the message to send it (a lease: another may retake it after 5 minutes). */
    dispatchClaimedAt: timestamp('dispatch_claimed_at', { withTimezone: true }),
    /** Not claimed for dispatch before this time (a retry's backoff, a paced message waiting for its slot); null = due now. */
    dispatchAfter: timestamp('dispatch_after', { withTimezone: true }),
    /** The pacing slot reserved for the message (its lane's send time), kept across a deferral so it is not reserved twice. */
    dispatchSlotAt: timestamp('dispatch_slot_at', { withTimezone: true }),
    /** Dispatch attempts that ended in a retryable driver error (backoff grows with it). */
    dispatchAttempts: integer('dispatch_attempts').notNull().default(0),
    templateName: text('template_name'),
    /**
     * WhatsApp: the conversation this message opened or belongs to (templates-dashboard-reports.md §3
     * session figures): Meta's conversation id, its category (marketing, utility, authentication,
     * service) and who opened it (business or user).
     */
    conversationId: text('conversation_id'),
    conversationCategory: text('conversation_category'),
    conversationInitiator: text('conversation_initiator'),
    otp: text('otp'),
    /** The accepted request body (after validation). */
    body: jsonb('body').notNull(),
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the canonical request body, to tell a replay from a conflict. */
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_app_channel_created_idx').on(t.applicationId, t.channel, t.createdAt, t.id),
    index('messages_org_created_idx').on(t.organizationId, t.createdAt),
    uniqueIndex('messages_idempotency_idx').on(t.applicationId, t.channel, t.idempotencyKey),
    uniqueIndex('messages_provider_id_idx').on(t.driver, t.providerMessageId),
    // Messages not yet handed to a carrier: what the dispatcher reads (stays small). Its predicate
    // names no column a status change writes, so status updates stay heap-only (HOT) with the
    // table's fillfactor (migration 0016): no index entry per status change.
    index('messages_undispatched_idx').on(t.createdAt).where(sql`provider_message_id is null`),
  ],
);

export const messageEvents = pgTable(
  'message_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: uuid('message_id').notNull().references(() => messages.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    reason: text('reason'),
    providerCode: text('provider_code'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_events_message_idx').on(t.messageId, t.id)],
);

/**
 * Messages per application, channel, current status and creation hour (ARCHITECTURE.md §9): kept by
 * the accept path (+1 at the initial status) and recordStatus (-1 old, +1 new, at the message's
 * creation hour), so counts, rates and charts never scan messages.
 */
export const messageStatsHourly = pgTable(
  'message_stats_hourly',
  {
    applicationId: uuid('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    status: text('status').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.channel, t.hour, t.status] })],
);

/**
 * Changes to message_stats_hourly not yet folded into it (ARCHITECTURE.md §6.5 "hot rows off the hot
 * path"): the accept and the status pipeline append a row per (application, channel, hour, status)
 * and batch instead of updating the shared counter row, which every message of an application
 * would otherwise wait on; the rollup (engine/stats-rollup.ts) folds them in within about a second.
 * No index and no key: rows are only appended, and deleted as a whole by the rollup. Readers sum
 * both tables.
 */
export const messageStatsDeltas = pgTable('message_stats_deltas', {
  applicationId: uuid('application_id').notNull(),
  channel: text('channel').notNull(),
  status: text('status').notNull(),
  hour: timestamp('hour', { withTimezone: true }).notNull(),
  delta: integer('delta').notNull(),
});

/**
 * One row per status change, written by recordStatus in the same transaction (ARCHITECTURE.md
 * §6.1): what customer webhooks and other consumers read, in `id` order.
 */
export const statusOutbox = pgTable(
  'status_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: uuid('message_id').notNull().references(() => messages.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull(),
    applicationId: uuid('application_id').notNull(),
    channel: text('channel').notNull(),
    status: text('status').notNull(),
    previousStatus: text('previous_status'),
    reason: text('reason'),
    providerCode: text('provider_code'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the webhook fan-out took the row (an event for an enabled endpoint, or nothing); null = not yet. */
    webhookedAt: timestamp('webhooked_at', { withTimezone: true }),
  },
  (t) => [
    index('status_outbox_app_idx').on(t.applicationId, t.id),
    // Rows the webhook fan-out has not taken yet: what it reads (stays small).
    index('status_outbox_pending_idx').on(t.id).where(sql`webhooked_at is null`),
  ],
);

/**
 * WhatsApp messages carrying a conversation, per application, conversation category (marketing,
 * utility, authentication, service, or what Meta names) and initiator (business, user), by the
 * message's creation hour (templates-dashboard-reports.md §3 WhatsApp session figures). Kept by
 * setMessageConversation (messaging/whatsapp/webhook.repo.ts): +1 when a message first gets a
 * conversation, -1/+1 when its category or initiator changes, so session figures never scan messages.
 */
export const conversationStatsHourly = pgTable(
  'conversation_stats_hourly',
  {
    applicationId: uuid('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    initiator: text('initiator').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.hour, t.category, t.initiator] })],
);

/**
 * Batch sends with an Idempotency-Key (ARCHITECTURE.md §6.3): the key claimed with the batch's body
 * hash and, once its group committed, the answer a replay returns. `idempotency_key` is set to null
 * when the 24-hour window is over (the key may be used again).
 */
export const messageBatches = pgTable(
  'message_batches',
  {
    id: uuid('id').primaryKey(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash').notNull(),
    answer: jsonb('answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('message_batches_idempotency_idx').on(t.applicationId, t.channel, t.idempotencyKey)],
);
