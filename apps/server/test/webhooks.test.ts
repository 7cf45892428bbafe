/**
 * Status webhooks to customers (ARCHITECTURE.md §6.2; issue 9) against a real HTTP receiver on
 * loopback: every status of a sent message arrives signed with the Standard Webhooks scheme
 * (verified with the `standardwebhooks` package and the published test vector), retries after 500
 * and timeouts on a compressed schedule with a stable webhook-id, 410 disables the endpoint, three
 * days of failures disable it and e-mail the organization, redelivery, secret rotation with
 * overlap, SSRF refusals, at-most-once per attempt, and the message detail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { webhookDeliveries, webhookEndpoints } from '../src/db/schema/webhooks.ts';
import { signWebhook } from '../src/modules/webhooks/webhook-signing.ts';
import { claimAttempt } from '../src/modules/webhooks/webhooks.repo.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { createAccount, type Account } from './application-fixtures.ts';
import { readMails } from './accounts-helper.ts';
import { insertTenant, issueToken, v1Post, waitForStatus } from './v1-helper.ts';
import { postWebhook } from '../src/modules/webhooks/webhook-http.ts';
import { checkHost, guardedLookup, isPublicAddress, type Resolver } from '../src/modules/webhooks/ssrf-guard.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts';

const env = { WEBHOOK_RETRY_SCHEDULE_MS: '150,150,150', WEBHOOK_TIMEOUT_MS: '500', V1_RATE_LIMIT: '100000' };

describe('status webhooks', () => {
  let t: TestApp;
  let a: Account;
  let b: Account;
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    t = await createTestApp({ env });
    a = await createAccount(t);
    b = await createAccount(t);
  });
  afterAll(async () => {
    for (const r of receivers) await r.close();
    await t.close();
  });

  const api = (who: Account, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: who.headers, ...(payload ? { payload } : {}) });

  /** A new application of `a` with SMS, SMS OTP and WhatsApp, an endpoint at a new receiver, and its secret. */
  async function setup(opts: { enabled?: boolean } = {}) {
    const created = await api(a, 'POST', '/application', { applicationName: 'Hooks', channels: [{ channel: 'sms' }, { channel: 'sms_otp' }] });
    const appId = created.json().id as string;
    const receiver = await startWebhookReceiver();
    receivers.push(receiver);
    const put = await api(a, 'PUT', `/application/${appId}/webhook`, { url: receiver.url, enabled: opts.enabled ?? true });
    expect(put.statusCode).toBe(200);
    const secret = put.json().data.secret as string;
    const sms = await issueToken(t, { applicationId: appId, organizationId: a.organizationId }, 'sms');
    return { appId, receiver, secret, sms };
  }

  const deliveries = async (appId: string, query = '') => (await api(a, 'GET', `/application/${appId}/webhook/deliveries${query}`)).json();
  async function waitForDeliveries(appId: string, predicate: (rows: { status: string; attempt: number }[]) => boolean, timeoutMs = 10_000) {
    const until = Date.now() + timeoutMs;
    let body = await deliveries(appId, '?limit=100');
    while (!predicate(body.data)) {
      if (Date.now() > until) throw new Error(`deliveries never matched: ${JSON.stringify(body.data.map((d: object) => d), null, 1).slice(0, 2000)}`);
      await new Promise((r) => setTimeout(r, 50));
      body = await deliveries(appId, '?limit=100');
    }
    return body;
  }

  it('signs like the published Standard Webhooks test vector', () => {
    expect(signWebhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  it('shows the secret once, then never again', async () => {
    const { appId, secret } = await setup();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    const got = (await api(a, 'GET', `/application/${appId}/webhook`)).json().data;
    expect(got).toMatchObject({ enabled: true, disabled_reason: null });
    expect(got.secret).toBeUndefined();
    const again = (await api(a, 'PUT', `/application/${appId}/webhook`, { url: got.url, enabled: true })).json().data;
    expect(again.secret).toBeUndefined();
    const [row] = await t.ctx.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.applicationId, appId));
    expect(row!.secretEncrypted).not.toContain(secret.slice(6));
  });

  it('delivers every status of a message, signed, verifiable with the standardwebhooks package', async () => {
    const { receiver, secret, sms } = await setup();
    const sent = await v1Post(t, '/sms/messages', sms.accessToken, { to: '081234567890', text: 'Order shipped' });
    expect(sent.statusCode).toBe(202);
    const id = sent.json().id as string;
    await waitForStatus(t, id, sms.accessToken, 'delivered');
    const got = await receiver.waitFor(3);
    const wh = new Webhook(secret);
    const events = got.map((r) => wh.verify(r.body, r.headers as Record<string, string>) as { type: string; timestamp: string; data: Record<string, unknown> });
    const statuses = events.map((e) => e.data['status']).sort();
    expect(statuses).toEqual(['delivered', 'in_queue', 'sent']);
    const delivered = events.find((e) => e.data['status'] === 'delivered')!;
    expect(delivered).toMatchObject({
      type: 'message.status',
      data: { message_id: id, channel: 'sms', status: 'delivered', previous_status: 'sent', reason: null, provider_code: null, step: 4 },
    });
    expect(Date.parse(delivered.timestamp)).not.toBeNaN();
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(3);
    // A tampered body fails verification.
    expect(() => wh.verify(got[0]!.body.replace('sms', 'SMS'), got[0]!.headers as Record<string, string>)).toThrow();
    // The attempts are counted in /metrics.
    // (an attempt is counted once its outcome is stored, just after the receiver answered).
    const succeeded = async () => Number(/^webhook_attempts_total\{outcome="succeeded"\} (\d+)$/m.exec((await t.app.inject({ method: 'GET', url: '/metrics' })).body)?.[1]);
    const until = Date.now() + 5000;
    while ((await succeeded()) < 3 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(await succeeded()).toBeGreaterThanOrEqual(3);
  });

  it('retries after a 500 and a timeout with the same webhook-id, then succeeds', async () => {
    const { appId, receiver, secret } = await setup();
    receiver.script({ status: 500, body: 'boom' }, { hang: true }, { status: 200, body: 'thanks' });
    const test = await api(a, 'POST', `/application/${appId}/webhook/test`);
    expect(test.statusCode).toBe(200);
    const got = await receiver.waitFor(3);
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(1);
    for (const r of got) expect(() => new Webhook(secret).verify(r.body, r.headers as Record<string, string>)).not.toThrow();
    const body = await waitForDeliveries(appId, (rows) => rows.some((r) => r.status === 'succeeded'));
    const attempts = [...body.data].sort((x: { attempt: number }, y: { attempt: number }) => x.attempt - y.attempt);
    expect(attempts.map((d: { attempt: number; status: string; status_code: number | null }) => [d.attempt, d.status, d.status_code])).toEqual([
      [1, 'failed', 500],
      [2, 'failed', null],
      [3, 'succeeded', 200],
    ]);
    expect(attempts[0].response).toBe('boom');
    expect(attempts[0].next_retry_at).not.toBeNull();
    expect(attempts[1].response).toMatch(/No answer within/);
    expect(attempts[2].response).toBe('thanks');
    expect(attempts[2].event_type).toBe('webhook.test');
  });

  it('gives up after the last retry of the schedule', async () => {
    const { appId, receiver } = await setup();
    receiver.script({ status: 503 }, { status: 503 }, { status: 503 }, { status: 503 }, { status: 503 });
    await api(a, 'POST', `/application/${appId}/webhook/test`);
    const body = await waitForDeliveries(appId, (rows) => rows.length === 4 && rows.every((r) => r.status === 'failed'));
    expect(body.data.find((d: { attempt: number }) => d.attempt === 4).next_retry_at).toBeNull();
    await new Promise((r) => setTimeout(r, 400));
    expect(receiver.received).toHaveLength(4);
  });

  it('honours Retry-After', async () => {
    const { appId, receiver } = await setup();
    receiver.script({ status: 429, headers: { 'retry-after': '1' } });
    await api(a, 'POST', `/application/${appId}/webhook/test`);
    const got = await receiver.waitFor(2, 5000);
    expect(got[1]!.at - got[0]!.at).toBeGreaterThanOrEqual(950);
    await waitForDeliveries(appId, (rows) => rows.some((r) => r.status === 'succeeded'));
  });

  it('disables the endpoint on 410 and shows why', async () => {
    const { appId, receiver } = await setup();
    receiver.script({ status: 410, body: 'gone' });
    await api(a, 'POST', `/application/${appId}/webhook/test`);
    await waitForDeliveries(appId, (rows) => rows.length === 1 && rows[0]!.status === 'failed');
    const got = (await api(a, 'GET', `/application/${appId}/webhook`)).json().data;
    expect(got).toMatchObject({ enabled: false, disabled_reason: 'The endpoint answered 410 Gone' });
    expect(got.disabled_at).not.toBeNull();
    expect((await api(a, 'POST', `/application/${appId}/webhook/test`)).json().error.message).toBe('Enable the endpoint first');
    await new Promise((r) => setTimeout(r, 400));
    expect(receiver.received).toHaveLength(1);
    // Enabling it again clears the reason.
    const again = (await api(a, 'PUT', `/application/${appId}/webhook`, { url: got.url, enabled: true })).json().data;
    expect(again).toMatchObject({ enabled: true, disabled_reason: null, disabled_at: null });
  });

  it('disables an endpoint failing for 3 days and e-mails the organization', async () => {
    const { appId, receiver } = await setup();
    const db = t.ctx.database.db;
    await db.update(webhookEndpoints).set({ failingSince: new Date(Date.now() - 3 * 86_400_000 - 60_000) }).where(eq(webhookEndpoints.applicationId, appId));
    receiver.script({ status: 500 });
    await api(a, 'POST', `/application/${appId}/webhook/test`);
    await waitForDeliveries(appId, (rows) => rows.length === 1 && rows[0]!.status === 'failed');
    const got = (await api(a, 'GET', `/application/${appId}/webhook`)).json().data;
    expect(got).toMatchObject({ enabled: false, disabled_reason: 'Every delivery failed for 3 days' });
    const until = Date.now() + 5000;
    let mails = readMails(t).filter((m) => m.subject === 'Pesan: your webhook endpoint was disabled');
    while (!mails.length && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
      mails = readMails(t).filter((m) => m.subject === 'Pesan: your webhook endpoint was disabled');
    }
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(receiver.url);
    expect(mails[0]!.text).toContain(`/my-application/detail/${appId}`);
    // A success in between resets the clock: failing_since is cleared.
    await api(a, 'PUT', `/application/${appId}/webhook`, { url: receiver.url, enabled: true });
    await api(a, 'POST', `/application/${appId}/webhook/test`);
    await waitForDeliveries(appId, (rows) => rows.some((r) => r.status === 'succeeded'));
    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.applicationId, appId));
    expect(row!.failingSince).toBeNull();
  });

  it('redelivers an attempt as a new attempt with the same webhook-id', async () => {
    const { appId, receiver } = await setup();
    await api(a, 'POST', `/application/${appId}/webhook/test`);
    const [first] = await receiver.waitFor(1);
    const done = await waitForDeliveries(appId, (rows) => rows.some((r) => r.status === 'succeeded'));
    const res = await api(a, 'POST', `/application/${appId}/webhook/deliveries/${done.data[0].id}/redeliver`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Redelivery queued', data: { attempt: 2, status: 'pending' } });
    const got = await receiver.waitFor(2);
    expect(got[1]!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(got[1]!.body).toBe(first!.body);
  });

  it('rotates the secret: both sign for 24 hours, the old one alone is refused after', async () => {
    const { appId, receiver, secret: old } = await setup();
    const rotated = await api(a, 'POST', `/application/${appId}/webhook/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().data.secret as string;
    expect(fresh).not.toBe(old);
    expect(Date.parse(rotated.json().data.previous_secret_expires_at) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    await api(a, 'POST', `/application/${appId}/webhook/test`);
    const [r] = await receiver.waitFor(1);
    expect(String(r!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(() => new Webhook(old).verify(r!.body, r!.headers as Record<string, string>)).not.toThrow();
    expect(() => new Webhook(fresh).verify(r!.body, r!.headers as Record<string, string>)).not.toThrow();
    // After the overlap only the new secret signs.
    await t.ctx.database.db.update(webhookEndpoints).set({ previousSecretExpiresAt: new Date(Date.now() - 1000) }).where(eq(webhookEndpoints.applicationId, appId));
    await api(a, 'POST', `/application/${appId}/webhook/test`);
    const [, r2] = await receiver.waitFor(2);
    expect(() => new Webhook(old).verify(r2!.body, r2!.headers as Record<string, string>)).toThrow();
    expect(() => new Webhook(fresh).verify(r2!.body, r2!.headers as Record<string, string>)).not.toThrow();
  });

  it('sends an attempt at most once, even when two senders run it, and retakes one whose sender died', async () => {
    const { appId, receiver } = await setup({ enabled: false });
    await api(a, 'PUT', `/application/${appId}/webhook`, { url: receiver.url, enabled: true });
    // Store an attempt without letting the workers see its job: claim it as a sender that then dies.
    const test = await api(a, 'POST', `/application/${appId}/webhook/test`);
    const id = test.json().data.id as string;
    await receiver.waitFor(1);
    // The sender records the answer just after the receiver has it: wait for that, not only for the request.
    const settled = async (deliveryId: string) => {
      for (let i = 0; i < 200; i++) {
        const [r] = await t.ctx.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
        if (r && r.status !== 'pending') return r;
        await new Promise((res) => setTimeout(res, 25));
      }
      throw new Error(`delivery ${deliveryId} never settled`);
    };
    const row = await settled(id);
    expect(row.status).toBe('succeeded');
    // Two concurrent runs of an already finished attempt send nothing more.
    await Promise.all([t.ctx.services.webhooks.deliverAttempt(id), t.ctx.services.webhooks.deliverAttempt(id)]);
    expect(receiver.received).toHaveLength(1);
    // A pending attempt claimed by a sender that died is taken over after the lease, once.
    const redo = (await api(a, 'POST', `/application/${appId}/webhook/deliveries/${id}/redeliver`)).json().data.id as string;
    await receiver.waitFor(2);
    expect((await settled(redo)).status).toBe('succeeded');
    await t.ctx.database.db.update(webhookDeliveries).set({ status: 'pending', startedAt: new Date(Date.now() - 120_000) }).where(eq(webhookDeliveries.id, redo));
    expect(await claimAttempt(t.ctx.database.db, redo, new Date(), new Date(Date.now() - 60_000))).not.toBeNull();
    // Now claimed by "us": a concurrent sender within the lease is refused.
    expect(await t.ctx.services.webhooks.deliverAttempt(redo)).toBe('skipped');
    expect(receiver.received).toHaveLength(2);
  });

  it('refuses bad endpoint URLs with a clear message and stores nothing', async () => {
    const created = await api(a, 'POST', '/application', { applicationName: 'Bad', channels: [{ channel: 'sms' }] });
    const appId = created.json().id as string;
    const cases: [string, string][] = [
      ['', 'Endpoint URL is required'],
      ['not a url', 'Endpoint URL must be a valid URL'],
      ['ftp://example.com/hook', 'Endpoint URL must be a valid URL'],
      ['http://example.com/hook', 'Endpoint URL must start with https://'],
      ['https://user:pw@example.com/hook', 'Endpoint URL must not contain a user name or password'],
      [`https://example.com/${'a'.repeat(2050)}`, 'Endpoint URL must be at most 2048 characters'],
    ];
    for (const [url, message] of cases) {
      const res = await api(a, 'PUT', `/application/${appId}/webhook`, { url, enabled: true });
      expect([res.statusCode, res.json().error.message], url).toEqual([400, message]);
    }
    expect(await t.ctx.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.applicationId, appId))).toEqual([]);
  });

  it('keeps another organization out: 404 on every webhook call and on the message detail', async () => {
    const { appId, sms } = await setup();
    const sent = await v1Post(t, '/sms/messages', sms.accessToken, { to: '081234567899', text: 'Hi' });
    const id = sent.json().id as string;
    const list = await waitForDeliveries(appId, (rows) => rows.length > 0);
    for (const [method, url] of [
      ['GET', `/application/${appId}/webhook`],
      ['PUT', `/application/${appId}/webhook`],
      ['POST', `/application/${appId}/webhook/rotate-secret`],
      ['POST', `/application/${appId}/webhook/test`],
      ['GET', `/application/${appId}/webhook/deliveries`],
      ['POST', `/application/${appId}/webhook/deliveries/${list.data[0].id}/redeliver`],
      ['GET', `/records/${id}`],
    ] as const) {
      const res = await api(b, method, url, method === 'PUT' ? { url: 'https://example.com/x', enabled: true } : undefined);
      expect([url, res.statusCode]).toEqual([url, 404]);
    }
  });

  it('shows the message detail: timeline, masked body and webhook attempts', async () => {
    const { appId, receiver } = await setup();
    const otp = await issueToken(t, { applicationId: appId, organizationId: a.organizationId }, 'sms_otp');
    const sent = await v1Post(t, '/sms-otp/messages', otp.accessToken, { to: '081234567891', text: 'Your code is 482913' });
    const id = sent.json().id as string;
    await waitForStatus(t, id, otp.accessToken, 'delivered');
    await receiver.waitFor(3);
    await waitForDeliveries(appId, (rows) => rows.filter((r) => r.status === 'succeeded').length === 3);
    const res = await api(a, 'GET', `/records/${id}`);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ msgid: id, channel: 'sms_otp', phone_number: '+6281234567891', country: 'ID', total_sms: 1, status: 'delivered', application_id: appId });
    expect(d.events.map((e: { status: string }) => e.status)).toEqual(['submitted', 'in_queue', 'sent', 'delivered']);
    expect(d.body).toEqual({ to: '081234567891', text: 'Your code is ••••••' });
    expect(d.webhook_deliveries).toHaveLength(3);
    expect(d.webhook_deliveries.every((w: { status: string; message_id: string }) => w.status === 'succeeded' && w.message_id === id)).toBe(true);
    expect((await api(a, 'GET', '/records/not-a-uuid')).statusCode).toBe(404);
  });
});

