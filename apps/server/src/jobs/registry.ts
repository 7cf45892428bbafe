/**
 * The job registry (ARCHITECTURE.md §1, §3): every pg-boss queue with its payload schema (zod),
 * its handler and its optional cron schedule. Start-up creates every queue; the worker role
 * registers every handler. Jobs carry ids only, never message bodies.
 */
import type PgBoss from 'pg-boss';
import pLimit from 'p-limit';
import { z } from 'zod';
import { UI_LANGUAGES } from '@pesan/contracts/auth';
import type { AppContext } from '../context.ts';
import { ACCOUNT_MAIL_KINDS } from '../modules/auth/auth.service.ts';
import { DISPATCH_CHANNEL, DISPATCH_WAKE } from '../messaging/engine/dispatcher.ts';
import { DriverError } from '../messaging/drivers/driver.ts';
import { runDueSandboxSteps, SANDBOX_STEP_BATCH, SANDBOX_STEP_RUNNERS, SANDBOX_STEPS } from '../messaging/engine/sandbox-steps.ts';
import { rollUpStats, STATS_ROLLUP_MS } from '../messaging/engine/stats-rollup.ts';
import { onWake } from '../messaging/engine/wake.ts';
import { MAINTENANCE_CRON, STORAGE_CRON, pruneExpiredRecords, runStorageMaintenance } from './maintenance.ts';
import { onStatusRecorded } from '../messaging/engine/status-recorder.ts';
import { startPoller, type Poller } from './poller.ts';
import { errorText } from '../lib/log-safety.ts';

export const QUEUES = {
  /** Expire pending verifications whose time passed and raise their webhook event (every minute; ARCHITECTURE.md §6.4). */
  verifySweep: 'verify-sweep',
  /** Recompute the hourly Verify rollup of what changed (every minute, and once at worker start; ARCHITECTURE.md §6.4). */
  verifyStats: 'verify-stats',
  /** Delete expired security records (every 15 minutes). */
  maintenance: 'maintenance-prune',
  storage: 'storage-maintenance',
  /** Send one attempt of a customer status webhook. */
  webhookDelivery: 'webhook-delivery',
  /** Take status changes missed by the fan-out poller and requeue lost webhook attempts (every minute). */
  webhookSweep: 'webhook-sweep',
  /** Generate the next report file, fairly between organizations (templates-dashboard-reports.md §2.7). */
  reportGenerate: 'report-generate',
  /** Requeue reports whose worker died, fail them after 3 attempts, delete reports older than 30 days (every minute). */
  reportSweep: 'report-sweep',
  /** Review one submitted WhatsApp template: submit it to Meta, or the sandbox reviewer's decision (issue 13). */
  templateReview: 'template-review',
  /** Queue again the reviews of templates left In Review whose job was lost (every minute). */
  templateReviewSweep: 'template-review-sweep',
  /** Look up the address of a reset or verification request and, for an account, issue the token and send the mail (issue 23). */
  accountMail: 'account-mail',
} as const;

/** One queue: name, payload schema, handler, optional cron, and how its worker fetches. */
export interface JobDefinition<T = unknown> {
  name: string;
  data: z.ZodType<T>;
  handler: (ctx: AppContext, data: T) => Promise<void>;
  /** Cron (UTC) when the job runs on a schedule; one job per tick across every process. */
  schedule?: string;
  /** Jobs fetched per poll, how many of them run at once, and seconds between polls. */
  batchSize: number;
  concurrency: number;
  pollingIntervalSeconds: number;
  /**
   * Independent workers of this queue in a process (default 1). pg-boss finishes a whole batch
   * before it fetches again, so a queue whose jobs wait (on carriers, customers' endpoints, a paced
   * slot) runs several small batches side by side: one slow batch never holds up the rest.
   */
  workers?: number;
  /** pg-boss queue options: retries with backoff; a job left active by a dead worker expires. */
  queue: { retryLimit: number; retryDelay: number; retryBackoff: boolean; expireInSeconds: number };
}

