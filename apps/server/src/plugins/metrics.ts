/**
 * Prometheus metrics (ARCHITECTURE.md §9) at `GET /metrics`, in the text exposition format of
 * prom-client, on the one HTTP port and hidden from the OpenAPI document.
 *
 * One registry per app instance (never prom-client's global registry: tests build several apps in
 * one process), holding:
 * - `http_requests_total{route,method,status_code}` (counter) and
 *   `http_request_duration_seconds{route,method,status_code}` (histogram, seconds): every answered
 *   request; `route` is the route pattern (`/v1/messages/:id`), never the raw URL, and
 *   `unmatched` for a request no route matched (so label values stay bounded);
 * - `messages_accepted_total{channel}` (counter): sends accepted by /v1 (an idempotent replay is
 *   not a new message); every channel starts at 0;
 * - `accept_group_size` (histogram, messages) and `accept_commit_seconds` (histogram, seconds):
 *   each group committed by the group-commit accept of this process (engine/accept-batcher.ts),
 *   its messages and the time from its transaction's start to its commit, fed by `onAcceptGroup`;
 * - `message_status_changes_total{channel,status}` (counter): statuses recorded by recordStatus in
 *   this process (a skipped step it records counts too), fed by `onStatusRecorded`;
 * - `webhook_attempts_total{outcome}` (counter): customer webhook attempts ended in this process,
 *   `succeeded` (2xx) or `failed`, fed by `onWebhookAttempt`;
 * - `webhook_requests{state}` (gauge): this process's customer webhook requests `running` and
 *   `waiting` for a slot of their endpoint in the delivery pool (issue 23), read on each scrape;
 * - `job_queue_depth{queue}` (gauge): jobs waiting (created or retry, not yet active; delayed ones
 *   included) in every queue of `QUEUES`, read from pg-boss on each scrape, and the engine's
 *   table-kept queues (`ENGINE_QUEUES`: messages due for dispatch, sandbox steps due) read from
 *   their tables; a queue whose read fails or times out is left out of that scrape (and logged);
 * - `dispatch_batch_size` and `status_batch_size` (histograms): messages per claimed dispatch batch
 *   and reports per committed status batch in this process (engine/dispatcher.ts,
 *   engine/status-recorder.ts);
 * - `dispatch_lag_seconds` (gauge): age of the oldest message due for dispatch and not claimed,
 *   read on scrape (0 when none);
 * - prom-client's default process metrics (`process_*`, `nodejs_*`). They describe the process, so
 *   they are collected once per process and registered in every app's registry.
 *
 * Who may read it: a loopback caller (socket address 127.0.0.1, ::1 or ::ffff:127.0.0.1, with no
 * forwarding header: `trustProxy` is off, and a request relayed by a reverse proxy on the same
 * machine must not count as local), or any caller with `Authorization: Bearer <METRICS_TOKEN>`.
 * Anyone else gets exactly the answer of an unknown path (404 envelope, or the console page when the
 * SPA is served), so the endpoint's existence is not revealed; a wrong token is answered the same.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type Metric } from 'prom-client';
import { CHANNEL_IDS, type ChannelId } from '@pesan/contracts/channels';
import { FAILURE_STATUSES, LIFECYCLES } from '@pesan/contracts/statuses';
import type { AppContext } from '../context.ts';
import { QUEUES } from '../jobs/registry.ts';
import { onAcceptGroup } from '../messaging/engine/accept-batcher.ts';
import { onStatusBatch, onStatusRecorded } from '../messaging/engine/status-recorder.ts';
import { onDispatchBatch } from '../messaging/engine/dispatcher.ts';
import { dispatchLagSeconds, ENGINE_QUEUES, engineQueueDepth } from '../messaging/engine/backlog.ts';
import { onWebhookAttempt } from '../modules/webhooks/webhook-delivery.ts';
import { withTimeout } from '../lib/timeout.ts';

/** The `route` label of a request no route matched. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Bound of each queue-depth read during a scrape, in milliseconds. */
export const QUEUE_DEPTH_TIMEOUT_MS = 2000;

/** The metrics of one app instance and the registry that exposes them. */
export interface AppMetrics {
  registry: Registry;
  httpRequests: Counter<'route' | 'method' | 'status_code'>;
  /** Seconds from the request's arrival to its answer. */
  httpDuration: Histogram<'route' | 'method' | 'status_code'>;
  messagesAccepted: Counter<'channel'>;
  acceptGroupSize: Histogram;
  acceptCommitSeconds: Histogram;
  statusChanges: Counter<'channel' | 'status'>;
  webhookAttempts: Counter<'outcome'>;
  webhookRequests: Gauge<'state'>;
  queueDepth: Gauge<'queue'>;
  dispatchBatchSize: Histogram;
  statusBatchSize: Histogram;
  dispatchLag: Gauge;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus metrics (plugins/metrics.ts). */
    metrics: AppMetrics;
  }
}

