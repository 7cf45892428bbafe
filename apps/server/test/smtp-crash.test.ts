/**
 * kill -9 of the process while it is sending e-mail over SMTP (issue 7 "Bad input and faults"): the
 * relay holds every message's DATA, the process is killed mid-transaction, a new process takes the
 * work over after the dead dispatcher's lease, and every e-mail is relayed exactly once (no message
 * lost, none sent twice) and reaches `delivered`. Real processes; PostgreSQL only (the test opens the
 * database beside the running server, which PGlite's single-process lock forbids).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/client.ts';
import { freshPostgresDatabase, testDbKind, type TestApp } from './harness.ts';
import { runNode, serverEntry, waitForHealth } from './server-process.ts';
import { startSmtpPeer } from './smtp-peer.ts';
import { createAppWithToken } from './v1-helper.ts';

const COUNT = 4;

describe.skipIf(testDbKind() !== 'postgres')('kill -9 during SMTP sends', () => {
  const cleanup: (() => Promise<unknown> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  it('loses no e-mail and relays none twice', { timeout: 300_000 }, async () => {
    const peer = await startSmtpPeer();
    cleanup.push(() => peer.close());
    const pg = await freshPostgresDatabase();
    cleanup.push(() => pg.drop());
    const dataDir = mkdtempSync(join(tmpdir(), 'pesan-smtp-crash-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const port = 20000 + Math.floor(Math.random() * 20000);
    const env = {
      DATABASE_URL: pg.url,
      DATA_DIR: dataDir,
      PORT: String(port),
      DEMO_DATA: 'false',
      SESSION_SECRET: 'smtp-crash-secret-smtp-crash-secret-123',
      EMAIL_DRIVER: 'smtp',
      EMAIL_SMTP_URL: peer.url,
      MAIL_FROM: 'Pesan <no-reply@pesan.test>',
    };
    const database = await openPostgres(pg.url);
    cleanup.push(() => database.close());

    const first = runNode(serverEntry, [], env);
    cleanup.push(() => void first.child.kill('SIGKILL'));
    await waitForHealth(port, first);
    const a = await createAppWithToken({ ctx: { database } } as unknown as TestApp, { channels: ['email'] });

    peer.hold = true;
    const ids: string[] = [];
    for (let i = 0; i < COUNT; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/v1/email/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${a.tokens.email.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ to: `crash${i}@example.com`, subject: `Crash ${i}`, text: 'x' }),
      });
      expect(res.status).toBe(202);
      ids.push(((await res.json()) as { id: string }).id);
    }
    // A send is in the middle of its SMTP transaction (DATA received, not yet answered; the others
    // wait behind it)…
    const deadline = Date.now() + 30_000;
    while (peer.held.length < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(peer.held.length).toBeGreaterThanOrEqual(1);
    // …when the process dies. The relay never answered, so nothing was delivered.
    first.child.kill('SIGKILL');
    await first.exited;
    peer.held.length = 0;
    peer.hold = false;
    expect(peer.received).toHaveLength(0);

    const second = runNode(serverEntry, [], env);
    cleanup.push(async () => {
      second.child.kill('SIGTERM');
      await second.exited;
    });
    await waitForHealth(port, second);
    const delivered = sql`select count(*)::int as n from messages where application_id = ${a.applicationId} and status = 'delivered'`;
    const count = async () => Number(((await database.db.execute(delivered)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
    const until = Date.now() + 240_000;
    while ((await count()) < COUNT && Date.now() < until) await new Promise((r) => setTimeout(r, 500));
    expect(await count()).toBe(COUNT);

    // Exactly one relayed copy per message, with the message's own Message-ID.
    expect(peer.received.map((m) => m.to[0]).sort()).toEqual(ids.map((_, i) => `crash${i}@example.com`).sort());
    for (const id of ids) expect(peer.received.filter((m) => m.raw.includes(`Message-ID: <${id}@localhost>`))).toHaveLength(1);
  });
});