describe('status webhooks outside development: the SSRF guard', () => {
  let t: TestApp;
  let tenant: { organizationId: string; applicationId: string };
  beforeAll(async () => {
    // PUBLIC_URL off this machine: production rules (the console's same-origin calls would need
    // that origin, so this calls the service the route calls).
    t = await createTestApp({ workers: false, env: { PUBLIC_URL: 'https://pesan.example' } });
    tenant = await insertTenant(t.ctx.database.db);
  });
  afterAll(async () => t.close());

  it('refuses endpoints on private, loopback and link-local addresses, and plain http', async () => {
    const refused = 'Endpoint URL must be reachable on the internet: it resolves to a private, loopback or link-local address';
    const cases: [string, string][] = [
      ['https://127.0.0.1/hook', refused],
      ['https://localhost/hook', refused],
      ['https://10.1.2.3/hook', refused],
      ['https://192.168.1.10/hook', refused],
      ['https://169.254.169.254/latest/meta-data', refused],
      ['https://[::1]/hook', refused],
      ['https://[::ffff:127.0.0.1]/hook', refused],
      ['https://[fd00::1]/hook', refused],
      ['http://127.0.0.1:3000/hook', 'Endpoint URL must start with https://'],
      ['https://no-such-host.invalid/hook', 'Endpoint URL host could not be resolved'],
    ];
    for (const [url, message] of cases) {
      const err = await t.ctx.services.webhooks.putWebhook(tenant.organizationId, tenant.applicationId, { url, enabled: true }).then(
        () => null,
        (e: { statusCode: number; message: string }) => e,
      );
      expect([url, err?.statusCode, err?.message]).toEqual([url, 400, message]);
    }
    expect(await t.ctx.database.db.select().from(webhookEndpoints)).toEqual([]);
    // A public address is accepted (no connection is made when saving).
    const ok = await t.ctx.services.webhooks.putWebhook(tenant.organizationId, tenant.applicationId, { url: 'https://93.184.215.14/hook', enabled: true });
    expect(ok.secret).toMatch(/^whsec_/);
  });

  // Issue 23 item 22: every IPv6 form that embeds an IPv4 address is judged as that IPv4 address.
  const EMBEDDED: [form: string, privateAddress: string, publicAddress: string][] = [
    ['IPv4-compatible ::/96', '::127.0.0.1', '::8.8.8.8'],
    ['IPv4-mapped ::ffff:0:0/96', '::ffff:10.0.0.1', '::ffff:8.8.8.8'],
    ['IPv4-translated ::ffff:0:0:0/96', '::ffff:0:169.254.169.254', '::ffff:0:8.8.8.8'],
    ['NAT64 64:ff9b::/96', '64:ff9b::192.168.1.1', '64:ff9b::8.8.8.8'],
    ['6to4 2002::/16', '2002:7f00:1::1', '2002:808:808::1'],
    // Teredo: server 65.54.227.120, client (inverted) 127.0.0.1 / 8.8.8.8.
    ['Teredo 2001::/32', '2001:0:4136:e378:8000:63bf:80ff:fffe', '2001:0:4136:e378:8000:63bf:f7f7:f7f7'],
  ];

  it('judges each IPv6 form that embeds an IPv4 address by that IPv4 address', () => {
    for (const [form, priv, pub] of EMBEDDED) {
      expect([form, priv, isPublicAddress(priv)]).toEqual([form, priv, false]);
      expect([form, pub, isPublicAddress(pub)]).toEqual([form, pub, true]);
    }
    // NAT64 local-use 64:ff9b:1::/48: every position its prefix lengths allow must be public.
    expect(isPublicAddress('64:ff9b:1::7f00:1')).toBe(false);
    expect(isPublicAddress('64:ff9b:1:808:8:808:808:0')).toBe(true);
    // Teredo with a private server is refused even when the client is public.
    expect(isPublicAddress('2001:0:a00:1:8000:63bf:f7f7:f7f7')).toBe(false);
    // The compressed spellings a URL parser produces.
    expect(isPublicAddress('::7f00:1')).toBe(false);
    expect(isPublicAddress('::')).toBe(false);
    expect(isPublicAddress('2606:4700:4700::1111')).toBe(true);
  });

  it('refuses an endpoint URL whose IPv6 literal embeds a private IPv4 address (the probe: [::127.0.0.1])', async () => {
    const refused = 'Endpoint URL must be reachable on the internet: it resolves to a private, loopback or link-local address';
    for (const url of ['https://[::127.0.0.1]:3499/', ...EMBEDDED.map(([, priv]) => `https://[${priv}]/hook`), 'https://[64:ff9b:1::7f00:1]/hook']) {
      const err = await t.ctx.services.webhooks.putWebhook(tenant.organizationId, tenant.applicationId, { url, enabled: true }).then(
        () => null,
        (e: { statusCode: number; message: string }) => e,
      );
      expect([url, err?.statusCode, err?.message]).toEqual([url, 400, refused]);
    }
    for (const [, , pub] of EMBEDDED) {
      const url = `https://[${pub}]/hook`;
      const ok = await t.ctx.services.webhooks.putWebhook(tenant.organizationId, tenant.applicationId, { url, enabled: true });
      expect([url, ok.url]).toEqual([url, url]);
    }
  });

  it('judges DNS answers with the same rule, when saving and when connecting', async () => {
    for (const [form, priv, pub] of EMBEDDED) {
      const answer =
        (address: string): Resolver =>
        (_host, _opts, cb) =>
          cb(null, [{ address: '93.184.215.14', family: 4 }, { address, family: 6 }]);
      expect([form, await checkHost('hook.example', false, answer(priv))]).toEqual([form, 'private']);
      expect([form, await checkHost('hook.example', false, answer(pub))]).toEqual([form, 'ok']);
      const looked = await new Promise<unknown>((resolve) => guardedLookup(false, answer(priv))('hook.example', {}, (err) => resolve(err)));
      expect([form, (looked as Error | null)?.message]).toEqual([form, `Refused to connect to non-public address ${priv}`]);
    }
  });

  it('refuses at delivery time too (a DNS answer that changed after saving)', async () => {
    for (const url of ['https://127.0.0.1:9/hook', 'http://localhost:9/hook', 'http://[::1]:9/hook', 'https://[::127.0.0.1]:9/hook', 'https://[2002:7f00:1::1]:9/hook']) {
      const r = await postWebhook(url, '{}', {}, { timeoutMs: 2000, allowPrivate: false });
      expect([url, r.statusCode, r.response]).toEqual([url, null, expect.stringMatching(/^Refused to connect to non-public address/)]);
    }
  });
});
