import { bigint, bigserial, boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { organizations } from './organizations.ts';

/**
 * Prepaid quota per application and quota type (console.md §3 Remaining quota entry:
 * wa_marketing, wa_authentication, wa_utility, call (seconds), sms, sms_otp, email).
 */
export const quotas = pgTable(
  'quotas',
  {
    applicationId: uuid('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id),
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
    organizationId: uuid('organization_id').notNull().references(() => organizations.id),
    type: text('type').notNull(),
    delta: bigint('delta', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    messageId: uuid('message_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quota_ledger_app_idx').on(t.applicationId, t.at)],
);

/**
 * Quota warning settings of an application (console.md §3 Quota threshold settings): `disable`
 * (the switch is off) and up to 5 recipient e-mails. No row = disabled, no recipients.
 */
export const quotaSettings = pgTable('quota_settings', {
  applicationId: uuid('application_id')
    .primaryKey()
    .references(() => applications.id, { onDelete: 'cascade' }),
  organizationId: uuid('organization_id').notNull().references(() => organizations.id),
  disable: boolean('disable').notNull().default(true),
  emailRecipients: jsonb('email_recipients').$type<string[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Per quota type: the reminder tick, the threshold (stored units: seconds for call) and `armed`:
 * true until a warning is sent for the current fall to or below the threshold, true again once the
 * remaining quota is above it (a top-up). Only a conditional update that finds it armed sends a
 * warning, so one crossing gives one e-mail.
 */
export const quotaThresholds = pgTable(
  'quota_thresholds',
  {
    applicationId: uuid('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id),
    type: text('type').notNull(),
    reminder: boolean('reminder').notNull().default(false),
    threshold: bigint('threshold', { mode: 'number' }).notNull().default(0),
    armed: boolean('armed').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.type] })],
);

/** One row per quota warning: the crossing (remaining at or below the threshold) and when its e-mail went. */
export const quotaWarnings = pgTable(
  'quota_warnings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applicationId: uuid('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id),
    type: text('type').notNull(),
    remaining: bigint('remaining', { mode: 'number' }).notNull(),
    threshold: bigint('threshold', { mode: 'number' }).notNull(),
    recipients: jsonb('recipients').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set once the e-mail was handed to the mailer; null when sending failed. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('quota_warnings_app_idx').on(t.applicationId, t.createdAt)],
);