let processMetrics: Metric[] | undefined;
/**
 * prom-client's default metrics, created once per process: each collection starts a GC observer
 * and an event-loop monitor that cannot be stopped, so one per app would leak in tests.
 */
function defaultProcessMetrics(): Metric[] {
  if (!processMetrics) {
    const holder = new Registry();
    collectDefaultMetrics({ register: holder });
    processMetrics = holder.getMetricsAsArray().map((m) => holder.getSingleMetric(m.name)!);
  }
  return processMetrics;
}

/**
 * Creates a fresh registry with the metrics of the file comment. `queueDepth(queue)` returns the
 * number of waiting jobs of one queue (default: none read); `onCollectError` hears a queue whose
 * read failed or timed out during a scrape; `webhookRequests()` the delivery pool's running and
 * waiting requests (default: none read). Counters of every channel (and each status a channel can
 * reach) start at 0, so the series exist before the first event.
 */
export function createMetrics(
  opts: {
    queueDepth?: (queue: string) => Promise<number>;
    dispatchLag?: () => Promise<number>;
    onCollectError?: (queue: string, err: unknown) => void;
    webhookRequests?: () => { running: number; waiting: number };
  } = {},
): AppMetrics {
  const registry = new Registry();
  for (const metric of defaultProcessMetrics()) registry.registerMetric(metric);
  const labelNames = ['route', 'method', 'status_code'] as const;
  const httpRequests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by route pattern, method and status code.', labelNames, registers: [registry] });
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request arrival to answer in seconds, by route pattern, method and status code.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const messagesAccepted = new Counter({ name: 'messages_accepted_total', help: 'Messages accepted by the /v1 API, by channel.', labelNames: ['channel'], registers: [registry] });
  const acceptGroupSize = new Histogram({
    name: 'accept_group_size',
    help: 'Messages per group committed by the group-commit accept of this process.',
    buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
    registers: [registry],
  });
  const acceptCommitSeconds = new Histogram({
    name: 'accept_commit_seconds',
    help: "Seconds from an accept group's transaction start to its commit.",
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const statusChanges = new Counter({
    name: 'message_status_changes_total',
    help: 'Message statuses recorded in this process, by channel and new status.',
    labelNames: ['channel', 'status'],
    registers: [registry],
  });
  const webhookAttempts = new Counter({ name: 'webhook_attempts_total', help: 'Customer webhook attempts ended in this process, by outcome.', labelNames: ['outcome'], registers: [registry] });
  for (const outcome of ['succeeded', 'failed']) webhookAttempts.inc({ outcome }, 0);
  const webhookRequests: Gauge<'state'> = new Gauge({
    name: 'webhook_requests',
    help: "Customer webhook requests of this process's delivery pool, running or waiting for a slot of their endpoint, read on scrape.",
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const now = opts.webhookRequests?.() ?? { running: 0, waiting: 0 };
      webhookRequests.set({ state: 'running' }, now.running);
      webhookRequests.set({ state: 'waiting' }, now.waiting);
    },
  });
  for (const channel of CHANNEL_IDS) {
    messagesAccepted.inc({ channel }, 0);
    for (const status of new Set([...LIFECYCLES[channel].slice(1), ...FAILURE_STATUSES[channel]])) statusChanges.inc({ channel, status }, 0);
  }
  const read = opts.queueDepth;
  const queueDepth: Gauge<'queue'> = new Gauge({
    name: 'job_queue_depth',
    help: 'Jobs waiting in each job queue (created or retry, not yet active), read on scrape.',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      if (!read) return;
      await Promise.all(
        [...Object.values(QUEUES), ...Object.values(ENGINE_QUEUES)].map(async (queue) => {
          try {
            queueDepth.set({ queue }, await withTimeout(() => read(queue), QUEUE_DEPTH_TIMEOUT_MS, `depth of ${queue}`));
          } catch (err) {
            queueDepth.remove({ queue });
            opts.onCollectError?.(queue, err);
          }
        }),
      );
    },
  });
  const batchBuckets = [1, 2, 5, 10, 20, 50, 100, 200, 500];
  const dispatchBatchSize = new Histogram({ name: 'dispatch_batch_size', help: 'Messages per dispatch batch claimed in this process.', buckets: batchBuckets, registers: [registry] });
  const statusBatchSize = new Histogram({ name: 'status_batch_size', help: 'Status reports per batch recorded in this process.', buckets: batchBuckets, registers: [registry] });
  const lag = opts.dispatchLag;
  const dispatchLag: Gauge = new Gauge({
    name: 'dispatch_lag_seconds',
    help: 'Age in seconds of the oldest message due for dispatch and not yet claimed, read on scrape.',
    registers: [registry],
    async collect() {
      if (!lag) return;
      try {
        dispatchLag.set(await withTimeout(lag, QUEUE_DEPTH_TIMEOUT_MS, 'dispatch lag'));
      } catch (err) {
        opts.onCollectError?.('dispatch lag', err);
      }
    },
  });
  return {
    registry,
    httpRequests,
    httpDuration,
    messagesAccepted,
    acceptGroupSize,
    acceptCommitSeconds,
    statusChanges,
    webhookAttempts,
    webhookRequests,
    queueDepth,
    dispatchBatchSize,
    statusBatchSize,
    dispatchLag,
  };
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];
const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/**
 * Whether `request` may read /metrics: a loopback socket address without a forwarding header, or
 * `Authorization: Bearer <token>` equal to `token` (compared in constant time over SHA-256
 * digests, so neither content nor length leaks). `token` undefined = loopback only.
 */
