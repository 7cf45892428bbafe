/**
 * Reports (SQL only): the report rows, scoped by organization, and the keyset reads of the messages
 * a report holds (templates-dashboard-reports.md §2.7, §3; issue 12).
 */
import { and, count, desc, eq, getTableColumns, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, SqlExecutor } from '../../db/client.ts';
import { applications } from '../../db/schema/applications.ts';
import { messages } from '../../db/schema/messages.ts';
import { reports } from '../../db/schema/reports.ts';

export type ReportRecord = typeof reports.$inferSelect;
export type ReportWithApplication = ReportRecord & { applicationName: string };
export type NewReport = Pick<
  typeof reports.$inferInsert,
  'organizationId' | 'applicationId' | 'createdBy' | 'title' | 'channel' | 'statuses' | 'search' | 'startDate' | 'endDate' | 'rangeFrom' | 'rangeTo' | 'timeZone' | 'type' | 'createdAt'
>;

const withApplication = { ...getTableColumns(reports), applicationName: applications.name };

/** Application `applicationId` of `organizationId` (not deleted): its name, or null. */
export async function findOwnApplication(db: Db, organizationId: string, applicationId: string): Promise<{ name: string } | null> {
  const [row] = await db
    .select({ name: applications.name })
    .from(applications)
    .where(and(eq(applications.id, applicationId), eq(applications.organizationId, organizationId), isNull(applications.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** Of `ids`, those naming applications of `organizationId` (deleted ones too: their reports stay listed). */
export async function findOrganizationApplicationIds(db: Db, organizationId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.organizationId, organizationId), inArray(applications.id, ids)));
  return rows.map((r) => r.id);
}

/**
 * Stores a new report in status in-queue (heartbeat = creation, for the sweep) unless its
 * organization already has `pendingLimit` reports in-queue or processing; returns it, or null when
 * refused. Checked and inserted under a lock per organization, so concurrent calls never pass the
 * limit together.
 */
export async function insertReportWithinLimit(db: Db, r: NewReport, pendingLimit: number): Promise<ReportRecord | null> {
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`reports-pending:${r.organizationId}`}, 0))`);
    const [pending] = await tx
      .select({ n: count() })
      .from(reports)
      .where(and(eq(reports.organizationId, r.organizationId), inArray(reports.status, ['in-queue', 'processing'])));
    if (Number(pending?.n ?? 0) >= pendingLimit) return null;
    const [row] = await tx.insert(reports).values({ ...r, status: 'in-queue', heartbeatAt: r.createdAt, updatedAt: r.createdAt }).returning();
    return row!;
  });
}

/** Report `id` of `organizationId` with its application's name, or null. */
export async function findReport(db: Db, organizationId: string, id: string): Promise<ReportWithApplication | null> {
  const [row] = await db
    .select(withApplication)
    .from(reports)
    .innerJoin(applications, eq(applications.id, reports.applicationId))
    .where(and(eq(reports.organizationId, organizationId), eq(reports.id, id)))
    .limit(1);
  return row ?? null;
}

export interface ReportListFilter {
  organizationId: string;
  applicationIds: string[];
  channels: string[];
  statuses: string[];
  /** created_at in [from, to) */
  from?: Date;
  to?: Date;
  /** Case-insensitive substring of the title. */
  search?: string;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function listWhere(f: ReportListFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = [eq(reports.organizationId, f.organizationId)];
  if (f.applicationIds.length) conds.push(inArray(reports.applicationId, f.applicationIds));
  if (f.channels.length) conds.push(inArray(reports.channel, f.channels));
  if (f.statuses.length) conds.push(inArray(reports.status, f.statuses));
  if (f.from) conds.push(gte(reports.createdAt, f.from));
  if (f.to) conds.push(lt(reports.createdAt, f.to));
  if (f.search) conds.push(ilike(reports.title, `%${escapeLike(f.search)}%`));
  return and(...conds);
}

/** One page of matching reports, newest first, and how many match in all. */
export async function listReports(db: Db, f: ReportListFilter, page: { limit: number; offset: number }): Promise<{ rows: ReportWithApplication[]; total: number }> {
  const where = listWhere(f);
  const rows = await db
    .select(withApplication)
    .from(reports)
    .innerJoin(applications, eq(applications.id, reports.applicationId))
    .where(where)
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(page.limit)
    .offset(page.offset);
  const [n] = await db.select({ n: count() }).from(reports).where(where);
  return { rows, total: Number(n?.n ?? 0) };
}

/**
 * Takes report `id` for generation attempt `attempts + 1`: from in-queue, or from processing when
 * its heartbeat is older than `staleBefore` (its worker died). Returns the report as taken, or null
 * when another worker has it or it is finished.
 */
export async function claimReport(db: Db, id: string, now: Date, staleBefore: Date): Promise<ReportRecord | null> {
  const [row] = await db
    .update(reports)
    .set({ status: 'processing', attempts: sql`${reports.attempts} + 1`, heartbeatAt: now, rowsWritten: 0, totalRows: null, reason: null, updatedAt: now })
    .where(and(eq(reports.id, id), or(eq(reports.status, 'in-queue'), and(eq(reports.status, 'processing'), lt(reports.heartbeatAt, staleBefore)))))
    .returning();
  return row ?? null;
}

/**
 * Takes the next report in-queue for generation, fairly between organizations (issue 23): only of
 * an organization with fewer than `perOrganization` reports processing (heartbeat since
 * `staleBefore`; a dead worker's report does not count), the organization whose last report
 * finished longest ago (or never) first, then the oldest report. Claimed as claimReport does, under
 * one lock so two workers never take the same organization's turn. Returns it, or null when no
 * report may start now.
 */
export async function claimNextReport(db: Db, now: Date, staleBefore: Date, perOrganization: number): Promise<ReportRecord | null> {
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('reports-claim', 0))`);
    const busy = sql`(select count(*) from ${reports} p where p.organization_id = ${reports.organizationId} and p.status = 'processing' and p.heartbeat_at >= ${staleBefore.toISOString()}::timestamptz)`;
    const lastFinished = sql`(select max(f.finished_at) from ${reports} f where f.organization_id = ${reports.organizationId} and f.finished_at is not null)`;
    const [next] = await tx
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.status, 'in-queue'), sql`${busy} < ${perOrganization}`))
      .orderBy(sql`${lastFinished} asc nulls first`, reports.createdAt, reports.id)
      .limit(1);
    return next ? claimReport(tx, next.id, now, staleBefore) : null;
  });
}