/** Declares one queue; the registry holds them with their payload type erased. */
function defineJob<T>(def: JobDefinition<T>): JobDefinition<unknown> {
  return def as unknown as JobDefinition<unknown>;
}

/** Short jobs: retried with backoff; one left active by a dead worker expires after a minute. */
const retrying = { retryLimit: 8, retryDelay: 1, retryBackoff: true, expireInSeconds: 60 };
const none = z.object({}).loose();

/** A sweep run once a minute by one worker across every process, never retried (the next minute's run is the retry). */
const everyMinuteSweep = {
  data: none,
  schedule: '* * * * *',
  batchSize: 1,
  concurrency: 1,
  pollingIntervalSeconds: 30,
  queue: { retryLimit: 0, retryDelay: 0, retryBackoff: false, expireInSeconds: 300 },
};

/** Every queue of the system (ARCHITECTURE.md §3 jobs/registry.ts). */
export const JOBS: JobDefinition<unknown>[] = [
  defineJob({
    name: QUEUES.webhookDelivery,
    data: z.object({ deliveryId: z.uuid() }),
    // A job only hands its attempt to the process's delivery pool (a read), never waits for the
    // customer's endpoint (issue 23): the pool runs the requests, at most 4 per endpoint.
    batchSize: 16,
    concurrency: 8,
    workers: 2,
    pollingIntervalSeconds: 0.5,
    queue: retrying,
    handler: async (ctx, { deliveryId }) => {
      const { sent } = await ctx.services.webhooks.handOverAttempt(deliveryId);
      // A shutdown waits for requests running (drainWorkers), as for running jobs.
      void track(ctx.boss, sent);
    },
  }),
  defineJob({
    name: QUEUES.webhookSweep,
    ...everyMinuteSweep,
    handler: async (ctx) => {
      while ((await ctx.services.webhooks.fanOutStatusEvents()) >= 500);
      await ctx.services.webhooks.requeueStrandedAttempts();
    },
  }),
  defineJob({
    name: QUEUES.reportGenerate,
    data: z.object({ reportId: z.uuid() }),
    // A job is a turn of the report queue: it generates the next report fairly between
    // organizations (at most one per organization at once), not necessarily the one that asked.
    // A report streams up to millions of rows: one at a time per worker, two workers per process.
    // Never retried by pg-boss: a report whose worker dies is taken again by the report sweep.
    batchSize: 1,
    concurrency: 1,
    workers: 2,
    pollingIntervalSeconds: 1,
    queue: { retryLimit: 0, retryDelay: 0, retryBackoff: false, expireInSeconds: 6 * 3600 },
    handler: async (ctx) => {
      await ctx.services.reports.generateNextReport();
    },
  }),
  defineJob({
    name: QUEUES.reportSweep,
    ...everyMinuteSweep,
    handler: async (ctx) => {
      await ctx.services.reports.sweepReports();
    },
  }),
  defineJob({
    name: QUEUES.templateReview,
    data: z.object({ templateId: z.uuid(), submittedAt: z.iso.datetime() }),
    // A Graph call (Cloud API) or a few queries (sandbox reviewer); retried with backoff when Meta
    // cannot be reached.
    batchSize: 4,
    concurrency: 4,
    pollingIntervalSeconds: 0.5,
    queue: retrying,
    handler: async (ctx, job) => {
      await ctx.services.waTemplates.reviewTemplate(job);
    },
  }),
  defineJob({
    name: QUEUES.verifySweep,
    ...everyMinuteSweep,
    handler: async (ctx) => {
      await ctx.services.verify.sweepExpiredVerifications();
    },
  }),
  defineJob({
    name: QUEUES.verifyStats,
    ...everyMinuteSweep,
    handler: async (ctx) => {
      await ctx.services.verifyConsole.rollUpStats();
    },
  }),
  defineJob({
    name: QUEUES.templateReviewSweep,
    ...everyMinuteSweep,
    handler: async (ctx) => {
      await ctx.services.waTemplates.sweepReviews();
    },
  }),
  defineJob({
    name: QUEUES.accountMail,
    // forgot_password and send_verification only count the address and queue this, the same for
    // every address (issue 23). The address and language only, never a token (the job issues it).
    // Two-factor on/off and new-device sign-in notices (§5.1) go the same way; the last carries the device.
    data: z.object({
      kind: z.enum(ACCOUNT_MAIL_KINDS),
      email: z.string().min(1).max(254),
      language: z.enum(UI_LANGUAGES),
      device: z.object({ userAgent: z.string().max(512), ip: z.string().max(100), at: z.string().max(40) }).optional(),
    }),
    batchSize: 4,
    concurrency: 4,
    pollingIntervalSeconds: 0.5,
    queue: retrying,
    handler: async (ctx, job) => {
      await ctx.services.auth.sendAccountMail(job);
    },
  }),
  defineJob({
    name: QUEUES.maintenance,
    data: none,
    schedule: MAINTENANCE_CRON,
    batchSize: 1,
    concurrency: 1,
    pollingIntervalSeconds: 30,
    queue: { retryLimit: 2, retryDelay: 60, retryBackoff: false, expireInSeconds: 600 },
    handler: async (ctx) => {
      await pruneExpiredRecords(ctx, ctx.now());
    },
  }),
  defineJob({
    name: QUEUES.storage,
    data: none,
    schedule: STORAGE_CRON,
    batchSize: 1,
    concurrency: 1,
    pollingIntervalSeconds: 60,
    queue: { retryLimit: 5, retryDelay: 300, retryBackoff: true, expireInSeconds: 3600 },
    handler: (ctx) => runStorageMaintenance(ctx),
  }),
];

