import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { organizations } from './organizations.ts';

/**
 * An application's status webhook endpoint (ARCHITECTURE.md §6.2). Secrets are stored encrypted
 * (AES-256-GCM with a key derived from SESSION_SECRET): the console shows one only when it is
 * created or rotated. After a rotation the previous secret also signs until it expires.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  applicationId: uuid('application_id')
    .primaryKey()
    .references(() => applications.id, { onDelete: 'cascade' }),
  organizationId: uuid('organization_id').notNull().references(() => organizations.id),
  url: text('url'),
  enabled: boolean('enabled').notNull().default(false),
  secretEncrypted: text('secret_encrypted').notNull(),
  previousSecretEncrypted: text('previous_secret_encrypted'),
  previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
  disabledReason: text('disabled_reason'),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  /** Since when every attempt has failed (null after a success): 3 days of it disable the endpoint. */
  failingSince: timestamp('failing_since', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One event for a customer (`message.status`, `template.status`, `webhook.test`): its `id` is the
 * `webhook-id` header, the same on every attempt and redelivery.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: text('id').primaryKey(),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    messageId: uuid('message_id'),
    /** The JSON body delivered: `{type, timestamp, data}`. */
    payload: jsonb('payload').notNull(),
    /** The status_outbox row it came from (unique: an outbox row makes one event). */
    outboxId: bigint('outbox_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_events_app_idx').on(t.applicationId, t.createdAt),
    index('webhook_events_created_idx').on(t.createdAt),
    index('webhook_events_message_idx').on(t.messageId),
    index('webhook_events_outbox_idx').on(t.outboxId),
  ],
);

/**
 * One delivery attempt of an event. Created `pending` before it is sent; `startedAt` claims it
 * (a crashed sender's claim lapses); it ends `succeeded` or `failed` exactly once.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: text('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id),
    attempt: integer('attempt').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull().default('pending'),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms'),
    response: text('response'),
    /** When it is due (the retry schedule); the job starts then. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The next attempt's due time when this one failed with retries left. */
    nextRetryAt: timestamp('next_retry_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_app_idx').on(t.applicationId, t.createdAt),
    index('webhook_deliveries_event_idx').on(t.eventId, t.attempt),
    index('webhook_deliveries_pending_idx').on(t.dueAt).where(sql`status = 'pending'`),
  ],
);
