import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { organizations } from './organizations.ts';

/** One send of a verification's code: the message that carried it (ARCHITECTURE.md §6.4). */
export interface VerificationSend {
  channel: 'sms' | 'whatsapp' | 'call' | 'email';
  message_id: string;
  /** ISO 8601. */
  at: string;
}

/**
 * Verify (ARCHITECTURE.md §6.4, migration 0020): a one-time code sent to `recipient` (E.164, or a
 * lower-cased e-mail address) and checked. Only `code_hmac` (HMAC-SHA256 over id + code, keyed
 * from SESSION_SECRET) is kept, never the code. `attempts` counts checks (5 at most), `send_count`
 * sends (5 at most, `last_send_at` 30 s apart). A pending row whose `expires_at` passed reads
 * `expired`.
 */
export const verifications = pgTable(
  'verifications',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id),
    applicationId: uuid('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    country: text('country'),
    channel: text('channel', { enum: ['sms', 'whatsapp', 'call', 'email'] }).notNull(),
    status: text('status', { enum: ['pending', 'approved', 'expired', 'failed', 'canceled'] }).notNull().default('pending'),
    codeHmac: text('code_hmac').notNull(),
    codeLength: integer('code_length').notNull(),
    locale: text('locale').notNull().default('en'),
    template: text('template'),
    attempts: integer('attempts').notNull().default(0),
    sendCount: integer('send_count').notNull().default(0),
    sends: jsonb('sends').$type<VerificationSend[]>().notNull().default([]),
    lastSendAt: timestamp('last_send_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('verifications_app_created_idx').on(t.applicationId, t.createdAt),
    index('verifications_app_recipient_idx').on(t.applicationId, t.recipient, t.createdAt),
    index('verifications_org_idx').on(t.organizationId),
    index('verifications_pending_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'pending'`),
    // Migration 0021: the Verify rollup (verify-stats.repo.ts) finds what changed since its watermark.
    index('verifications_updated_idx').on(t.updatedAt),
  ],
);
