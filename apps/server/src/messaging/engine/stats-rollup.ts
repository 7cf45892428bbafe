/**
 * The hourly counters' rollup (ARCHITECTURE.md §6.5 "hot rows off the hot path"). Every accept
 * group and status batch appends its counter changes to message_stats_deltas instead of updating
 * the (application, channel, hour, status) row that all of an application's traffic shares; each
 * worker process folds the deltas into message_stats_hourly every STATS_ROLLUP_MS. Readers of the
 * counters (Overview, Monitoring's totals) add the deltas not yet folded, so they are exact at any
 * moment; the rollup only keeps the deltas table small.
 */
import type { Db } from '../../db/client.ts';
import { foldStatsDeltas } from './stats.repo.ts';

/** How often (ms) a worker process folds the deltas. */
export const STATS_ROLLUP_MS = 1000;

/**
 * Folds the committed deltas into message_stats_hourly (one transaction).
 * @returns the number of deltas folded (a large number: call again soon).
 * @throws what the database throws (the deltas then stay for the next run).
 */
export function rollUpStats(db: Db): Promise<number> {
  return foldStatsDeltas(db);
}
