/**
 * Roles (ARCHITECTURE.md §1, §9; issue 7 item 5): on PostgreSQL, one `--role=api` process (HTTP
 * only) and two `--role=worker` processes (jobs only) share the queues: 2,000 messages sent
 * through the API all reach their final status, none is stuck and no status is recorded twice.
 * Real processes, started as `npm start` starts them. PostgreSQL only (PGlite is one process).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../src/db/client.ts';
import { freshPostgresDatabase, testDbKind, type TestApp } from './harness.ts';
import { createAppWithToken } from './v1-helper.ts';
import { runNode, serverEntry } from './server-process.ts';

const MESSAGES = 2000;

function start(env: Record<string, string>, role: 'api' | 'worker') {
  return runNode(serverEntry, [`--role=${role}`], { DEMO_DATA: 'false', SANDBOX_DELAY_MS: '0', V1_RATE_LIMIT: '1000000', ...env });
}

async function until(what: string, check: () => Promise<boolean> | boolean, ms: number, output: () => string) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe.skipIf(testDbKind() !== 'postgres')('api and worker roles on PostgreSQL', () => {
  const cleanup: (() => Promise<unknown> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  it('processes 2,000 messages with one API and two workers: all final, each status once', { timeout: 240_000 }, async () => {
    const pg = await freshPostgresDatabase();
    cleanup.push(() => pg.drop());
    const dataDir = mkdtempSync(join(tmpdir(), 'pesan-roles-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const port = 20000 + Math.floor(Math.random() * 20000);
    const env = { DATABASE_URL: pg.url, DATA_DIR: dataDir, PORT: String(port), SESSION_SECRET: 'roles-test-secret-roles-test-secret-1234' };

    const api = start(env, 'api');
    cleanup.push(async () => {
      api.child.kill('SIGTERM');
      await api.exited;
    });
    await until('the API', async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.ok === true, 60_000, api.output);
    // Each worker serves its probes and metrics on a port of its own.
    const workers = [start({ ...env, PORT: String(port + 1) }, 'worker'), start({ ...env, PORT: String(port + 2) }, 'worker')];
    for (const w of workers) {
      cleanup.push(async () => {
        w.child.kill('SIGTERM');
        await w.exited;
      });
      await until('a worker', () => w.output().includes('Pesan worker running'), 60_000, w.output);
    }
    // The API process runs no jobs; the workers serve no HTTP.
    expect(api.output()).not.toContain('Pesan worker running');

    const database: Database = await openPostgres(pg.url);
    cleanup.push(() => database.close());
    const a = await createAppWithToken({ ctx: { database } } as unknown as TestApp, { channels: ['sms'] });
    const db = database.db;
    const count = async (q: ReturnType<typeof sql>) => Number(((await db.execute(q)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

    let next = 0;
    const ids: string[] = [];
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < MESSAGES) {
          const i = next++;
          const to = i % 10 === 3 ? '081234560003' : '081234567890';
          const res = await fetch(`http://127.0.0.1:${port}/v1/sms/messages`, {
            method: 'POST',
            headers: { authorization: `Bearer ${a.tokens.sms.accessToken}`, 'content-type': 'application/json' },
            body: JSON.stringify({ to, text: `roles ${i}` }),
          });
          expect(res.status).toBe(202);
          ids.push(((await res.json()) as { id: string }).id);
        }
      }),
    );
    expect(new Set(ids).size).toBe(MESSAGES);

    const finals = sql`select count(*)::int as n from messages where application_id = ${a.applicationId} and status in ('delivered', 'undelivered')`;
    await until('every message to be final', async () => (await count(finals)) === MESSAGES, 180_000, () => workers.map((w) => w.output()).join('\n'));
    expect(await count(sql`select count(*)::int as n from messages where application_id = ${a.applicationId} and status = 'undelivered'`)).toBe(MESSAGES / 10);
    // No status recorded twice, and every lifecycle complete.
    expect(await count(sql`select count(*)::int as n from (select message_id, status from message_events group by 1, 2 having count(*) > 1) d`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from message_events e join messages m on m.id = e.message_id where m.application_id = ${a.applicationId}`)).toBe(MESSAGES * 4);
    expect(await count(sql`select count(*)::int as n from status_outbox where application_id = ${a.applicationId}`)).toBe(MESSAGES * 3);
    // The workers fold the counters' deltas within seconds, and the hourly counters agree with the messages.
    const unfolded = sql`select count(*)::int as n from message_stats_deltas where application_id = ${a.applicationId}`;
    await until('the workers to fold the counter deltas', async () => (await count(unfolded)) === 0, 15_000, () => workers.map((w) => w.output()).join('\n'));
    expect(await count(sql`select coalesce(sum(count), 0)::int as n from message_stats_hourly where application_id = ${a.applicationId} and status in ('delivered', 'undelivered')`)).toBe(MESSAGES);
    expect(await count(sql`select coalesce(sum(abs(count)), 0)::int as n from message_stats_hourly where application_id = ${a.applicationId} and status not in ('delivered', 'undelivered')`)).toBe(0);
    // Nothing failed in the queues.
    expect(await count(sql`select count(*)::int as n from pgboss.job where state = 'failed'`)).toBe(0);
    // Both workers did the work, and their metrics say so (the API process records no status).
    let delivered = 0;
    for (const p of [port + 1, port + 2]) {
      expect((await fetch(`http://127.0.0.1:${p}/readyz`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${p}/v1/sms/messages`, { method: 'POST' })).status).toBe(404);
      const metrics = await (await fetch(`http://127.0.0.1:${p}/metrics`)).text();
      const n = Number(/^message_status_changes_total\{channel="sms",status="delivered"\} (\d+)/m.exec(metrics)?.[1] ?? 0);
      expect(n, `worker on ${p}`).toBeGreaterThan(0);
      delivered += n;
    }
    expect(delivered).toBe(MESSAGES - MESSAGES / 10);
  });
});