export function mayReadMetrics(request: Pick<FastifyRequest, 'ip' | 'headers'>, token: string | undefined): boolean {
  if (LOOPBACK.has(request.ip) && !FORWARDING_HEADERS.some((h) => request.headers[h] !== undefined)) return true;
  if (!token) return false;
  const match = /^Bearer[ \t]+(.+)$/i.exec(request.headers.authorization ?? '');
  if (!match) return false;
  return timingSafeEqual(sha256(match[1]!.trim()), sha256(token));
}

/**
 * Installs the metrics of `ctx` on `app` (see the file comment): decorates `app.metrics`, counts
 * every answered request (register this before the routes), subscribes to recorded statuses
 * (unsubscribed when the app closes) and serves `GET /metrics`. Returns the metrics.
 */
export function registerMetrics(app: FastifyInstance, ctx: AppContext): AppMetrics {
  const metrics = createMetrics({
    queueDepth: (queue) => ((Object.values(ENGINE_QUEUES) as string[]).includes(queue) ? engineQueueDepth(ctx.database.db, queue, ctx.now()) : ctx.boss.getQueueSize(queue)),
    dispatchLag: () => dispatchLagSeconds(ctx.database.db, ctx.now()),
    onCollectError: (queue, err) => app.log.warn({ err, queue }, 'metrics: queue depth not read'),
    webhookRequests: ctx.services.webhooks.deliveryLoad,
  });
  app.decorate('metrics', metrics);

  app.addHook('onResponse', async (request, reply) => {
    const labels = { route: request.routeOptions.url ?? UNMATCHED_ROUTE, method: request.method, status_code: String(reply.statusCode) };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
  });

  // Runs inside recordStatus after its commit: never let a metrics problem reach the pipeline.
  const unsubscribe = onStatusRecorded((outcome) => {
    try {
      for (const status of outcome.statuses) metrics.statusChanges.inc({ channel: outcome.channel, status });
    } catch (err) {
      app.log.warn({ err }, 'metrics: status change not counted');
    }
  });
  const unsubscribeAttempts = onWebhookAttempt((outcome) => metrics.webhookAttempts.inc({ outcome }));
  const unsubscribeGroups = onAcceptGroup((group) => {
    metrics.acceptGroupSize.observe(group.size);
    metrics.acceptCommitSeconds.observe(group.commitSeconds);
  });
  const unsubscribeStatusBatches = onStatusBatch((size) => metrics.statusBatchSize.observe(size));
  const unsubscribeDispatchBatches = onDispatchBatch((size) => metrics.dispatchBatchSize.observe(size));
  app.addHook('onClose', async () => {
    unsubscribeGroups();
    unsubscribe();
    unsubscribeAttempts();
    unsubscribeStatusBatches();
    unsubscribeDispatchBatches();
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayReadMetrics(request, ctx.config.metricsToken)) return reply.callNotFound();
    const text = await metrics.registry.metrics();
    return reply.header('Cache-Control', 'no-store').type(metrics.registry.contentType).send(text);
  });
  return metrics;
}

/** Counts `count` (default 1) messages accepted on `channel` in `app`'s metrics (no-op on an app without them). */
export function countAcceptedMessage(app: FastifyInstance, channel: ChannelId, count = 1): void {
  if (app.hasDecorator('metrics')) app.metrics.messagesAccepted.inc({ channel }, count);
}
