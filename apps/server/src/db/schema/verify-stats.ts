import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { organizations } from './organizations.ts';

/**
 * Hourly rollup of verifications (ARCHITECTURE.md §6.4 Verify tab, migration 0021), keyed by the
 * application, the channel a verification STARTED on and the UTC hour it was created: how many
 * started in that hour and how many of them are approved, expired, failed, canceled or still
 * pending, and `approveHist`, one count per VERIFY_APPROVE_BUCKETS bucket (contracts
 * verify-console.ts) of the seconds from start to approval. Rows are recomputed exactly from
 * `verifications` (never incremented) by modules/verify/verify-stats.repo.ts rollUpVerifyStats.
 */
export const verifyStatsHourly = pgTable(
  'verify_stats_hourly',
  {
    organizationId: uuid('organization_id').notNull().references(() => organizations.id),
    applicationId: uuid('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['sms', 'whatsapp', 'call', 'email'] }).notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    started: integer('started').notNull().default(0),
    approved: integer('approved').notNull().default(0),
    expired: integer('expired').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    canceled: integer('canceled').notNull().default(0),
    pending: integer('pending').notNull().default(0),
    approveHist: integer('approve_hist').array().notNull().default(sql`'{}'::integer[]`),
  },
  (t) => [primaryKey({ name: 'verify_stats_hourly_pk', columns: [t.applicationId, t.channel, t.hour] }), index('verify_stats_hourly_org_idx').on(t.organizationId), index('verify_stats_hourly_hour_idx').on(t.hour)],
);

/**
 * The one-row watermark of the Verify rollup (migration 0021): verifications whose `updated_at` is
 * after `rolledUpTo` (less the rollup's safety lag) are recomputed on its next run; epoch at first.
 */
export const verifyStatsWatermark = pgTable('verify_stats_watermark', {
  id: integer('id').primaryKey().default(1),
  rolledUpTo: timestamp('rolled_up_to', { withTimezone: true }).notNull().default(sql`'epoch'`),
});