const workerIds = new WeakMap<PgBoss, Map<string, string[]>>();
const pollers = new WeakMap<PgBoss, { poller: Poller; unsubscribe: () => void }[]>();
/** What a shutdown stops after the running jobs: this process's webhook requests. */
const stoppers = new WeakMap<PgBoss, () => Promise<void>>();
/** How often (ms) the webhook fan-out looks for status changes when none was recorded in this process. */
const FANOUT_INTERVAL_MS = 500;
/** How often (ms) the dispatcher looks for due messages when nothing woke it. */
const DISPATCH_POLL_MS = 250;
const dispatchers = new WeakMap<PgBoss, { drain(timeoutMs: number): Promise<void> }>();
/** How often (ms) the sandbox carrier looks for due steps at most (sooner when a step is due at once). */
const SANDBOX_STEP_POLL_MS = 100;

/** Wakes this process's worker of `queue` (a job is due now); no-op without one. */
export function wakeQueue(boss: PgBoss, queue: string): void {
  for (const id of workerIds.get(boss)?.get(queue) ?? []) boss.notifyWorker(id);
}

/**
 * Sends a job to `queue` and wakes this process's worker of it, so a due job starts at once.
 * Throws what pg-boss throws.
 */
export async function enqueue(boss: PgBoss, queue: string, data: object): Promise<void> {
  await boss.send(queue, data);
  wakeQueue(boss, queue);
}

/** Queues the delivery job of a webhook attempt (modules/webhooks WebhookDeliveryDeps.enqueueAttempt). */
export function webhookEnqueuer(boss: PgBoss): (deliveryId: string, startAfter?: Date) => Promise<void> {
  return async (deliveryId, startAfter) => {
    if (startAfter && startAfter.getTime() > Date.now()) await boss.send(QUEUES.webhookDelivery, { deliveryId }, { startAfter });
    else await enqueue(boss, QUEUES.webhookDelivery, { deliveryId });
  };
}

