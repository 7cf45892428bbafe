import { bigint, bigserial, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';

/**
 * Prepaid quota per application and quota type (console.md §3 Remaining quota entry:
 * wa_marketing, wa_authentication, wa_utility, call (seconds), sms, sms_otp, email).
 */
export const quotas = pgTable(
  'quotas',
  {
    applicationId: uuid('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    quota: bigint('quota', { mode: 'number' }).notNull().default(0),
    usage: bigint('usage', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.type] })],
);

/** Quota ledger: every top-up (+) and consumption (-) with its cause. */
export const quotaLedger = pgTable(
  'quota_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applicationId: uuid('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    delta: bigint('delta', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    messageId: uuid('message_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quota_ledger_app_idx').on(t.applicationId, t.at)],
);
