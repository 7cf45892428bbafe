/**
 * Audit log table access (SQL only; ARCHITECTURE.md §5.1). Append-only: this file inserts, reads
 * and prunes past the retention; nothing updates a row. Every read is scoped by organization.
 */
import { and, count, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { auditLog } from '../../db/schema/teams.ts';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

/** Appends one entry. */
export async function insertAuditEntry(db: Db, row: NewAuditRow): Promise<void> {
  await db.insert(auditLog).values(row);
}

/** Appends several entries in one statement (nothing when `rows` is empty). */
export async function insertAuditEntries(db: Db, rows: NewAuditRow[]): Promise<void> {
  if (rows.length) await db.insert(auditLog).values(rows);
}

/** What the list and the download filter on: one organization, an instant range, actor and actions. */
export interface AuditFilter {
  organizationId: string;
  /** Inclusive lower bound. */
  from: Date;
  /** Upper bound, exclusive when `toExclusive` (a day range), else inclusive (a date-time). */
  to: Date;
  toExclusive: boolean;
  actorId?: string;
  /** Any of these actions; undefined or empty = every action. */
  actions?: string[];
}

function where(f: AuditFilter): SQL {
  return and(
    eq(auditLog.organizationId, f.organizationId),
    gte(auditLog.at, f.from),
    f.toExclusive ? lt(auditLog.at, f.to) : lte(auditLog.at, f.to),
    f.actorId ? eq(auditLog.actorId, f.actorId) : undefined,
    f.actions?.length ? inArray(auditLog.action, f.actions) : undefined,
  )!;
}

/** One page of entries matching `f`, newest first (ties by id), and the number of all matches. */
export async function listAuditEntries(db: Db, f: AuditFilter, offset: number, limit: number): Promise<{ rows: AuditRow[]; total: number }> {
  const [totalRow] = await db.select({ n: count() }).from(auditLog).where(where(f));
  const total = Number(totalRow?.n ?? 0);
  if (total === 0 || offset >= total) return { rows: [], total };
  const rows = await db.select().from(auditLog).where(where(f)).orderBy(desc(auditLog.at), desc(auditLog.id)).offset(offset).limit(limit);
  return { rows, total };
}

/** An entry of the download: the row with its time as text in the organization's zone ('YYYY-MM-DD HH24:MI:SS'). */
export type AuditExportRow = AuditRow & { localTime: string };

/** Keyset position after an export chunk: the last row's exact `at` (as PostgreSQL prints it) and id. */
export interface AuditCursor {
  at: string;
  id: string;
}

/**
 * The next `limit` entries matching `f` after `cursor` (newest first), with their times written in
 * `timeZone`, and the cursor after them (null when none are left).
 */
export async function exportAuditChunk(
  db: Db,
  f: AuditFilter,
  timeZone: string,
  cursor: AuditCursor | null,
  limit: number,
): Promise<{ rows: AuditExportRow[]; next: AuditCursor | null }> {
  const after = cursor
    ? or(lt(auditLog.at, sql`${cursor.at}::timestamptz`), and(eq(auditLog.at, sql`${cursor.at}::timestamptz`), lt(auditLog.id, cursor.id)))
    : undefined;
  const found = await db
    .select({
      row: auditLog,
      localTime: sql<string>`to_char(${auditLog.at} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`,
      atText: sql<string>`to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(auditLog)
    .where(and(where(f), after))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
  const last = found.at(-1);
  return {
    rows: found.map((r) => ({ ...r.row, localTime: r.localTime })),
    next: found.length === limit && last ? { at: last.atText, id: last.row.id } : null,
  };
}

/**
 * Deletes entries older than `before` (every organization), `chunk` rows per statement so no run
 * holds a long lock. Returns the rows deleted.
 */
export async function deleteAuditEntriesBefore(db: Db, before: Date, chunk = 5_000): Promise<number> {
  let total = 0;
  for (;;) {
    const [r] = await rowsOf<{ n: number }>(
      db,
      sql`with e as (select id from audit_log where at < ${before.toISOString()}::timestamptz limit ${chunk}),
        d as (delete from audit_log where id in (select id from e) returning 1)
        select count(*)::int as n from d`,
    );
    const n = Number(r?.n ?? 0);
    total += n;
    if (n < chunk) return total;
  }
}
