/**
 * Messaging workers on ctx.boss (ARCHITECTURE.md §6): dispatch and sandbox lifecycle steps, plus a
 * recovery sweep at start and every minute so an accepted message is never lost.
 */
import type PgBoss from 'pg-boss';
import type { AppContext } from '../context.ts';
import { QUEUES } from '../jobs/boss.ts';
import { rememberWorkers, runDispatch, runStep, sweepStalled, type DispatchJob, type StepJob } from './lifecycle.ts';

const SWEEP_EVERY_MS = 60_000;

/**
 * Registers the dispatch and sandbox-step workers (polling every 0.5 s), runs the start-up sweep
 * (re-enqueues non-final messages without a waiting job) and a periodic sweep for messages idle
 * for more than a minute past their step delay. The timer stops when pg-boss stops.
 */
export async function registerMessagingWorkers(ctx: AppContext): Promise<void> {
  const { boss } = ctx;
  const options = { pollingIntervalSeconds: 0.5, batchSize: 20 };
  const dispatch = await boss.work<DispatchJob>(QUEUES.dispatch, options, async (jobs: PgBoss.Job<DispatchJob>[]) => {
    for (const job of jobs) await runDispatch(ctx, job.data);
  });
  const step = await boss.work<StepJob>(QUEUES.sandboxStep, options, async (jobs: PgBoss.Job<StepJob>[]) => {
    for (const job of jobs) await runStep(ctx, job.data);
  });
  rememberWorkers(boss, { dispatch, step });

  await sweepStalled(ctx, { activeCounts: false, olderThanMs: 0 });
  const timer = setInterval(() => {
    sweepStalled(ctx, { activeCounts: true, olderThanMs: ctx.config.sandboxDelayMs + SWEEP_EVERY_MS, withinMs: 24 * 3600_000 }).catch(() => {});
  }, SWEEP_EVERY_MS);
  timer.unref();
  boss.once('stopped', () => clearInterval(timer));
}
