/**
 * The engine's queues as the metrics see them (ARCHITECTURE.md §6.5, §9): the engine keeps its work
 * in tables, not in job queues, so their depth is read from those tables on each scrape.
 */
import type { Db } from '../../db/client.ts';
import { dispatchLag } from './dispatcher.ts';
import { dueSandboxStepCount } from './sandbox-steps.repo.ts';

/** The engine's queues, named like job queues in `job_queue_depth{queue}`. */
export const ENGINE_QUEUES = {
  /** Accepted messages due for dispatch (not claimed by a live dispatcher). */
  dispatch: 'message-dispatch',
  /** Sandbox carrier steps due now. */
  sandboxSteps: 'sandbox-steps',
} as const;

/** Waiting items of engine queue `queue` at `now`. @throws what the database throws. */
export async function engineQueueDepth(db: Db, queue: string, now: Date): Promise<number> {
  if (queue === ENGINE_QUEUES.sandboxSteps) return dueSandboxStepCount(db, now);
  return (await dispatchLag(db, now)).due;
}

/** Age in seconds of the oldest message due for dispatch at `now` (0 when none): the dispatch lag. */
export async function dispatchLagSeconds(db: Db, now: Date): Promise<number> {
  return (await dispatchLag(db, now)).oldestAgeMs / 1000;
}