/** Records progress of attempt `attempt`; false when the report is no longer this attempt's (taken over or deleted). */
export async function recordProgress(db: Db, id: string, attempt: number, p: { totalRows?: number; rowsWritten: number; now: Date }): Promise<boolean> {
  const rows = await db
    .update(reports)
    .set({ ...(p.totalRows === undefined ? {} : { totalRows: p.totalRows }), rowsWritten: p.rowsWritten, heartbeatAt: p.now, updatedAt: p.now })
    .where(and(eq(reports.id, id), eq(reports.attempts, attempt), eq(reports.status, 'processing')))
    .returning({ id: reports.id });
  return rows.length > 0;
}

/** Marks attempt `attempt` done with its file; false when the attempt lost the report. */
export async function finishReport(db: Db, id: string, attempt: number, f: { fileKey: string; fileBytes: number; rowsWritten: number; now: Date }): Promise<boolean> {
  const rows = await db
    .update(reports)
    .set({ status: 'done', fileKey: f.fileKey, fileBytes: f.fileBytes, rowsWritten: f.rowsWritten, totalRows: f.rowsWritten, finishedAt: f.now, heartbeatAt: null, updatedAt: f.now })
    .where(and(eq(reports.id, id), eq(reports.attempts, attempt), eq(reports.status, 'processing')))
    .returning({ id: reports.id });
  return rows.length > 0;
}

/** Marks a report failed with `reason` (only while it is being made; `attempt` when one attempt fails). */
export async function failReport(db: Db, id: string, reason: string, now: Date, attempt?: number): Promise<boolean> {
  const conds = [eq(reports.id, id), inArray(reports.status, ['in-queue', 'processing'])];
  if (attempt !== undefined) conds.push(eq(reports.attempts, attempt));
  const rows = await db
    .update(reports)
    .set({ status: 'failed', reason, finishedAt: now, heartbeatAt: null, updatedAt: now })
    .where(and(...conds))
    .returning({ id: reports.id });
  return rows.length > 0;
}

