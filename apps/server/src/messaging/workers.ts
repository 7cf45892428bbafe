/**
 * Messaging workers on ctx.boss (ARCHITECTURE.md §6): dispatch and sandbox lifecycle steps, plus a
 * recovery sweep at start and every minute so an accepted message is never lost.
 */
import type PgBoss from 'pg-boss';
import type { AppContext } from '../context.ts';
import { QUEUES } from '../jobs/boss.ts';
import { rememberWorkers, runDispatch, runStep, sweepStalled, type DispatchJob, type StepJob } from './lifecycle.ts';

const SWEEP_EVERY_MS = 60_000;

interface WorkerState {
  inflight: Set<Promise<unknown>>;
  timer: NodeJS.Timeout;
  draining: boolean;
}
const states = new WeakMap<PgBoss, WorkerState>();

/**
 * Registers the dispatch and sandbox-step workers (polling every 0.5 s), runs the start-up sweep
 * (re-enqueues non-final messages without a waiting job) and a periodic sweep for messages idle
 * for more than a minute past their step delay. The timer stops when pg-boss stops or on drain.
 */
export async function registerMessagingWorkers(ctx: AppContext): Promise<void> {
  const { boss } = ctx;
  const timer = setInterval(() => {
    sweepStalled(ctx, { activeCounts: true, olderThanMs: ctx.config.sandboxDelayMs + SWEEP_EVERY_MS, withinMs: 24 * 3600_000 }).catch(() => {});
  }, SWEEP_EVERY_MS);
  timer.unref();
  const state: WorkerState = { inflight: new Set(), timer, draining: false };
  states.set(boss, state);
  boss.once('stopped', () => clearInterval(timer));

  const track = <T>(p: Promise<T>): Promise<T> => {
    state.inflight.add(p);
    p.finally(() => state.inflight.delete(p)).catch(() => {});
    return p;
  };
  const options = { pollingIntervalSeconds: 0.5, batchSize: 20 };
  const dispatch = await boss.work<DispatchJob>(QUEUES.dispatch, options, (jobs: PgBoss.Job<DispatchJob>[]) =>
    track((async () => {
      for (const job of jobs) await runDispatch(ctx, job.data);
    })()),
  );
  const step = await boss.work<StepJob>(QUEUES.sandboxStep, options, (jobs: PgBoss.Job<StepJob>[]) =>
    track((async () => {
      for (const job of jobs) await runStep(ctx, job.data);
    })()),
  );
  rememberWorkers(boss, { dispatch, step });
  await sweepStalled(ctx, { activeCounts: false, olderThanMs: 0 });
}

/**
 * Stops this process's messaging workers from fetching and waits (at most `timeoutMs`) for the
 * jobs they are running, so a shutdown never closes the database under a running step. Jobs not
 * started stay queued for the next process. No-op when no workers were registered on `boss`.
 */
export async function drainMessagingWorkers(boss: PgBoss, timeoutMs = 3000): Promise<void> {
  const state = states.get(boss);
  if (!state || state.draining) return;
  state.draining = true;
  clearInterval(state.timer);
  await boss.offWork(QUEUES.dispatch);
  await boss.offWork(QUEUES.sandboxStep);
  const until = Date.now() + timeoutMs;
  let quietChecks = 0;
  while (Date.now() < until && quietChecks < 2) {
    if (state.inflight.size) {
      quietChecks = 0;
      await Promise.race([Promise.allSettled(state.inflight), new Promise((r) => setTimeout(r, 100))]);
    } else {
      quietChecks += 1;
    }
    // Let pg-boss record the completion of what just finished.
    await new Promise((r) => setTimeout(r, 50));
  }
}
