/**
 * Storage that stays bounded (ARCHITECTURE.md §9, issue 25): monthly partitions of messages,
 * message_events and status_outbox made ahead of time and dropped whole after RETENTION_DAYS, and
 * the hourly rollups and webhook events older than the retention deleted with them (the console
 * refuses ranges before the retention anyway: lib/retention.ts).
 *
 * - ensureCurrent: this month and the next for every partitioned table; main.ts awaits it before the
 *   port opens (a send into a month without a partition would fail).
 * - runMaintenance: this month and the three after it, then the drops; at start-up in the background
 *   and daily (jobs/registry.ts). Every step is idempotent, so a restart in the middle leaves no gap:
 *   the next run (or the next start's ensureCurrent) completes it.
 */
import type { Db } from '../../db/client.ts';
import { addMonths, dropPartition, ensureMonthPartition, listPartitions, PARTITIONED_TABLES, type PartitionedTable, type PartitionInfo } from '../../db/partitions.ts';
import { retentionStart } from '../../lib/retention.ts';
import { deleteRollupsBefore, deleteWebhookEventsBefore } from './storage.repo.ts';

/** Months made ahead of the current one. */
export const MONTHS_AHEAD = 3;

const DAY_MS = 86_400_000;
const TABLES = Object.keys(PARTITIONED_TABLES) as PartitionedTable[];

/** What one maintenance run did. */
export interface MaintenanceResult {
  /** Partitions that exist now for this month and the MONTHS_AHEAD after it (made or found). */
  ensuredMonths: string[];
  /** Partitions dropped (table.name). */
  dropped: string[];
  /** Rows deleted from the plain tables kept for the retention. */
  deleted: Record<string, number>;
}

/** The operator's view of the partitions (`npm run admin -- storage`). */
export interface StorageReport {
  retentionDays: number;
  /** The first instant still kept (lib/retention.ts). */
  keptFrom: Date;
  partitions: (PartitionInfo & { dropsOn: Date | null })[];
  /** When the oldest partition that is kept now will be dropped (its end + RETENTION_DAYS), or null. */
  nextDropOn: Date | null;
}

/**
 * The day a partition ending at `to` is dropped: the first day retentionStart passes it (to +
 * retentionDays days, then the daily run), or null for a partition unbounded above.
 */
export function dropDate(to: Date | null, retentionDays: number): Date | null {
  return to ? new Date(to.getTime() + retentionDays * DAY_MS) : null;
}

/**
 * The storage service on `deps`. `retentionDays` is RETENTION_DAYS (at least 31: config.ts);
 * `now` the clock; `pruneAudit(now)` deletes audit entries past their own retention (400 days,
 * modules/audit pruneAuditLog) and answers how many, counted as `deleted.audit_log`.
 */
export function createStorageService(deps: { db: Db; now: () => Date; retentionDays: number; pruneAudit?: (now: Date) => Promise<number> }) {
  const ensureMonths = async (from: Date, months: number): Promise<string[]> => {
    const done: string[] = [];
    for (let i = 0; i < months; i++) {
      const month = addMonths(from, i);
      for (const table of TABLES) await ensureMonthPartition(deps.db, table, month);
      done.push(month.toISOString().slice(0, 7));
    }
    return done;
  };

  return {
    /**
     * Makes sure this month and the next have their partitions in every partitioned table (before
     * the port opens). Returns the partitions it had to make (empty when all were there).
     */
    async ensureCurrent(): Promise<string[]> {
      const before = new Set((await listPartitions(deps.db)).map((p) => p.name));
      await ensureMonths(deps.now(), 2);
      return (await listPartitions(deps.db)).map((p) => p.name).filter((n) => !before.has(n));
    },

    /**
     * Makes this month and the MONTHS_AHEAD after it, drops every partition whose whole range ends
     * on or before the retention start (whatever its name), and deletes rollups and webhook events
     * before it, and the audit entries past theirs (`pruneAudit`). Never drops a partition unbounded
     * above, nor the current month (retention ≥ 31 days).
     */
    async runMaintenance(): Promise<MaintenanceResult> {
      const now = deps.now();
      const ensuredMonths = await ensureMonths(now, MONTHS_AHEAD + 1);
      const keptFrom = retentionStart(now, deps.retentionDays);
      const dropped: string[] = [];
      for (const p of await listPartitions(deps.db)) {
        if (!p.to || p.to.getTime() > keptFrom.getTime()) continue;
        await dropPartition(deps.db, p.table, p.name);
        dropped.push(`${p.table}.${p.name}`);
      }
      const deleted: Record<string, number> = { ...(await deleteRollupsBefore(deps.db, keptFrom)), webhook_events: await deleteWebhookEventsBefore(deps.db, keptFrom) };
      if (deps.pruneAudit) deleted.audit_log = await deps.pruneAudit(now);
      return { ensuredMonths, dropped, deleted };
    },

    /** Every partition with its row estimate, size and drop date, and the next drop date. */
    async report(): Promise<StorageReport> {
      const now = deps.now();
      const keptFrom = retentionStart(now, deps.retentionDays);
      const partitions = (await listPartitions(deps.db)).map((p) => ({ ...p, dropsOn: dropDate(p.to, deps.retentionDays) }));
      const upcoming = partitions.filter((p) => p.dropsOn && p.to && p.to.getTime() > keptFrom.getTime()).map((p) => p.dropsOn!.getTime());
      return { retentionDays: deps.retentionDays, keptFrom, partitions, nextDropOn: upcoming.length ? new Date(Math.min(...upcoming)) : null };
    },
  };
}

export type StorageService = ReturnType<typeof createStorageService>;