/** Reports being made whose heartbeat is older than `before`: processing ones whose worker died, queued ones whose job was lost. */
export async function findStalledReports(db: Db, before: Date, limit = 100): Promise<Pick<ReportRecord, 'id' | 'status' | 'attempts' | 'organizationId' | 'type' | 'heartbeatAt'>[]> {
  return db
    .select({ id: reports.id, status: reports.status, attempts: reports.attempts, organizationId: reports.organizationId, type: reports.type, heartbeatAt: reports.heartbeatAt })
    .from(reports)
    .where(and(inArray(reports.status, ['in-queue', 'processing']), lt(reports.heartbeatAt, before)))
    .limit(limit);
}

/** Puts a stalled report back in the queue (heartbeat = now), if it is still stalled. */
export async function requeueReport(db: Db, id: string, now: Date, before: Date): Promise<boolean> {
  const rows = await db
    .update(reports)
    .set({ status: 'in-queue', heartbeatAt: now, updatedAt: now })
    .where(and(eq(reports.id, id), inArray(reports.status, ['in-queue', 'processing']), lt(reports.heartbeatAt, before)))
    .returning({ id: reports.id });
  return rows.length > 0;
}

/** Deletes up to `limit` reports created before `before`; returns what was deleted (to remove their files). */
export async function deleteReportsCreatedBefore(db: Db, before: Date, limit = 500): Promise<Pick<ReportRecord, 'id' | 'organizationId' | 'attempts' | 'type' | 'fileKey'>[]> {
  const old = db.select({ id: reports.id }).from(reports).where(lt(reports.createdAt, before)).limit(limit);
  return db
    .delete(reports)
    .where(inArray(reports.id, old))
    .returning({ id: reports.id, organizationId: reports.organizationId, attempts: reports.attempts, type: reports.type, fileKey: reports.fileKey });
}

// ---------------------------------------------------------------------------------------------
// The messages a report holds
// ---------------------------------------------------------------------------------------------

export interface ReportRowsFilter {
  organizationId: string;
  applicationId: string;
  channel: string;
  /** created_at in [from, to) */
  from: Date;
  to: Date;
  /** Empty = every status. */
  statuses: string[];
  idPrefix?: string;
  recipientPrefix?: string;
  recipientContains?: string;
  /** The search can match nothing. */
  never?: boolean;
}

function rowsWhere(f: ReportRowsFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = [
    eq(messages.organizationId, f.organizationId),
    eq(messages.applicationId, f.applicationId),
    eq(messages.channel, f.channel),
    gte(messages.createdAt, f.from),
    lt(messages.createdAt, f.to),
  ];
  if (f.never) conds.push(sql`false`);
  if (f.statuses.length) conds.push(inArray(messages.status, f.statuses));
  if (f.idPrefix) conds.push(sql`${messages.id}::text like ${`${escapeLike(f.idPrefix)}%`}`);
  if (f.recipientPrefix) conds.push(sql`${messages.recipient} like ${`${escapeLike(f.recipientPrefix)}%`}`);
  if (f.recipientContains) conds.push(sql`${messages.recipient} ilike ${`%${escapeLike(f.recipientContains)}%`}`);
  return and(...conds);
}

/** How many messages the report holds. */
export async function countReportRows(db: Db, f: ReportRowsFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(messages).where(rowsWhere(f));
  return Number(row?.n ?? 0);
}

/**
 * One keyset batch of a report's messages in index order (created_at, id) ascending, after
 * position `after` (exclusive), as arrays (no per-row objects: reports run to millions of rows) in
 * the order of REPORT_COLUMNS_SQL: id, recipient, channel, status, reason, country, total_sms,
 * template_name, created and updated at formatted by PostgreSQL in `timeZone` ('YYYY-MM-DD
 * HH24:MI:SS'). The next batch's position is keysetPositionOf(the last id).
 */
