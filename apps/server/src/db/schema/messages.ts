import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { organizations } from './organizations.ts';

/**
 * Messages accepted through /v1 (ARCHITECTURE.md §6). Range-partitioned by month of `created_at`
 * (ARCHITECTURE.md §9, migration 0018; partitions made and dropped by db/partitions.ts): the key is
 * (id, created_at), and a read that knows the creation time touches one month.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').notNull().defaultRandom(),
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
    /** The Idempotency-Key it was sent with (its 24-hour claim is in idempotency_keys). */
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the canonical request body, to tell a replay from a conflict. */
    requestHash: text('request_hash'),
    /** Milliseconds (timestamptz(3)): the engine names a message by (id, created_at) as a JavaScript Date. */
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.createdAt], name: 'messages_pkey' }),
    index('messages_app_channel_created_idx').on(t.applicationId, t.channel, t.createdAt, t.id),
    index('messages_org_created_idx').on(t.organizationId, t.createdAt),
    index('messages_provider_id_idx').on(t.driver, t.providerMessageId),
    // Messages not yet handed to a carrier: what the dispatcher reads (stays small). Its predicate
    // names no column a status change writes, so status updates stay heap-only (HOT) with the
    // table's fillfactor (migration 0016): no index entry per status change.
    index('messages_undispatched_idx').on(t.createdAt).where(sql`provider_message_id is null`),
  ],
);

/**
 * A message's history, one row per status. Range-partitioned by the month of its message's creation
 * (`message_created_at`), so a message and its whole history are dropped together and a history read
 * touches one partition (ARCHITECTURE.md §9). No foreign key: written only with its message's row.
 */
export const messageEvents = pgTable(
  'message_events',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    organizationId: uuid('organization_id').notNull(),
    messageId: uuid('message_id').notNull(),
    messageCreatedAt: timestamp('message_created_at', { withTimezone: true, precision: 3 }).notNull(),
    status: text('status').notNull(),
    reason: text('reason'),
    providerCode: text('provider_code'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.id, t.messageCreatedAt], name: 'message_events_pkey' }), index('message_events_message_idx').on(t.messageId, t.id)],
);

/**
 * The 24-hour claim of a single send's Idempotency-Key (ARCHITECTURE.md §6, §9): unique per
 * (application, channel, key); names the message holding it. Deleted when the window is over (by the
 * accept path for a key used again, and by the maintenance job for all).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    organizationId: uuid('organization_id').notNull().references(() => organizations.id),
    applicationId: uuid('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    key: text('key').notNull(),
    messageId: uuid('message_id').notNull(),
    messageCreatedAt: timestamp('message_created_at', { withTimezone: true, precision: 3 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.channel, t.key, t.organizationId], name: 'idempotency_keys_pkey' }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * Messages per application, channel, current status and creation hour (ARCHITECTURE.md §9): kept by
 * the accept path (+1 at the initial status) and recordStatus (-1 old, +1 new, at the message's
 * creation hour), so counts, rates and charts never scan messages.
 */
export const messageStatsHourly = pgTable(
  'message_stats_hourly',
  {
    organizationId: uuid('organization_id').notNull(),
    applicationId: uuid('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    status: text('status').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.channel, t.hour, t.status, t.organizationId], name: 'message_stats_hourly_pkey' })],
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
  organizationId: uuid('organization_id').notNull(),
  applicationId: uuid('application_id').notNull(),
  channel: text('channel').notNull(),
  status: text('status').notNull(),
  hour: timestamp('hour', { withTimezone: true }).notNull(),
  delta: integer('delta').notNull(),
});

/**
 * One row per status change, written by recordStatus in the same transaction (ARCHITECTURE.md
 * §6.1): what customer webhooks and other consumers read, in `id` order. Range-partitioned by month
 * of its own `created_at` (ARCHITECTURE.md §9).
 */
export const statusOutbox = pgTable(
  'status_outbox',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    messageId: uuid('message_id').notNull(),
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
    primaryKey({ columns: [t.id, t.createdAt], name: 'status_outbox_pkey' }),
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
    organizationId: uuid('organization_id').notNull().references(() => organizations.id),
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
    organizationId: uuid('organization_id').notNull(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash').notNull(),
    answer: jsonb('answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('message_batches_idempotency_idx').on(t.applicationId, t.channel, t.idempotencyKey, t.organizationId), index('message_batches_created_idx').on(t.createdAt)],
);
