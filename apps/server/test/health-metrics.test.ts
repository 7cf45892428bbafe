/**
 * Health and metrics (ARCHITECTURE.md §9; issue 7 item 6): /healthz (process up, no database),
 * /readyz (database and job queue, each bounded by a timeout; 503 envelope naming what failed),
 * /metrics (Prometheus text from a per-app registry: requests by route pattern, accepted sends,
 * recorded statuses, queue depth, process metrics; loopback or METRICS_TOKEN bearer only, anyone
 * else gets the unknown-path answer). None of them is in the OpenAPI document.
 */
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { buildApp } from '../src/app.ts';
import type { AppContext } from '../src/context.ts';
import { openPglite, openPostgres, type Database } from '../src/db/client.ts';
import { QUEUES } from '../src/jobs/registry.ts';
import { recordStatus } from '../src/messaging/engine/status-recorder.ts';
import { ENGINE_QUEUES } from '../src/messaging/engine/backlog.ts';
import { checkReadiness } from '../src/plugins/health.ts';
import { UNMATCHED_ROUTE } from '../src/plugins/metrics.ts';
import { createTestApp, freshPostgresDatabase, testDbKind, type TestApp } from './harness.ts';
import { createAppWithToken, v1Get, v1Post, waitForStatus, type AppWithTokens } from './v1-helper.ts';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';
const REMOTE = '203.0.113.7';
const SMS = { to: '081234567890', text: 'Your order has shipped' };

/** One sample line of the text exposition format. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses the sample lines of a Prometheus text exposition (comments skipped). */
function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

/** The samples of `name` whose labels include `labels`. */
function find(samples: Sample[], name: string, labels: Record<string, string> = {}): Sample[] {
  return samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
}

async function scrape(t: TestApp): Promise<Sample[]> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode, res.body).toBe(200);
  return parseMetrics(res.body);
}

/** Scrapes until `name{labels}` reaches at least `min` (statuses are counted right after they commit). */
async function waitForSample(t: TestApp, name: string, labels: Record<string, string>, min: number, timeoutMs = 10_000): Promise<number> {
  const until = Date.now() + timeoutMs;
  let value = 0;
  do {
    value = find(await scrape(t), name, labels)[0]?.value ?? 0;
    if (value >= min) return value;
    await new Promise((r) => setTimeout(r, 100));
  } while (Date.now() < until);
  throw new Error(`${name}${JSON.stringify(labels)} stayed at ${value}, expected at least ${min}`);
}

/** A database opened and closed again: every call on it fails, as on a database that went away. */
async function closedDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  if (testDbKind() === 'postgres') {
    const fresh = await freshPostgresDatabase();
    const database = await openPostgres(fresh.url);
    await database.close();
    return { database, drop: fresh.drop };
  }
  const database = await openPglite();
  await database.close();
  return { database, drop: async () => {} };
}

