/**
 * Verify (ARCHITECTURE.md §6.4, issue 27): start, check, resend, cancel and get; every state
 * transition (approved, failed after 5 wrong codes, expired, canceled; closed ones answer 409);
 * the token's channel; concurrent right checks approve once; another tenant's id is a 404; the
 * code never stored (only its HMAC) nor logged; verification.status webhook events.
 *
 * E-mail codes are read where a customer's user reads them: the SMTP driver delivers to a test
 * SMTP peer. Codes of sandbox channels are recovered from their stored HMAC with the key the spec
 * names (HKDF of SESSION_SECRET, purpose 'verify-codes'), by trying every code of 4 digits.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifications } from '../src/db/schema/verifications.ts';
import { messages } from '../src/db/schema/messages.ts';
import { waTemplates } from '../src/db/schema/templates.ts';
import { webhookEvents } from '../src/db/schema/webhooks.ts';
import { verifyCodeKey } from '../src/modules/verify/verify.service.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { parseEml } from './accounts-helper.ts';
import { startSmtpPeer, type SmtpPeer } from './smtp-peer.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts';
import { createAppWithToken, v1Post, waitForStatus, type AppWithTokens } from './v1-helper.ts';

const SECRET = 'test-secret-test-secret-test-secret-123';
let t: TestApp;
let a: AppWithTokens;
let peer: SmtpPeer;
const lines: string[] = [];

beforeAll(async () => {
  peer = await startSmtpPeer();
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({ logStream: stream, env: { EMAIL_DRIVER: 'smtp', EMAIL_SMTP_URL: peer.url, MAIL_FROM: 'Pesan <no-reply@pesan.test>', V1_RATE_LIMIT: '100000' } });
  a = await createAppWithToken(t, { channels: ['sms', 'sms_otp', 'whatsapp', 'call', 'email'] });
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

type Res = { statusCode: number; json(): any; headers: Record<string, unknown>; body: string };
function expectError(res: Res, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error.code).toBe(code);
  return res.json().error;
}

const start = (token: string, body: object) => v1Post(t, '/verify', token, body);
const check = (token: string, id: string, code: string) => v1Post(t, `/verify/${id}/check`, token, { code });
const resend = (token: string, id: string, body: object = {}) => v1Post(t, `/verify/${id}/resend`, token, body);
const cancel = (token: string, id: string) => t.app.inject({ method: 'POST', url: `/v1/verify/${id}/cancel`, headers: { authorization: `Bearer ${token}` } });
const get = (token: string, id: string) => t.app.inject({ method: 'GET', url: `/v1/verify/${id}`, headers: { authorization: `Bearer ${token}` } });
const row = async (id: string) => (await t.ctx.database.db.select().from(verifications).where(eq(verifications.id, id)))[0]!;
const countVerifications = async (applicationId: string) => (await t.ctx.database.db.select({ id: verifications.id }).from(verifications).where(eq(verifications.applicationId, applicationId))).length;

/** The current code of a verification of 4 digits, found from its stored HMAC (HMAC-SHA256 over id + ':' + code). */
async function codeOf(id: string): Promise<string> {
  const r = await row(id);
  const key = verifyCodeKey(SECRET);
  for (let n = 0; n < 10 ** r.codeLength && r.codeLength <= 5; n++) {
    const code = String(n).padStart(r.codeLength, '0');
    if (createHmac('sha256', key).update(`${id}:${code}`).digest('hex') === r.codeHmac) return code;
  }
  throw new Error('code not found from its HMAC');
}