/** Queues a turn of the report queue, asked for by a report (modules/reports ReportsDeps.enqueueReport). */
export function reportEnqueuer(boss: PgBoss): (reportId: string) => Promise<void> {
  return (reportId) => enqueue(boss, QUEUES.reportGenerate, { reportId });
}

/** Queues the review job of a submitted template (modules/wa-templates ReviewDeps.enqueueReview): due now, or at `startAfter`. */
export function templateReviewEnqueuer(boss: PgBoss): (job: { templateId: string; submittedAt: string }, startAfter?: Date) => Promise<void> {
  return async (job, startAfter) => {
    if (startAfter && startAfter.getTime() > Date.now()) await boss.send(QUEUES.templateReview, job, { startAfter });
    else await enqueue(boss, QUEUES.templateReview, job);
  };
}

/**
 * Whether a `template-review` job for this submission is still queued, waiting for a retry or
 * running (modules/wa-templates ReviewDeps.reviewJobPending): read from pg-boss's job table.
 */
export function templateReviewPending(boss: PgBoss): (job: { templateId: string; submittedAt: string }) => Promise<boolean> {
  return async (job) => {
    const res = await boss
      .getDb()
      .executeSql(`select 1 from pgboss.job where name = $1 and state < 'completed' and data->>'templateId' = $2 and data->>'submittedAt' = $3 limit 1`, [
        QUEUES.templateReview,
        job.templateId,
        job.submittedAt,
      ]);
    return res.rows.length > 0;
  };
}

/** Creates every queue of JOBS (idempotent): what any role needs before sending jobs. */
export async function createQueues(boss: PgBoss): Promise<void> {
  for (const job of JOBS) await boss.createQueue(job.name, { name: job.name, ...job.queue });
}

/**
 * Registers every handler of JOBS on ctx.boss (worker role) and their schedules. A batch's jobs run
 * `concurrency` at a time (the database pool is shared with the API); a failing job is failed alone
 * (retried with backoff), the others complete. A job
 * whose data does not match its schema fails without retry.
 */
