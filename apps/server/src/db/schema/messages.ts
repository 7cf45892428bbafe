import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    templateName: text('template_name'),
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
    index('messages_app_channel_created_idx').on(t.applicationId, t.channel, t.createdAt),
    index('messages_org_created_idx').on(t.organizationId, t.createdAt),
    uniqueIndex('messages_idempotency_idx').on(t.applicationId, t.channel, t.idempotencyKey),
  ],
);

export const messageEvents = pgTable(
  'message_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: uuid('message_id').notNull().references(() => messages.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_events_message_idx').on(t.messageId, t.id)],
);