export async function readReportRows(
  db: Db,
  queryArrays: SqlExecutor['queryArrays'],
  f: ReportRowsFilter,
  timeZone: string,
  after: { at: string; id: string } | null,
  limit: number,
): Promise<ReportMessageRow[]> {
  // Keyset as `created_at >= at and (created_at > at or id > after.id)`: the first part bounds the
  // index scan, so each batch starts where the last ended (a row comparison `(created_at, id) >
  // (…)` is only a filter here, and every batch would walk the range from its start again).
  const where = after
    ? and(rowsWhere(f), sql`${messages.createdAt} >= ${after.at}::timestamptz`, sql`(${messages.createdAt} > ${after.at}::timestamptz or ${messages.id} > ${after.id}::uuid)`)
    : rowsWhere(f);
  const query = db
    .select({
      id: messages.id,
      recipient: messages.recipient,
      channel: messages.channel,
      status: messages.status,
      reason: messages.reason,
      country: messages.country,
      totalSms: messages.totalSms,
      templateName: messages.templateName,
      createdAt: sql<string>`to_char(${messages.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`,
      updatedAt: sql<string>`to_char(${messages.updatedAt} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`,
    })
    .from(messages)
    .where(where)
    .orderBy(messages.createdAt, messages.id)
    .limit(limit);
  return (await queryArrays(query.toSQL())) as ReportMessageRow[];
}

/**
 * A text cell guarded as neutraliseFormula (report-writer.ts) guards it, in SQL: a leading
 * apostrophe when the text starts with `=`, `@`, a tab or a carriage return, or with `+`/`-` not
 * followed by a plain number (E.164 numbers stay as they are); an empty text as NULL.
 */
const formulaGuarded = (text: SQL) => {
  // An empty text as NULL: COPY quotes an empty string ("") where csv-stringify writes nothing.
  const cell = sql`nullif(${text}, '')`;
  return sql`case when left(${cell}, 1) in ('=', '@', chr(9), chr(13)) or (left(${cell}, 1) in ('+', '-') and ${cell} !~ '^[+-][0-9][0-9 ]*$') then '''' || ${cell} else ${cell} end`;
};

/**
 * The whole of a report's CSV body as one select for PostgreSQL's COPY (SqlExecutor.copyCsv), in
 * index order (created_at, id): the cells of readReportRows with the channel's label for its id
 * (`labels`) and the CSV formula guard on recipient, status, reason, country and template name, so
 * that COPY's CSV is the file the batch path writes. No keyset: COPY streams the range in one
 * read, and the report is generated again from the start after an interruption.
 */
export function reportCsvCopyQuery(db: Db, f: ReportRowsFilter, timeZone: string, labels: ReadonlyMap<string, string>): { sql: string; params: unknown[] } {
  const label = sql.join(
    [...labels].map(([id, text]) => sql`when ${id} then ${text}`),
    sql` `,
  );
  return db
    .select({
      id: messages.id,
      recipient: formulaGuarded(sql`${messages.recipient}`),
      channel: sql`case ${messages.channel} ${label} else ${messages.channel} end`,
      status: formulaGuarded(sql`${messages.status}`),
      reason: formulaGuarded(sql`${messages.reason}`),
      country: formulaGuarded(sql`${messages.country}`),
      totalSms: messages.totalSms,
      templateName: formulaGuarded(sql`${messages.templateName}`),
      createdAt: sql<string>`to_char(${messages.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`,
      updatedAt: sql<string>`to_char(${messages.updatedAt} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`,
    })
    .from(messages)
    .where(rowsWhere(f))
    .orderBy(messages.createdAt, messages.id)
    .toSQL();
}

/** A report row as readReportRows answers it (the column order of its select). */
export type ReportMessageRow = [
  id: string,
  recipient: string,
  channel: string,
  status: string,
  reason: string | null,
  country: string | null,
  totalSms: number | null,
  templateName: string | null,
  createdAt: string,
  updatedAt: string,
];

/**
 * The keyset position after message `id` (its exact created_at, UTC with microseconds): read once
 * per batch for its last row, rather than a column on every row.
 */
export async function keysetPositionOf(db: Db, id: string): Promise<{ at: string; id: string }> {
  const [row] = await db
    .select({ at: sql<string>`to_char(${messages.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` })
    .from(messages)
    .where(eq(messages.id, id));
  if (!row) throw new Error(`message ${id} vanished while its report was generated`);
  return { at: row.at, id };
}
