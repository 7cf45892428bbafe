/**
 * The customer-side webhook snippets of the README and docs (docs/webhooks/verify-webhook.mjs with
 * the `standardwebhooks` package, docs/webhooks/verify-webhook.php by hand) run as real receivers
 * and accept real deliveries from Pesan (issue 9), and refuse a tampered one. The README holds
 * each file verbatim. PHP runs where `php` is installed (CI installs php-cli; without it the PHP
 * case fails in CI and is skipped elsewhere).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';
import { createAccount, type Account } from './application-fixtures.ts';
import { issueToken, v1Post } from './v1-helper.ts';
import { repoRoot, freePort } from './server-process.ts';

const docs = join(repoRoot, 'docs', 'webhooks');
const hasPhp = spawnSync('php', ['--version']).status === 0;


async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`receiver exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: '{}' }).then(
      () => true,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`receiver on ${port} never answered`);
}

describe('webhook verification snippets against real deliveries', () => {
  let t: TestApp;
  let a: Account;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccount(t);
  });
  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    await t.close();
  });

  it('the README holds both snippets verbatim', () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    for (const file of ['verify-webhook.mjs', 'verify-webhook.php']) expect(readme).toContain(readFileSync(join(docs, file), 'utf8').trim());
  });

  const receivers: [string, (port: number, secret: string) => ChildProcess, boolean][] = [
    ['Node with standardwebhooks', (port, secret) => spawn(process.execPath, [join(docs, 'verify-webhook.mjs')], { env: { ...process.env, PORT: String(port), WEBHOOK_SECRET: secret }, stdio: 'pipe' }), true],
    ['PHP by hand', (port, secret) => spawn('php', ['-S', `127.0.0.1:${port}`, join(docs, 'verify-webhook.php')], { env: { ...process.env, WEBHOOK_SECRET: secret }, stdio: 'pipe' }), hasPhp || process.env.CI === 'true'],
  ];

  for (const [name, start, runs] of receivers) {
    it.runIf(runs)(`${name}: accepts every status of a sent message and refuses a tampered body`, async () => {
      const created = await t.app.inject({ method: 'POST', url: '/api/application', headers: a.headers, payload: { applicationName: name, channels: [{ channel: 'sms' }] } });
      const appId = created.json().id as string;
      const port = await freePort();
      const put = await t.app.inject({ method: 'PUT', url: `/api/application/${appId}/webhook`, headers: a.headers, payload: { url: `http://127.0.0.1:${port}/`, enabled: true } });
      const secret = put.json().data.secret as string;
      const child = start(port, secret);
      children.push(child);
      await waitForPort(port, child);

      const sms = await issueToken(t, { applicationId: appId, organizationId: a.organizationId }, 'sms');
      const sent = await v1Post(t, '/sms/messages', sms.accessToken, { to: '081234567890', text: 'Order shipped' });
      expect(sent.statusCode).toBe(202);
      const until = Date.now() + 15_000;
      let rows: { status: string; status_code: number | null; payload: { data: { status: string } } }[] = [];
      while (Date.now() < until) {
        rows = (await t.app.inject({ method: 'GET', url: `/api/application/${appId}/webhook/deliveries?limit=50`, headers: a.headers })).json().data;
        if (rows.filter((r) => r.status !== 'pending').length >= 3) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(rows.map((r) => [r.payload.data.status, r.status, r.status_code]).sort()).toEqual([
        ['delivered', 'succeeded', 204],
        ['in_queue', 'succeeded', 204],
        ['sent', 'succeeded', 204],
      ]);

      // The same delivery with one byte changed is refused.
      const ts = String(Math.floor(Date.now() / 1000));
      const body = '{"type":"message.status","timestamp":"2026-11-23T00:00:00.000Z","data":{}}';
      const { signWebhook } = await import('../src/modules/webhooks/webhook-signing.ts');
      const headers = { 'content-type': 'application/json', 'webhook-id': 'evt_x', 'webhook-timestamp': ts, 'webhook-signature': signWebhook(secret, 'evt_x', Number(ts), body) };
      expect((await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', headers, body })).status).toBe(204);
      expect((await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', headers, body: body.replace('{}', '{"a":1}') })).status).toBe(401);
      const stale = String(Number(ts) - 600);
      expect(
        (await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', headers: { ...headers, 'webhook-timestamp': stale, 'webhook-signature': signWebhook(secret, 'evt_x', Number(stale), body) }, body })).status,
      ).toBe(401);
    });
  }
});
