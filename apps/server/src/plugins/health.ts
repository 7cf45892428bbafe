/**
 * Operational probes (ARCHITECTURE.md §9), on the one HTTP port and hidden from the OpenAPI
 * document (they are not part of the console or messaging API):
 *
 * - `GET /healthz`: the process is up and serving HTTP. Touches nothing else (no database), so a
 *   slow database never gets a healthy process restarted. 200 `{"status":"ok"}`.
 * - `GET /readyz`: the process can do its work: the database answers `select 1` and the job queue
 *   (pg-boss) answers for the dispatch queue. 200 `{"status":"ok","checks":{"database":"ok","queue":"ok"}}`;
 *   otherwise 503 with the error envelope (code `internal_error`), its message naming the failed
 *   checks and one `details` entry per failed check (`path` = check name). Each check is bounded
 *   by a timeout; causes go to the log, never to the caller (they may name internal hosts).
 *
 * Both are open to every caller (load balancers, orchestrators) and answer `Cache-Control: no-store`.
 */
import type { FastifyInstance } from 'fastify';
import type { ErrorDetail } from '@pesan/contracts/errors';
import type { AppContext } from '../context.ts';
import { QUEUES } from '../jobs/registry.ts';
import { TimeoutError, withTimeout } from '../lib/timeout.ts';
import { envelope } from './error-handler.ts';

/** Default bound of each readiness check, in milliseconds. */
export const READY_CHECK_TIMEOUT_MS = 2000;

/** The readiness checks, in the order they are reported. */
export type ReadinessCheckName = 'database' | 'queue';

/** One check's result: `ok`, or the reason shown to the caller and the cause kept for the log. */
export type CheckResult = { ok: true } | { ok: false; reason: string; cause: unknown };

/** Results of one readiness run, by check name. */
export type Readiness = Record<ReadinessCheckName, CheckResult>;

/** pg-boss answered but the queue is not there (start-up did not create it). */
class MissingQueueError extends Error {
  constructor(queue: string) {
    super(`has no ${queue} queue`);
  }
}

/**
 * Runs every readiness check of `ctx` concurrently, each bounded by `timeoutMs`:
 * `database` = `select 1` through `ctx.database.executor`; `queue` = pg-boss reads the dispatch
 * queue (`QUEUES.webhookDelivery`), which must exist. Never throws: a failed, thrown or timed-out check is
 * `{ok: false}` with a caller-safe `reason` (no error text) and the original `cause`.
 */
export async function checkReadiness(ctx: AppContext, timeoutMs = READY_CHECK_TIMEOUT_MS): Promise<Readiness> {
  const run = async (name: ReadinessCheckName, work: () => Promise<void>): Promise<CheckResult> => {
    try {
      await withTimeout(work, timeoutMs, name);
      return { ok: true };
    } catch (cause) {
      const reason = cause instanceof TimeoutError ? `did not answer within ${timeoutMs} ms` : cause instanceof MissingQueueError ? cause.message : 'is not reachable';
      return { ok: false, reason, cause };
    }
  };
  const [database, queue] = await Promise.all([
    run('database', async () => {
      await ctx.database.executor.executeSql('select 1');
    }),
    run('queue', async () => {
      if (!(await ctx.boss.getQueue(QUEUES.webhookDelivery))) throw new MissingQueueError(QUEUES.webhookDelivery);
    }),
  ]);
  return { database, queue };
}

/**
 * Registers `GET /healthz` and `GET /readyz` (see the file comment) on `app`, hidden from the
 * OpenAPI document. Concurrent /readyz calls share one run of the checks, so a burst of probes
 * costs the database one round of queries. `timeoutMs` bounds each check (default 2000 ms).
 */
export function registerHealth(app: FastifyInstance, ctx: AppContext, opts: { timeoutMs?: number } = {}): void {
  const timeoutMs = opts.timeoutMs ?? READY_CHECK_TIMEOUT_MS;
  let running: Promise<Readiness> | null = null;
  const readiness = () => {
    running ??= checkReadiness(ctx, timeoutMs).finally(() => {
      running = null;
    });
    return running;
  };

  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const result = await readiness();
    const failed = (Object.entries(result) as [ReadinessCheckName, CheckResult][]).filter(
      (entry): entry is [ReadinessCheckName, Extract<CheckResult, { ok: false }>] => !entry[1].ok,
    );
    if (failed.length === 0) return { status: 'ok', checks: { database: 'ok', queue: 'ok' } };
    for (const [name, r] of failed) request.log.warn({ err: r.cause, check: name }, `readiness check ${name} failed`);
    const details: ErrorDetail[] = failed.map(([name, r]) => ({ path: name, message: `The ${name === 'queue' ? 'job queue' : name} ${r.reason}` }));
    return reply.status(503).send(envelope('internal_error', `Not ready: ${failed.map(([name]) => name).join(', ')}`, request.id, details));
  });
}