export async function registerWorkers(ctx: AppContext): Promise<void> {
  const ids = new Map<string, string[]>();
  workerIds.set(ctx.boss, ids);
  for (const def of JOBS) {
    if (def.schedule) await ctx.boss.schedule(def.name, def.schedule, {}, { tz: 'UTC' });
    const handleBatch = async (jobs: PgBoss.Job<unknown>[]) => {
      const limit = pLimit(def.concurrency);
      await Promise.all(
        jobs.map((job) => limit(async () => {
          const parsed = def.data.safeParse(job.data);
          if (!parsed.success) {
            // Never retried: the same data would fail the same way. Completed with the batch.
            console.error(`[jobs] ${def.name} ${job.id} dropped: invalid data (${parsed.error.issues[0]?.message ?? 'schema'})`);
            return;
          }
          try {
            await track(ctx.boss, def.handler(ctx, parsed.data));
          } catch (err) {
            const message = err instanceof DriverError ? `${err.code}: ${err.reason}` : err instanceof Error ? err.message : String(err);
            await ctx.boss.fail(def.name, job.id, { message });
          }
        })),
      );
    };
    const queueIds: string[] = [];
    for (let i = 0; i < (def.workers ?? 1); i++) {
      queueIds.push(await ctx.boss.work<unknown>(def.name, { batchSize: def.batchSize, pollingIntervalSeconds: def.pollingIntervalSeconds }, handleBatch));
    }
    ids.set(def.name, queueIds);
  }
  // Status changes become webhook events within moments: polled, and woken by this process's own.
  const poller = startPoller('webhook-fanout', async () => (await ctx.services.webhooks.fanOutStatusEvents()) >= 500, FANOUT_INTERVAL_MS);
  stoppers.set(ctx.boss, () => ctx.services.webhooks.stopDeliveries(0));
  const db = ctx.database.db;
  const sandboxDeps = { db, now: ctx.now, delayMs: ctx.config.sandboxDelayMs };
  // The sandbox carrier's due steps, claimed in batches from their table (engine/sandbox-steps.ts).
  // Several at once: each claims its own steps (SKIP LOCKED), and a batch's round trips overlap another's.
  const stepPollMs = Math.min(SANDBOX_STEP_POLL_MS, Math.max(10, ctx.config.sandboxDelayMs));
  const steps = Array.from({ length: SANDBOX_STEP_RUNNERS }, (_, i) => startPoller(`sandbox-steps-${i}`, async () => (await runDueSandboxSteps(sandboxDeps)) >= SANDBOX_STEP_BATCH, stepPollMs));
  // Dispatch from the table (engine/dispatcher.ts): polled (also what recovers messages a previous
  // process left), woken by this process's accepts and, on PostgreSQL, by other processes' NOTIFY.
  const dispatcher = ctx.services.dispatch.dispatcher;
  const dispatch = startPoller('dispatch', () => dispatcher.fill(), DISPATCH_POLL_MS);
  const unlisten = (await ctx.database.listen?.(DISPATCH_CHANNEL, () => dispatch.wake())) ?? (async () => {});
  const stopListening = onWake(db, DISPATCH_WAKE, () => dispatch.wake());
  dispatchers.set(ctx.boss, dispatcher);
  pollers.set(ctx.boss, [
    {
      poller: dispatch,
      unsubscribe: () => {
        stopListening();
        void unlisten();
      },
    },
    { poller, unsubscribe: onStatusRecorded(() => poller.wake()) },
    // The hourly counters' deltas, folded every second (engine/stats-rollup.ts).
    { poller: startPoller('stats-rollup', async () => (await rollUpStats(db)) >= 50_000, STATS_ROLLUP_MS), unsubscribe: () => {} },
    ...steps.map((poller, i) => ({ poller, unsubscribe: i === 0 ? onWake(db, SANDBOX_STEPS, () => steps.forEach((p) => p.wake())) : () => {} })),
  ]);
  // The Verify rollup once at start (then every minute by its job), in the background; a shutdown waits for it.
  void track(
    ctx.boss,
    ctx.services.verifyConsole.rollUpStats().catch((err: unknown) => console.error(`[jobs] verify-stats at start failed (retried every minute): ${errorText(err)}`)),
  );
  // Open what the drivers keep (the SMPP bind, so receipts arrive), in the background.
  await ctx.services.drivers.start();
}

const inflight = new WeakMap<PgBoss, Set<Promise<unknown>>>();
function track<T>(boss: PgBoss, p: Promise<T>): Promise<T> {
  let set = inflight.get(boss);
  if (!set) inflight.set(boss, (set = new Set()));
  const s = set;
  s.add(p);
  p.finally(() => s.delete(p)).catch(() => {});
  return p;
}

/**
 * Stops this process's workers from fetching and waits (at most `timeoutMs`) for the jobs they
 * are running, so a shutdown never closes the database under a running job. Jobs not started stay
 * queued for the next process.
 */
export async function drainWorkers(boss: PgBoss, timeoutMs = 3000): Promise<void> {
  const ids = workerIds.get(boss);
  if (!ids) return;
  workerIds.delete(boss);
  for (const p of pollers.get(boss) ?? []) {
    p.unsubscribe();
    await p.poller.stop();
  }
  pollers.delete(boss);
  for (const name of ids.keys()) await boss.offWork(name);
  const set = inflight.get(boss);
  const until = Date.now() + timeoutMs;
  await dispatchers.get(boss)?.drain(timeoutMs);
  dispatchers.delete(boss);
  while (set?.size && Date.now() < until) await Promise.race([Promise.allSettled(set), new Promise((r) => setTimeout(r, 100))]);
  // Webhook requests still running (an endpoint that hangs) are cut short: their attempts stay pending.
  await stoppers.get(boss)?.();
  stoppers.delete(boss);
  // Let pg-boss record the completion of what just finished.
  await new Promise((r) => setTimeout(r, 50));
}
