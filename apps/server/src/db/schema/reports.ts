import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * A generated report (templates-dashboard-reports.md §2.7, §3 Report row, §4 Report status): what
 * was asked (application, channel, statuses, range, search, type), its state (in-queue, processing,
 * done, failed with a reason), its progress (rows written of the rows counted at start) and where
 * its file is (a key under DATA_DIR/reports or in the S3 bucket). Deleted with its file after
 * REPORT_RETENTION_DAYS.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    channel: text('channel').notNull(),
    /** Message statuses the report holds; empty = every status ('All'). */
    statuses: jsonb('statuses').$type<string[]>().notNull(),
    search: text('search'),
    /** The range as asked (`YYYY-MM-DD` or ISO) and as instants: created_at in [rangeFrom, rangeTo). */
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    rangeFrom: timestamp('range_from', { withTimezone: true }).notNull(),
    rangeTo: timestamp('range_to', { withTimezone: true }).notNull(),
    /** Time zone of the file's dates. */
    timeZone: text('time_zone').notNull(),
    type: text('type').notNull(),
    status: text('status').notNull().default('in-queue'),
    reason: text('reason'),
    totalRows: integer('total_rows'),
    rowsWritten: integer('rows_written').notNull().default(0),
    /** Generation attempts so far (a restart mid-generation starts a new one, up to a limit). */
    attempts: integer('attempts').notNull().default(0),
    /** Last sign of life of the generating worker: a processing report silent too long is taken again. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    fileKey: text('file_key'),
    fileBytes: integer('file_bytes'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reports_org_created_idx').on(t.organizationId, t.createdAt),
    // Reports being made: what the stale-generation sweep reads (stays small).
    index('reports_running_idx').on(t.heartbeatAt).where(sql`status in ('in-queue', 'processing')`),
  ],
);
