/**
 * Durability under load (issue 24 "Bad input and faults"): on PostgreSQL, a server process is
 * killed with SIGKILL while 16 connections send single and batch sends; a new process on the same
 * database finishes the work. Every message answered 202 (single or batch item) is stored, reaches
 * its final status within 2 minutes of the restart, and has each status recorded once.
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
import { freePort, runNode, serverEntry, waitForHealth, type NodeProcess } from './server-process.ts';

describe.skipIf(testDbKind() !== 'postgres')('kill -9 under /v1 load', () => {
  const cleanup: (() => Promise<unknown> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  it('keeps every answered message and finishes each within 2 minutes of the restart, each status once', { timeout: 300_000 }, async () => {
    const pg = await freshPostgresDatabase();
    cleanup.push(() => pg.drop());
    const dataDir = mkdtempSync(join(tmpdir(), 'pesan-crash-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const env = { DATABASE_URL: pg.url, DATA_DIR: dataDir, PORT: String(port), SESSION_SECRET: 'crash-test-secret-crash-test-secret-1234', DEMO_DATA: 'false', SANDBOX_DELAY_MS: '200', V1_RATE_LIMIT: '1000000' };
    const start = (): NodeProcess => {
      const p = runNode(serverEntry, [], env);
      cleanup.push(async () => {
        p.child.kill('SIGKILL');
        await p.exited;
      });
      return p;
    };
    const first = start();
    await waitForHealth(port, first);

    const database: Database = await openPostgres(pg.url);
    cleanup.push(() => database.close());
    const db = database.db;
    const a = await createAppWithToken({ ctx: { database } } as unknown as TestApp, { channels: ['sms'] });
    const count = async (q: ReturnType<typeof sql>) => Number(((await db.execute(q)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

    // 16 senders (every fourth request a batch of 20) until the process dies under them.
    const answered: string[] = [];
    let killed = false;
    const sender = async (k: number) => {
      for (let i = 0; !killed; i++) {
        const batch = (i + k) % 4 === 0;
        const body = batch ? { messages: Array.from({ length: 20 }, (_, j) => ({ to: '081234567890', text: `crash ${k}.${i}.${j}` })) } : { to: '081234567890', text: `crash ${k}.${i}` };
        try {
          const res = await fetch(`http://127.0.0.1:${port}/v1/sms/messages${batch ? '/batch' : ''}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${a.tokens.sms.accessToken}`, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          if (res.status !== 202) continue;
          const json = (await res.json()) as { id?: string; data?: { id?: string }[] };
          if (json.id) answered.push(json.id);
          for (const d of json.data ?? []) if (d.id) answered.push(d.id);
        } catch {
          // The process was killed under this request: it was never answered.
        }
      }
    };
    const senders = Array.from({ length: 16 }, (_, k) => sender(k));
    const deadline = Date.now() + 60_000;
    while (answered.length < 1500 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    await first.exited;
    killed = true;
    await Promise.all(senders);
    expect(answered.length).toBeGreaterThanOrEqual(1500);

    // Every answered message is stored.
    const ids = sql.join(answered.map((id) => sql`${id}::uuid`), sql`, `);
    expect(await count(sql`select count(*)::int as n from messages where id in (${ids})`)).toBe(answered.length);

    const restarted = Date.now();
    const second = start();
    await waitForHealth(port, second);
    const finals = sql`select count(*)::int as n from messages where id in (${ids}) and status in ('delivered', 'undelivered')`;
    while ((await count(finals)) < answered.length) {
      if (Date.now() - restarted > 120_000) throw new Error(`not final 2 minutes after the restart: ${answered.length - (await count(finals))} of ${answered.length}\n${second.output()}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    // Each status once: no message has a status twice in its history, and each the whole SMS lifecycle.
    expect(await count(sql`select count(*)::int as n from (select message_id, status from message_events where message_id in (${ids}) group by 1, 2 having count(*) > 1) d`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from message_events where message_id in (${ids})`)).toBe(answered.length * 4);
    expect(await count(sql`select count(*)::int as n from status_outbox where message_id in (${ids})`)).toBe(answered.length * 3);
  });
});
