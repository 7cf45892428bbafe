/**
 * SQL of the monthly partitions (ARCHITECTURE.md §9, migration 0018): which tables are partitioned,
 * making a month's partition, listing partitions with their bounds, row estimates and sizes, and
 * dropping one. The rules (how far ahead, what retention drops) are in modules/storage.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { rowsOf } from './rows.ts';

/** The range-partitioned tables and the column each is partitioned by (months, UTC). */
export const PARTITIONED_TABLES = {
  messages: 'created_at',
  message_events: 'message_created_at',
  status_outbox: 'created_at',
} as const;

export type PartitionedTable = keyof typeof PARTITIONED_TABLES;

/** First instant (UTC) of the month holding `at`. */
export function monthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

/** First instant (UTC) of the month `n` months after the one holding `at` (n may be negative). */
export function addMonths(at: Date, n: number): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + n, 1));
}

/**
 * Makes sure a partition of `table` covers the UTC month holding `at` (pesan_month_partition:
 * created as `<table>_pYYYYMM` and attached, which never blocks reads and writes of the other
 * months; a month another partition covers is left alone). Waits at most `lockTimeoutMs` for the
 * parent's lock (a long report export holding it): then throws (SQLSTATE 55P03) and changes nothing.
 */
export async function ensureMonthPartition(db: Db, table: PartitionedTable, at: Date, lockTimeoutMs = 5_000): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local lock_timeout = ${Math.max(1, Math.floor(lockTimeoutMs))}`));
    await tx.execute(sql`select pesan_month_partition(${table}, ${monthStart(at).toISOString()}::timestamptz)`);
  });
}

/**
 * Makes sure every partitioned table has a partition for each UTC month from the one holding `from`
 * to the one holding `to` (inclusive). What seeds, fixtures and restores that write past months call.
 */
export async function ensurePartitionsBetween(db: Db, from: Date, to: Date): Promise<void> {
  for (let m = monthStart(from); m.getTime() <= to.getTime(); m = addMonths(m, 1)) {
    for (const table of Object.keys(PARTITIONED_TABLES) as PartitionedTable[]) await ensureMonthPartition(db, table, m);
  }
}

/** One partition of a partitioned table: its bounds (null for MINVALUE/MAXVALUE/DEFAULT), row estimate and size. */
export interface PartitionInfo {
  table: PartitionedTable;
  name: string;
  /** Inclusive lower bound, or null when unbounded below (MINVALUE, a DEFAULT partition). */
  from: Date | null;
  /** Exclusive upper bound, or null when unbounded above (MAXVALUE, a DEFAULT partition). */
  to: Date | null;
  /** pg_class.reltuples (-1 = never analyzed: shown as unknown). */
  rowEstimate: number;
  /** Table, indexes and TOAST, in bytes. */
  bytes: number;
}

/**
 * Every partition of every partitioned table, oldest first per table, whatever its name (an operator
 * may attach a restored month under another name). Bounds are read from the catalog.
 */
export async function listPartitions(db: Db): Promise<PartitionInfo[]> {
  const tables = Object.keys(PARTITIONED_TABLES);
  const rows = await rowsOf<{ parent: string; name: string; bound: string; reltuples: number; bytes: string | number }>(
    db,
    sql`select p.relname as parent, c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound, c.reltuples::float8 as reltuples,
          pg_total_relation_size(c.oid) as bytes
        from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
        join pg_namespace n on n.oid = p.relnamespace
        where n.nspname = current_schema() and p.relname in (${sql.join(tables.map((t) => sql`${t}`), sql`, `)})`,
  );
  return rows
    .map((r) => {
      const { from, to } = parseRangeBound(r.bound);
      return { table: r.parent as PartitionedTable, name: r.name, from, to, rowEstimate: Number(r.reltuples), bytes: Number(r.bytes) };
    })
    .sort((a, b) => (a.table === b.table ? (a.from?.getTime() ?? -Infinity) - (b.from?.getTime() ?? -Infinity) : a.table < b.table ? -1 : 1));
}

/**
 * Parses `FOR VALUES FROM ('2026-11-01 00:00:00+00') TO ('2026-12-01 00:00:00+00')` (pg_get_expr of
 * a range bound): MINVALUE/MAXVALUE and DEFAULT give null ends.
 */
export function parseRangeBound(bound: string): { from: Date | null; to: Date | null } {
  const m = /FROM \((.+?)\) TO \((.+?)\)/.exec(bound);
  if (!m) return { from: null, to: null };
  const at = (v: string): Date | null => {
    const s = /^'(.*)'$/.exec(v.trim());
    if (!s) return null;
    const d = new Date(s[1]!.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
    return Number.isNaN(d.getTime()) ? null : d;
  };
  return { from: at(m[1]!), to: at(m[2]!) };
}

/** Drops partition `name` of `table` (its rows go with it), waiting at most `lockTimeoutMs` for locks. */
export async function dropPartition(db: Db, table: PartitionedTable, name: string, lockTimeoutMs = 5_000): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local lock_timeout = ${Math.max(1, Math.floor(lockTimeoutMs))}`));
    // Detach first (a check that it is still a partition of `table`), then drop the now plain table.
    await tx.execute(sql`alter table ${sql.identifier(table)} detach partition ${sql.identifier(name)}`);
    await tx.execute(sql`drop table ${sql.identifier(name)}`);
  });
}