describe('health and metrics', () => {
  /** With workers (the sandbox moves messages) and a METRICS_TOKEN. */
  let t: TestApp;
  /** Without workers: jobs stay queued; other apps are built on its context. */
  let idle: TestApp;
  let a: AppWithTokens;

  beforeAll(async () => {
    [t, idle] = await Promise.all([createTestApp({ env: { METRICS_TOKEN } }), createTestApp({ workers: false })]);
    a = await createAppWithToken(t, { channels: ['sms'] });
  });
  afterAll(async () => {
    await Promise.all([t?.close(), idle?.close()]);
  });

  describe('/healthz and /readyz', () => {
    it('/healthz answers 200 without touching the database', async () => {
      const broken = await buildApp(
        { ...idle.ctx, database: { ...idle.ctx.database, executor: { ...idle.ctx.database.executor, executeSql: () => Promise.reject(new Error('down')) } } },
        { logger: false, serveWeb: false },
      );
      try {
        for (const app of [t.app, broken]) {
          const res = await app.inject({ method: 'GET', url: '/healthz' });
          expect(res.statusCode).toBe(200);
          expect(res.json()).toEqual({ status: 'ok' });
          expect(res.headers['cache-control']).toBe('no-store');
        }
      } finally {
        await broken.close();
      }
    });

    it('/readyz answers 200 when the database and the job queue answer', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', checks: { database: 'ok', queue: 'ok' } });
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('/readyz answers 503 naming the database when its executor throws, without the cause', async () => {
      const ctx: AppContext = {
        ...idle.ctx,
        database: { ...idle.ctx.database, executor: { ...idle.ctx.database.executor, executeSql: () => Promise.reject(new Error('connect ECONNREFUSED 10.9.8.7:5432')) } },
      };
      const app = await buildApp(ctx, { logger: false, serveWeb: false });
      try {
        const res = await app.inject({ method: 'GET', url: '/readyz' });
        expect(res.statusCode).toBe(503);
        const body = res.json();
        expect(body.error).toMatchObject({ code: 'internal_error', message: 'Not ready: database', request_id: res.headers['x-request-id'] });
        expect(body.error.details).toEqual([{ path: 'database', message: 'The database is not reachable' }]);
        expect(res.body).not.toContain('10.9.8.7');
      } finally {
        await app.close();
      }
    });

    it('/readyz answers 503 naming the database when the database is closed', async () => {
      const dead = await closedDatabase();
      const app = await buildApp({ ...idle.ctx, database: dead.database }, { logger: false, serveWeb: false });
      try {
        const res = await app.inject({ method: 'GET', url: '/readyz' });
        expect(res.statusCode).toBe(503);
        expect(res.json().error.message).toBe('Not ready: database');
        expect(res.json().error.details.map((d: { path: string }) => d.path)).toEqual(['database']);
      } finally {
        await app.close();
        await dead.drop();
      }
    });

    it('bounds each check by its timeout and names a missing or unreachable queue', async () => {
      const hanging: AppContext = { ...idle.ctx, database: { ...idle.ctx.database, executor: { ...idle.ctx.database.executor, executeSql: () => new Promise(() => {}) } } };
      const started = Date.now();
      const slow = await checkReadiness(hanging, 100);
      expect(Date.now() - started).toBeLessThan(1500);
      expect(slow.database).toMatchObject({ ok: false, reason: 'did not answer within 100 ms' });
      expect(slow.queue).toEqual({ ok: true });

      const noQueue = await checkReadiness({ ...idle.ctx, boss: { getQueue: async () => null } as unknown as PgBoss }, 100);
      expect(noQueue.database).toEqual({ ok: true });
      expect(noQueue.queue).toMatchObject({ ok: false, reason: `has no ${QUEUES.webhookDelivery} queue` });

      const app = await buildApp({ ...idle.ctx, boss: { getQueue: () => Promise.reject(new Error('boss down')) } as unknown as PgBoss }, { logger: false, serveWeb: false });
      try {
        const res = await app.inject({ method: 'GET', url: '/readyz' });
        expect(res.statusCode).toBe(503);
        expect(res.json().error).toMatchObject({ message: 'Not ready: queue', details: [{ path: 'queue', message: 'The job queue is not reachable' }] });
      } finally {
        await app.close();
      }
    });
  });

  describe('/metrics', () => {
    it('counts requests by route pattern, method and status, never by raw URL', async () => {
      await t.app.inject({ method: 'GET', url: '/api/health' });
      const missing = '/v1/messages/00000000-0000-4000-8000-0000000000aa';
      expect((await v1Get(t, missing.split('/').pop()!, a.tokens.sms.accessToken)).statusCode).toBe(404);
      await t.app.inject({ method: 'GET', url: '/no/such/path/x1y2z3' });

      const res = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.headers['cache-control']).toBe('no-store');
      const samples = parseMetrics(res.body);
      expect(find(samples, 'http_requests_total', { route: '/api/health', method: 'GET', status_code: '200' })[0]?.value).toBeGreaterThanOrEqual(1);
      expect(find(samples, 'http_requests_total', { route: '/v1/messages/:id', method: 'GET', status_code: '404' })[0]?.value).toBeGreaterThanOrEqual(1);
      expect(find(samples, 'http_requests_total', { route: UNMATCHED_ROUTE, method: 'GET', status_code: '404' })[0]?.value).toBeGreaterThanOrEqual(1);
      expect(find(samples, 'http_request_duration_seconds_count', { route: '/api/health', method: 'GET', status_code: '200' })[0]?.value).toBeGreaterThanOrEqual(1);
      expect(find(samples, 'http_request_duration_seconds_bucket', { route: '/api/health', le: '+Inf' })).toHaveLength(1);
      expect(res.body).not.toContain('x1y2z3');
      expect(res.body).not.toContain('0000000000aa');
      // prom-client's default process metrics share the registry.
      expect(find(samples, 'process_cpu_user_seconds_total')).toHaveLength(1);
      expect(find(samples, 'nodejs_heap_size_total_bytes')).toHaveLength(1);
    });

    it('counts accepted sends by channel (a replay is not a new message) and the statuses the workers record', async () => {
      const before = find(await scrape(t), 'messages_accepted_total', { channel: 'sms' })[0]?.value;
      expect(before).toBeDefined();
      const headers = { 'idempotency-key': 'metrics-order-1' };
      const sent = await v1Post(t, '/sms/messages', a.tokens.sms.accessToken, SMS, headers);
      expect(sent.statusCode, sent.body).toBe(202);
      const replay = await v1Post(t, '/sms/messages', a.tokens.sms.accessToken, SMS, headers);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      const after = await scrape(t);
      expect(find(after, 'messages_accepted_total', { channel: 'sms' })[0]?.value).toBe(before! + 1);
      expect(find(after, 'messages_accepted_total', { channel: 'email' })[0]?.value).toBe(0);

      await waitForStatus(t, sent.json().id, a.tokens.sms.accessToken, 'delivered');
      for (const status of ['in_queue', 'sent', 'delivered']) {
        expect(await waitForSample(t, 'message_status_changes_total', { channel: 'sms', status }, 1)).toBeGreaterThanOrEqual(1);
      }
    });

    it('reports the size and commit time of the accept groups', async () => {
      const count = async (name: string) => find(await scrape(t), name)[0]?.value ?? 0;
      const groupsBefore = await count('accept_group_size_count');
      const messagesBefore = await count('accept_group_size_sum');
      const res = await v1Post(t, '/sms/messages/batch', a.tokens.sms.accessToken, { messages: [SMS, SMS, SMS] });
      expect(res.statusCode, res.body).toBe(202);
      expect(await count('accept_group_size_count')).toBe(groupsBefore + 1);
      expect(await count('accept_group_size_sum')).toBe(messagesBefore + 3);
      expect(await count('accept_commit_seconds_count')).toBeGreaterThanOrEqual(groupsBefore + 1);
      expect(await count('accept_commit_seconds_sum')).toBeGreaterThan(0);
    });

    it('reports the depth of every job queue, read on scrape', async () => {
      const samples = await scrape(t);
      for (const queue of [...Object.values(QUEUES), ...Object.values(ENGINE_QUEUES)]) expect(find(samples, 'job_queue_depth', { queue }), queue).toHaveLength(1);

      // Without workers a sent message stays due for dispatch in its table, and ages.
      const b = await createAppWithToken(idle, { channels: ['sms'] });
      const depth = async () => find(await scrape(idle), 'job_queue_depth', { queue: ENGINE_QUEUES.dispatch })[0]!.value;
      const start = await depth();
      expect((await v1Post(idle, '/sms/messages', b.tokens.sms.accessToken, SMS)).statusCode).toBe(202);
      expect(await depth()).toBe(start + 1);
      await new Promise((r) => setTimeout(r, 1100));
      expect(find(await scrape(idle), 'dispatch_lag_seconds', {})[0]!.value).toBeGreaterThanOrEqual(1);
    });

    it('observes the size of each dispatch batch and status batch of the workers', async () => {
      const b = await createAppWithToken(t, { channels: ['sms'] });
      const sends = await Promise.all(Array.from({ length: 5 }, () => v1Post(t, '/sms/messages', b.tokens.sms.accessToken, SMS)));
      expect(sends.every((r) => r.statusCode === 202)).toBe(true);
      expect(await waitForSample(t, 'dispatch_batch_size_count', {}, 1)).toBeGreaterThanOrEqual(1);
      expect(await waitForSample(t, 'status_batch_size_count', {}, 1)).toBeGreaterThanOrEqual(1);
      expect(await waitForSample(t, 'dispatch_batch_size_sum', {}, 5)).toBeGreaterThanOrEqual(5);
    });

    it('keeps one registry per app and stops counting statuses once an app is closed', async () => {
      const b = await createAppWithToken(idle, { channels: ['sms'] });
      const sent = await v1Post(idle, '/sms/messages', b.tokens.sms.accessToken, SMS);
      expect(sent.statusCode).toBe(202);
      const other = await buildApp(idle.ctx, { logger: false, serveWeb: false });
      await other.close();
      const count = (app: typeof other) => app.metrics.statusChanges.get();
      const value = async (app: typeof other) =>
        (await count(app)).values.find((v) => v.labels.channel === 'sms' && v.labels.status === 'in_queue')?.value ?? 0;
      const [idleBefore, otherBefore] = [await value(idle.app), await value(other)];

      const outcome = await recordStatus(idle.ctx.database.db, { messageId: sent.json().id, status: 'in_queue', at: new Date() });
      expect(outcome.outcome).toBe('recorded');
      expect(await value(idle.app)).toBe(idleBefore + 1);
      expect(await value(other)).toBe(otherBefore);
      expect(other.metrics.registry).not.toBe(idle.app.metrics.registry);
    });

    it('answers other callers than loopback only with the METRICS_TOKEN bearer, else as an unknown path', async () => {
      const unknown = await t.app.inject({ method: 'GET', url: '/metrics-nope', remoteAddress: REMOTE });
      const asUnknown = (res: { statusCode: number; body: string; headers: Record<string, unknown> }) => {
        expect(res.statusCode).toBe(unknown.statusCode);
        expect(res.headers['content-type']).toBe(unknown.headers['content-type']);
        const error = JSON.parse(res.body).error;
        expect(error.code).toBe('not_found');
        expect(error.message).toBe('No route GET /metrics');
        expect(res.body).not.toContain('http_requests_total');
      };
      expect(unknown.statusCode).toBe(404);

      asUnknown(await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: REMOTE }));
      asUnknown(await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: REMOTE, headers: { authorization: 'Bearer wrong-token-wrong-token-000' } }));
      asUnknown(await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: REMOTE, headers: { authorization: `Bearer ${METRICS_TOKEN}x` } }));
      asUnknown(await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: REMOTE, headers: { authorization: METRICS_TOKEN } }));
      // Relayed by a proxy on the same machine: not a local caller.
      asUnknown(await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': REMOTE } }));
      // Without a METRICS_TOKEN, no bearer opens it.
      asUnknown(await idle.app.inject({ method: 'GET', url: '/metrics', remoteAddress: REMOTE, headers: { authorization: 'Bearer undefined' } }));

      for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress });
        expect(res.statusCode, remoteAddress).toBe(200);
      }
      for (const scheme of ['Bearer', 'bearer']) {
        const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: REMOTE, headers: { authorization: `${scheme} ${METRICS_TOKEN}` } });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('http_requests_total');
      }
    });

    it('METRICS_TOKEN must be at least 16 characters', () => {
      const env = { DATA_DIR: idle.dataDir, SESSION_SECRET: 'test-secret-test-secret-test-secret-123' };
      expect(() => loadConfig({ ...env, METRICS_TOKEN: 'short' }, [])).toThrowError(ConfigError);
      try {
        loadConfig({ ...env, METRICS_TOKEN: 'short' }, []);
      } catch (err) {
        expect((err as ConfigError).lines).toEqual(['METRICS_TOKEN: must be at least 16 characters']);
      }
      expect(loadConfig({ ...env, METRICS_TOKEN }, []).metricsToken).toBe(METRICS_TOKEN);
      expect(loadConfig(env, []).metricsToken).toBeUndefined();
    });
  });

  it('keeps the three operational routes out of the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, unknown> };
    for (const path of ['/healthz', '/readyz', '/metrics']) expect(doc.paths[path], path).toBeUndefined();
  });
});