/** The code in the latest e-mail to `to` (the SMTP peer), waiting for it. */
async function mailedCode(to: string, count = 1): Promise<string> {
  const until = Date.now() + 15_000;
  for (;;) {
    const mails = peer.received.filter((m) => m.to.includes(to));
    if (mails.length >= count) {
      const text = parseEml('smtp', mails[count - 1]!.raw).text;
      const code = /verifi[a-z]+ [^\n]*? (\d{4,10})\./.exec(text)?.[1];
      if (!code) throw new Error(`no code in the e-mail: ${text.slice(0, 80)}`);
      return code;
    }
    if (Date.now() > until) throw new Error(`no e-mail to ${to}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Every row of every table of the public schema and every queued job, as text. */
async function everyStoredRow(): Promise<string> {
  const { rows: tables } = await t.ctx.database.executor.executeSql(`select tablename from pg_tables where schemaname = 'public'`);
  const dump: string[] = [];
  for (const { tablename } of tables as { tablename: string }[]) {
    const { rows } = await t.ctx.database.executor.executeSql(`select t::text as row from "${tablename}" t`);
    dump.push(...(rows as { row: string }[]).map((r) => r.row));
  }
  const { rows: jobs } = await t.ctx.boss.getDb().executeSql(`select data::text as row from pgboss.job`, []);
  dump.push(...(jobs as { row: string }[]).map((r) => r.row));
  return dump.join('\n');
}

/** Moves the server's clock by `ms` for `fn`. */
async function later<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  const before = t.ctx.now;
  t.ctx.now = () => new Date(Date.now() + ms);
  try {
    return await fn();
  } finally {
    t.ctx.now = before;
  }
}

describe('start and check', () => {
  it('sends an e-mail code through the Email channel, approves the right code once, and keeps the code only as its HMAC', async () => {
    const email = `User.${randomUUID().slice(0, 8)}@Example.com`;
    const res = await start(a.tokens.email.accessToken, { to: email, channel: 'email', code_length: 10, expires_in: 900 });
    expect(res.statusCode, res.body).toBe(201);
    const v = res.json();
    expect(v).toMatchObject({ to: email.toLowerCase(), channel: 'email', status: 'pending', attempts_left: 5 });
    expect(Date.parse(v.expires_at) - Date.parse(v.created_at)).toBe(900_000);
    expect(v.sends).toHaveLength(1);
    expect(v.sends[0]).toMatchObject({ channel: 'email' });
    const code = await mailedCode(email.toLowerCase());
    expect(code).toMatch(/^\d{10}$/);
    const mail = parseEml('smtp', peer.received.find((m) => m.to.includes(email.toLowerCase()))!.raw);
    expect(mail.text).toContain('expires in 15 minutes');

    // The code's message is an ordinary e-mail message, stored with the code masked.
    const [message] = await t.ctx.database.db.select().from(messages).where(eq(messages.id, v.sends[0].message_id));
    expect(message).toMatchObject({ channel: 'email', recipient: email.toLowerCase() });
    expect(JSON.stringify(message!.body)).toContain('••••••••••');
    const detail = await t.ctx.services.records.getRecord(a.organizationId, v.sends[0].message_id);
    expect(detail.body['sealed']).toBeUndefined();
    expect(JSON.stringify(detail)).not.toContain(code);

    const wrong = code === '0000000000' ? '1111111111' : '0000000000';
    const bad = await check(a.tokens.email.accessToken, v.id, wrong);
    expect(bad.statusCode).toBe(200);
    expect(bad.json()).toMatchObject({ id: v.id, status: 'pending', valid: false, attempts_left: 4 });
    // Any token of the application may check.
    const ok = await check(a.tokens.sms_otp.accessToken, v.id, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'approved', valid: true, attempts_left: 3 });
    expectError(await check(a.tokens.email.accessToken, v.id, code), 409, 'verification_closed');
    expect((await get(a.tokens.email.accessToken, v.id)).json()).toMatchObject({ status: 'approved' });
    expect((await row(v.id)).approvedAt).toBeInstanceOf(Date);

    const stored = await everyStoredRow();
    expect(stored).toContain(v.id);
    expect(stored.includes(code), 'the code is stored in the clear').toBe(false);
    expect(lines.join('\n').includes(code), 'the code is in the log').toBe(false);
    expect(lines.join('\n')).toContain('/v1/verify');
  });

  it('sends SMS over the SMS OTP token and channel, in the locale, and refuses another channel\'s token with 403', async () => {
    const before = await countVerifications(a.applicationId);
    expectError(await start(a.tokens.sms.accessToken, { to: '081234500011', channel: 'sms' }), 403, 'channel_not_enabled');
    expectError(await start(a.tokens.email.accessToken, { to: '081234500011', channel: 'call' }), 403, 'channel_not_enabled');
    expectError(await start(a.tokens.sms_otp.accessToken, { to: 'not a number', channel: 'sms' }), 400, 'invalid_request');
    expectError(await start(a.tokens.email.accessToken, { to: '081234500011', channel: 'email' }), 400, 'invalid_request');
    expectError(await start(a.tokens.sms_otp.accessToken, { to: '081234500011', channel: 'sms', code_length: 3 }), 400, 'invalid_request');
    expectError(await start(a.tokens.sms_otp.accessToken, { to: '081234500011', channel: 'sms', code_length: 11 }), 400, 'invalid_request');
    expectError(await start(a.tokens.sms_otp.accessToken, { to: '081234500011', channel: 'sms', expires_in: 59 }), 400, 'invalid_request');
    expectError(await start(a.tokens.sms_otp.accessToken, { to: '081234500011', channel: 'sms', expires_in: 3601 }), 400, 'invalid_request');
    expectError(await start(a.tokens.sms_otp.accessToken, { to: '081234500011', channel: 'fax' }), 400, 'invalid_request');
    expectError(await start(a.tokens.sms_otp.accessToken, { to: '081234500011', channel: 'sms', extra: 1 }), 400, 'invalid_request');
    expect(await countVerifications(a.applicationId)).toBe(before);

    const res = await start(a.tokens.sms_otp.accessToken, { to: '081234500011', channel: 'sms', code_length: 4, locale: 'id' });
    expect(res.statusCode, res.body).toBe(201);
    const v = res.json();
    expect(v.to).toBe('+6281234500011');
    const [message] = await t.ctx.database.db.select().from(messages).where(eq(messages.id, v.sends[0].message_id));
    expect(message!.channel).toBe('sms_otp');
    const body = message!.body as { text: string; sealed?: string };
    expect(body.text).toBe('Kode verifikasi Test App Anda adalah ••••. Berlaku 10 menit.');
    const code = await codeOf(v.id);
    expect(JSON.stringify(message)).not.toContain(`adalah ${code}`);
    await waitForStatus(t, v.sends[0].message_id, a.tokens.sms_otp.accessToken, 'delivered');
    // Once the carrier has it, the sealed text is dropped: nothing opens the code any more.
    const [sent] = await t.ctx.database.db.select().from(messages).where(eq(messages.id, v.sends[0].message_id));
    expect(sent!.body).toEqual({ to: '+6281234500011', text: 'Kode verifikasi Test App Anda adalah ••••. Berlaku 10 menit.' });
    expect((await check(a.tokens.sms_otp.accessToken, v.id, code)).json()).toMatchObject({ valid: true, status: 'approved' });
  });

  it('fails a verification at the 5th wrong code; later checks answer 409', async () => {
    const v = (await start(a.tokens.call.accessToken, { to: '081234500012', channel: 'call', code_length: 4 })).json();
    const code = await codeOf(v.id);
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 1; i <= 4; i++) expect((await check(a.tokens.call.accessToken, v.id, wrong)).json()).toMatchObject({ valid: false, status: 'pending', attempts_left: 5 - i });
    expect((await check(a.tokens.call.accessToken, v.id, wrong)).json()).toMatchObject({ valid: false, status: 'failed', attempts_left: 0 });
    expectError(await check(a.tokens.call.accessToken, v.id, code), 409, 'verification_closed');
    expectError(await resend(a.tokens.call.accessToken, v.id), 409, 'verification_closed');
    expectError(await cancel(a.tokens.call.accessToken, v.id), 409, 'verification_closed');
    expect((await get(a.tokens.call.accessToken, v.id)).json().status).toBe('failed');
    // The call's stored text has the code spoken digit by digit, masked.
    const [message] = await t.ctx.database.db.select().from(messages).where(eq(messages.id, v.sends[0].message_id));
    expect((message!.body as { text: string }).text).toContain('•, •, •, •');
  });

  it('approves exactly once when the right code is checked concurrently', async () => {
    const v = (await start(a.tokens.sms_otp.accessToken, { to: '081234500013', channel: 'sms', code_length: 4 })).json();
    const code = await codeOf(v.id);
    const answers = await Promise.all(Array.from({ length: 5 }, () => check(a.tokens.sms_otp.accessToken, v.id, code)));
    const approved = answers.filter((r) => r.statusCode === 200 && r.json().valid === true);
    expect(approved).toHaveLength(1);
    for (const r of answers.filter((x) => x !== approved[0])) expectError(r, 409, 'verification_closed');
    expect((await row(v.id)).attempts).toBe(1);
  });

  it('refuses a malformed code with 400 without using a check', async () => {
    const v = (await start(a.tokens.sms_otp.accessToken, { to: '081234500014', channel: 'sms' })).json();
    expectError(await check(a.tokens.sms_otp.accessToken, v.id, '12a456'), 400, 'invalid_request');
    expectError(await v1Post(t, `/verify/${v.id}/check`, a.tokens.sms_otp.accessToken, {}), 400, 'invalid_request');
    expect((await row(v.id)).attempts).toBe(0);
  });
});

describe('expiry, cancel and resend', () => {
  it('reads expired once expires_at passed, and answers 409 to check, resend and cancel', async () => {
    const v = (await start(a.tokens.sms_otp.accessToken, { to: '081234500021', channel: 'sms', code_length: 4, expires_in: 60 })).json();
    const code = await codeOf(v.id);
    await later(61_000, async () => {
      expect((await get(a.tokens.sms_otp.accessToken, v.id)).json()).toMatchObject({ status: 'expired' });
      expectError(await check(a.tokens.sms_otp.accessToken, v.id, code), 409, 'verification_closed');
      expectError(await resend(a.tokens.sms_otp.accessToken, v.id), 409, 'verification_closed');
      expectError(await cancel(a.tokens.sms_otp.accessToken, v.id), 409, 'verification_closed');
    });
    expect((await row(v.id)).status).toBe('expired');
    expect((await get(a.tokens.sms_otp.accessToken, v.id)).json().status).toBe('expired');
  });

  it('is expired by the every-minute sweep once its time passed, without being read', async () => {
    const v = (await start(a.tokens.sms_otp.accessToken, { to: '081234500024', channel: 'sms', code_length: 4, expires_in: 60 })).json();
    const fresh = (await start(a.tokens.sms_otp.accessToken, { to: '081234500025', channel: 'sms', code_length: 4 })).json();
    await t.ctx.database.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verifications.id, v.id));
    await t.ctx.services.verify.sweepExpiredVerifications();
    expect(await row(v.id)).toMatchObject({ status: 'expired' });
    expect((await row(v.id)).closedAt).toBeInstanceOf(Date);
    expect((await row(fresh.id)).status).toBe('pending');
  });

  it('cancels a pending verification once', async () => {
    const v = (await start(a.tokens.sms_otp.accessToken, { to: '081234500022', channel: 'sms', code_length: 4 })).json();
    const code = await codeOf(v.id);
    const res = await cancel(a.tokens.whatsapp.accessToken, v.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('canceled');
    expectError(await cancel(a.tokens.sms_otp.accessToken, v.id), 409, 'verification_closed');
    expectError(await check(a.tokens.sms_otp.accessToken, v.id, code), 409, 'verification_closed');
  });

  it('resends a new code at most 5 times, 30 s apart, and the old code is no longer valid', async () => {
    const v = (await start(a.tokens.sms_otp.accessToken, { to: '081234500023', channel: 'sms', code_length: 4 })).json();
    const first = await codeOf(v.id);
    const soon = expectError(await resend(a.tokens.sms_otp.accessToken, v.id), 429, 'rate_limited');
    expect(soon.message).toMatch(/30 seconds/);
    const tooSoon = await resend(a.tokens.sms_otp.accessToken, v.id);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(tooSoon.headers['retry-after'])).toBeLessThanOrEqual(30);

    let second = first;
    await later(31_000, async () => {
      const res = await resend(a.tokens.sms_otp.accessToken, v.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().sends).toHaveLength(2);
      second = await codeOf(v.id);
    });
    if (first !== second) expect((await check(a.tokens.sms_otp.accessToken, v.id, first)).json()).toMatchObject({ valid: false, status: 'pending' });
    for (let i = 2; i <= 4; i++) {
      await later(31_000 * i, async () => expect((await resend(a.tokens.sms_otp.accessToken, v.id)).statusCode).toBe(200));
    }
    await later(31_000 * 5, async () => {
      expectError(await resend(a.tokens.sms_otp.accessToken, v.id), 429, 'rate_limited');
      expect((await get(a.tokens.sms_otp.accessToken, v.id)).json().sends).toHaveLength(5);
      expect((await check(a.tokens.sms_otp.accessToken, v.id, await codeOf(v.id))).json()).toMatchObject({ valid: true, status: 'approved' });
    });
  });

  it('stays checkable after its SMS failed and a resend on the Call channel; a channel needs its token and a fitting recipient', async () => {
    // Sandbox numbers ending 0001 fail.
    const v = (await start(a.tokens.sms_otp.accessToken, { to: '081234560001', channel: 'sms', code_length: 4 })).json();
    await waitForStatus(t, v.sends[0].message_id, a.tokens.sms_otp.accessToken, 'failed');
    await later(31_000, async () => {
      expectError(await resend(a.tokens.sms_otp.accessToken, v.id, { channel: 'call' }), 403, 'channel_not_enabled');
      expectError(await resend(a.tokens.email.accessToken, v.id, { channel: 'email' }), 400, 'invalid_request');
      expectError(await resend(a.tokens.call.accessToken, v.id, { channel: 'fax' }), 400, 'invalid_request');
      const res = await resend(a.tokens.call.accessToken, v.id, { channel: 'call' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().sends.map((s: { channel: string }) => s.channel)).toEqual(['sms', 'call']);
      expect((await check(a.tokens.call.accessToken, v.id, await codeOf(v.id))).json()).toMatchObject({ valid: true, status: 'approved' });
    });
  });
});

describe('WhatsApp', () => {
  it('sends through an APPROVED AUTHENTICATION template with the code in the body and the copy-code button', async () => {
    const db = t.ctx.database.db;
    await db.insert(waTemplates).values([
      {
        organizationId: a.organizationId,
        applicationId: a.applicationId,
        name: 'login_code',
        language: 'en_US',
        category: 'AUTHENTICATION',
        status: 'APPROVED',
        components: [{ type: 'BODY', add_security_recommendation: true }, { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy code' }] }],
      },
      { organizationId: a.organizationId, applicationId: a.applicationId, name: 'utility_code', language: 'en', category: 'UTILITY', status: 'APPROVED', components: [{ type: 'BODY', text: 'Code {{1}}' }] },
      { organizationId: a.organizationId, applicationId: a.applicationId, name: 'pending_code', language: 'en', category: 'AUTHENTICATION', status: 'PENDING' },
    ]);
    const token = a.tokens.whatsapp.accessToken;
    const before = await countVerifications(a.applicationId);
    expectError(await start(token, { to: '081234500031', channel: 'whatsapp' }), 400, 'invalid_request');
    expectError(await start(token, { to: '081234500031', channel: 'whatsapp', template: 'missing' }), 422, 'template_not_approved');
    expectError(await start(token, { to: '081234500031', channel: 'whatsapp', template: 'utility_code' }), 422, 'template_not_approved');
    expectError(await start(token, { to: '081234500031', channel: 'whatsapp', template: 'pending_code' }), 422, 'template_not_approved');
    expect(await countVerifications(a.applicationId)).toBe(before);

    const res = await start(token, { to: '081234500031', channel: 'whatsapp', template: 'login_code', code_length: 4 });
    expect(res.statusCode, res.body).toBe(201);
    const v = res.json();
    const [message] = await db.select().from(messages).where(eq(messages.id, v.sends[0].message_id));
    expect(message).toMatchObject({ channel: 'whatsapp', templateName: 'login_code' });
    expect((message!.body as { template: unknown }).template).toEqual({ name: 'login_code', language: 'en_US', parameters: ['••••'], button_parameters: ['••••'] });
    await waitForStatus(t, v.sends[0].message_id, token, 'read');
    expect((await check(token, v.id, await codeOf(v.id))).json()).toMatchObject({ valid: true });
  });
});

describe('tenancy', () => {
  it("answers 404 for another application's or organization's verification and a malformed id, changing nothing", async () => {
    const other = await createAppWithToken(t, { channels: ['sms_otp'] });
    const v = (await start(a.tokens.sms_otp.accessToken, { to: '081234500041', channel: 'sms', code_length: 4 })).json();
    const code = await codeOf(v.id);
    const token = other.tokens.sms_otp.accessToken;
    expectError(await get(token, v.id), 404, 'not_found');
    expectError(await check(token, v.id, code), 404, 'not_found');
    expectError(await resend(token, v.id), 404, 'not_found');
    expectError(await cancel(token, v.id), 404, 'not_found');
    expectError(await get(token, 'not-an-id'), 404, 'not_found');
    expectError(await get(a.tokens.sms_otp.accessToken, randomUUID()), 404, 'not_found');
    const r = await row(v.id);
    expect(r).toMatchObject({ status: 'pending', attempts: 0, sendCount: 1 });
  });
});

describe('verification.status webhooks', () => {
  let receiver: WebhookReceiver;
  afterAll(async () => receiver?.close());

  it('raises approved, failed, canceled and expired, signed like the other events and without the code', async () => {
    receiver = await startWebhookReceiver();
    const w = await createAppWithToken(t, { channels: ['sms_otp'] });
    await t.ctx.services.webhooks.putWebhook(w.organizationId, w.applicationId, { url: receiver.url, enabled: true });
    const token = w.tokens.sms_otp.accessToken;
    const startOne = async (to: string, expiresIn = 600) => (await start(token, { to, channel: 'sms', code_length: 4, expires_in: expiresIn })).json();

    const approved = await startOne('081234500051');
    const approvedCode = await codeOf(approved.id);
    await check(token, approved.id, approvedCode);
    const failed = await startOne('081234500052');
    const failedCode = await codeOf(failed.id);
    for (let i = 0; i < 5; i++) await check(token, failed.id, failedCode === '0000' ? '1111' : '0000');
    const canceled = await startOne('081234500053');
    await cancel(token, canceled.id);
    const expired = await startOne('081234500054', 60);
    // Its minute has passed (moved in the table: the webhook worker runs on the real clock).
    await t.ctx.database.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verifications.id, expired.id));
    expect((await get(token, expired.id)).json().status).toBe('expired');
    expect((await get(token, expired.id)).json().status).toBe('expired'); // raised once

    const events = () =>
      receiver.received.map((r) => ({ headers: r.headers, body: JSON.parse(r.body) as { type: string; data: { verification_id: string; status: string } } })).filter((e) => e.body.type === 'verification.status');
    const until = Date.now() + 15_000;
    while (events().length < 4 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    const got = events();
    expect(got.map((e) => [e.body.data.verification_id, e.body.data.status]).sort()).toEqual(
      [
        [approved.id, 'approved'],
        [failed.id, 'failed'],
        [canceled.id, 'canceled'],
        [expired.id, 'expired'],
      ].sort(),
    );
    for (const e of got) {
      expect(e.headers['webhook-id']).toBeTruthy();
      expect(String(e.headers['webhook-signature'])).toMatch(/^v1,/);
      expect(e.body.data).toMatchObject({ channel: 'sms' });
    }
    const bodies = receiver.received.map((r) => r.body).join('\n');
    expect(bodies.includes(`"${approvedCode}"`) || bodies.includes(` ${approvedCode}.`)).toBe(false);
    const stored = await t.ctx.database.db.select({ id: webhookEvents.id }).from(webhookEvents).where(and(eq(webhookEvents.type, 'verification.status'), eq(webhookEvents.applicationId, w.applicationId)));
    expect(stored).toHaveLength(4);
  });
});
