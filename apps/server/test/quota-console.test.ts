/**
 * Prepaid quota, issue 10 (ARCHITECTURE.md §5; console.md §3, §4, §5, §7, §8): atomic consumption
 * under a burst of concurrent sends (the ledger and the usage agree), the console calls (billing and
 * remaining quota, the balance-quota check, the warning settings, tenant scoping, bad input), and
 * the warning e-mails: one per crossing, none while still below, one again after a top-up and a new
 * fall, race-safe, through the file outbox and once through a real local SMTP server.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTA_MESSAGES } from '@pesan/contracts/quota';
import { messages } from '../src/db/schema/messages.ts';
import { quotaLedger, quotas, quotaThresholds, quotaWarnings } from '../src/db/schema/quotas.ts';
import { readAdminKey } from '../src/modules/admin/admin-key.ts';
import { ADMIN_COMMANDS_PATH } from '../src/modules/admin/admin.service.ts';
import { changeQuota, setBillingType } from '../src/modules/quota/quota.service.ts';
import { checkQuotaWarnings } from '../src/modules/quota/quota-warnings.service.ts';
import { createTestApp, sameOrigin, testDbKind, type TestApp } from './harness.ts';
import { readMails, signUpWithOrganization } from './accounts-helper.ts';
import { createAppWithToken, issueToken, v1Post } from './v1-helper.ts';
import { startSmtpPeer } from './smtp-peer.ts';

/** Concurrent sends against half as many units (PGlite runs transactions one at a time: fewer there). */
const BURST = testDbKind() === 'postgres' ? 1000 : Number(process.env.QUOTA_BURST ?? 1000);

interface Tenant {
  cookie: string;
  organizationId: string;
  applicationId: string;
  smsToken: string;
}

/** A signed-up user with an organization and an application on `channels`, pre-paid, with an SMS token. */
async function prepaidTenant(t: TestApp, channels = ['sms', 'call', 'whatsapp', 'email']): Promise<Tenant> {
  const account = await signUpWithOrganization(t);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/application',
    headers: { ...sameOrigin, cookie: account.cookie },
    payload: { applicationName: 'Quota App', channels: channels.map((channel) => (channel === 'sms' ? { channel, senderName: 'PESAN', senderNumber: '081234567890' } : { channel })) },
  });
  expect(created.statusCode, created.body).toBe(201);
  const applicationId = created.json().id as string;
  await setBillingType(t.ctx.database.db, { app: applicationId, type: 'pre-paid' }, new Date());
  const smsToken = (await issueToken(t, { applicationId, organizationId: account.organizationId }, 'sms')).accessToken;
  return { cookie: account.cookie, organizationId: account.organizationId, applicationId, smsToken };
}

const get = (t: TestApp, cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const putSettings = (t: TestApp, cookie: string, id: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/setting/balance-quota/${id}`, headers: { ...sameOrigin, cookie }, payload: payload as object });
const sendSms = (t: TestApp, token: string, i = 0) => v1Post(t, '/sms/messages', token, { to: `0812${String(10_000_000 + i)}`, text: 'hi' });

/** Quota warning e-mails in the outbox (any recipient list containing `to`). */
const warningMails = (t: TestApp, to: string) => readMails(t).filter((m) => m.subject.startsWith('Quota warning') && m.to.includes(to));

describe('prepaid quota (console API and warnings)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ workers: false, env: { V1_RATE_LIMIT: '100000' } });
  });
  afterAll(async () => t?.close());

  it(`accepts exactly the units left out of ${BURST} concurrent sends; the ledger and the usage agree`, { timeout: 240_000 }, async () => {
    const a = await prepaidTenant(t, ['sms']);
    const db = t.ctx.database.db;
    const units = BURST / 2;
    await changeQuota(db, { app: a.applicationId, type: 'sms', add: units }, new Date());
    const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => sendSms(t, a.smsToken, i)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 202).length).toBe(units);
    expect(codes.filter((c) => c === 402).length).toBe(units);
    for (const r of answers.filter((x) => x.statusCode === 402)) expect(r.json().error.code).toBe('quota_exceeded');
    const [row] = await db.select().from(quotas).where(and(eq(quotas.applicationId, a.applicationId), eq(quotas.type, 'sms')));
    expect(row).toMatchObject({ quota: units, usage: units });
    const [ledger] = await db
      .select({ sum: sql<string>`coalesce(sum(${quotaLedger.delta}), 0)`, consumed: sql<string>`count(*) filter (where ${quotaLedger.reason} = 'message')` })
      .from(quotaLedger)
      .where(eq(quotaLedger.applicationId, a.applicationId));
    expect(Number(ledger!.sum)).toBe(row!.quota - row!.usage);
    expect(Number(ledger!.consumed)).toBe(units);
    const [stored] = await db.select({ n: sql<string>`count(*)` }).from(messages).where(eq(messages.applicationId, a.applicationId));
    expect(Number(stored!.n)).toBe(units);
    await t.app.afterAnswer.drain();
  });

  it('answers billing and remaining quota per type present, call quota in minutes; another organization gets 404', async () => {
    const a = await prepaidTenant(t);
    const db = t.ctx.database.db;
    await changeQuota(db, { app: a.applicationId, type: 'sms', add: 100 }, new Date());
    await changeQuota(db, { app: a.applicationId, type: 'call', add: 10 }, new Date());
    await changeQuota(db, { app: a.applicationId, type: 'wa_utility', add: 7 }, new Date());
    expect((await sendSms(t, a.smsToken)).statusCode).toBe(202);
    const res = await get(t, a.cookie, `/api/application/billing/${a.applicationId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        billing_type: 'pre-paid',
        remaining_quota: [
          { type: 'wa_marketing', quota: 0, usage: 0, quota_type: 'session' },
          { type: 'wa_utility', quota: 7, usage: 0, quota_type: 'session' },
          { type: 'wa_authentication', quota: 0, usage: 0, quota_type: 'session' },
          { type: 'sms', quota: 100, usage: 1, quota_type: 'message' },
          { type: 'email', quota: 0, usage: 0, quota_type: 'message' },
          { type: 'call', quota: 10, usage: 0, quota_type: 'menit' },
        ],
      },
    });
    const other = await signUpWithOrganization(t);
    for (const url of [`/api/application/billing/${a.applicationId}`, `/api/application/check/balance-quota/${a.applicationId}`, `/api/setting/balance-quota/${a.applicationId}`]) {
      expect((await get(t, other.cookie, url)).statusCode).toBe(404);
      expect((await get(t, a.cookie, url.replace(a.applicationId, 'not-a-uuid'))).statusCode).toBe(404);
    }
    const put = await putSettings(t, other.cookie, a.applicationId, { disable: false, email_recipient: [], thresholds: [] });
    expect(put.statusCode).toBe(404);
  });

  it('saves and reads the settings; refuses bad input with a clear message and changes nothing', async () => {
    const a = await prepaidTenant(t);
    const initial = (await get(t, a.cookie, `/api/setting/balance-quota/${a.applicationId}`)).json().data;
    expect(initial.disable).toBe(true);
    expect(initial.email_recipient).toEqual([]);
    expect(initial.thresholds.map((x: { type: string }) => x.type)).toEqual(['wa_marketing', 'wa_utility', 'wa_authentication', 'sms', 'sms_otp', 'email', 'call']);
    const ok = await putSettings(t, a.cookie, a.applicationId, {
      disable: false,
      email_recipient: [' Ops@Example.com ', 'b@example.com'],
      thresholds: [
        { type: 'sms', reminder: true, threshold: 50 },
        { type: 'email', reminder: false, threshold: 9 },
        { type: 'call', reminder: true },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe(QUOTA_MESSAGES.saved);
    const saved = (await get(t, a.cookie, `/api/setting/balance-quota/${a.applicationId}`)).json().data;
    expect(saved.disable).toBe(false);
    expect(saved.email_recipient).toEqual(['ops@example.com', 'b@example.com']);
    const byType = Object.fromEntries(saved.thresholds.map((x: { type: string }) => [x.type, x]));
    expect(byType.sms).toEqual({ type: 'sms', reminder: true, threshold: 50, remain_quota: 0 });
    // Unticking resets the threshold to 0 (console.md §4).
    expect(byType.email).toMatchObject({ reminder: false, threshold: 0 });
    expect(byType.call).toMatchObject({ reminder: true, threshold: 0 });

    const bad: [unknown, string][] = [
      [{ disable: false, email_recipient: ['nope'], thresholds: [] }, QUOTA_MESSAGES.emailInvalid],
      [{ disable: false, email_recipient: ['a@x.io', 'b@x.io', 'c@x.io', 'd@x.io', 'e@x.io', 'f@x.io'], thresholds: [] }, QUOTA_MESSAGES.tooManyRecipients],
      [{ disable: false, email_recipient: ['a@x.io', 'A@x.io'], thresholds: [] }, QUOTA_MESSAGES.duplicateRecipient],
      [{ disable: false, email_recipient: [], thresholds: [{ type: 'sms', reminder: true, threshold: -1 }] }, QUOTA_MESSAGES.thresholdInvalid],
      [{ disable: false, email_recipient: [], thresholds: [{ type: 'sms', reminder: true, threshold: 1.5 }] }, QUOTA_MESSAGES.thresholdInvalid],
      [{ disable: false, email_recipient: [], thresholds: [{ type: 'sms', reminder: true }, { type: 'sms', reminder: false }] }, QUOTA_MESSAGES.duplicateType],
    ];
    for (const [payload, message] of bad) {
      const res = await putSettings(t, a.cookie, a.applicationId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).toContain(message);
    }
    const res = await putSettings(t, a.cookie, a.applicationId, { disable: false, email_recipient: [], thresholds: [{ type: 'fax', reminder: true }] });
    expect(res.statusCode).toBe(400);
    expect((await get(t, a.cookie, `/api/setting/balance-quota/${a.applicationId}`)).json().data).toEqual(saved);
  });

  it('refuses warning settings for a post-paid application with 409 and saves nothing (issue 23 item 16)', async () => {
    const a = await prepaidTenant(t, ['sms']);
    const db = t.ctx.database.db;
    await setBillingType(db, { app: a.applicationId, type: 'post-paid' }, new Date());
    const before = (await get(t, a.cookie, `/api/setting/balance-quota/${a.applicationId}`)).json().data;
    const res = await putSettings(t, a.cookie, a.applicationId, { disable: false, email_recipient: ['ops@example.com'], thresholds: [{ type: 'sms', reminder: true, threshold: 5 }] });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'conflict', message: QUOTA_MESSAGES.postPaidOnly });
    const id = await t.app.inject({
      method: 'PUT',
      url: `/api/setting/balance-quota/${a.applicationId}`,
      headers: { ...sameOrigin, cookie: a.cookie, 'accept-language': 'id' },
      payload: { disable: true, email_recipient: [], thresholds: [] },
    });
    expect(id.statusCode).toBe(409);
    expect(id.json().error.message).toMatch(/^Peringatan kuota hanya berlaku untuk aplikasi prabayar/);
    expect((await get(t, a.cookie, `/api/setting/balance-quota/${a.applicationId}`)).json().data).toEqual(before);
    expect(await db.select().from(quotaThresholds).where(eq(quotaThresholds.applicationId, a.applicationId))).toEqual([]);
  });

  it('e-mails once per crossing, none while still below, again after a top-up and a new fall; the check lists the channel', { timeout: 60_000 }, async () => {
    const a = await prepaidTenant(t, ['sms']);
    const db = t.ctx.database.db;
    await changeQuota(db, { app: a.applicationId, type: 'sms', add: 10 }, new Date());
    expect((await putSettings(t, a.cookie, a.applicationId, { disable: false, email_recipient: ['warn-a@example.com', 'warn-b@example.com'], thresholds: [{ type: 'sms', reminder: true, threshold: 5 }] })).statusCode).toBe(200);
    const check = async () => (await get(t, a.cookie, `/api/application/check/balance-quota/${a.applicationId}`)).json().data.channel;
    const send = async (n: number) => {
      for (let i = 0; i < n; i++) expect((await sendSms(t, a.smsToken, i)).statusCode).toBe(202);
      await t.app.afterAnswer.drain();
    };
    await send(4); // remaining 6
    expect(await check()).toEqual([]);
    expect(warningMails(t, 'warn-a@example.com')).toHaveLength(0);
    await send(1); // remaining 5: at the threshold
    expect(await check()).toEqual(['sms']);
    const first = warningMails(t, 'warn-a@example.com');
    expect(first).toHaveLength(1);
    expect(first[0]!.to).toContain('warn-b@example.com');
    expect(first[0]!.text).toContain('is 5 Messages, at or below your threshold of 5 Messages');
    expect(first[0]!.text).toContain(`/my-application/detail/${a.applicationId}`);
    await send(3); // remaining 2: still below
    expect(warningMails(t, 'warn-a@example.com')).toHaveLength(1);

    // A top-up through the operator endpoint (as the CLI does while the server runs) re-arms it.
    const topUp = await t.app.inject({
      method: 'POST',
      url: ADMIN_COMMANDS_PATH,
      remoteAddress: '127.0.0.1',
      headers: { authorization: `Bearer ${readAdminKey(t.dataDir)}` },
      payload: { command: 'quota', app: a.applicationId, type: 'sms', add: 10 },
    });
    expect(topUp.statusCode, topUp.body).toBe(200);
    await t.app.afterAnswer.drain();
    const [armed] = await db.select().from(quotaThresholds).where(and(eq(quotaThresholds.applicationId, a.applicationId), eq(quotaThresholds.type, 'sms')));
    expect(armed!.armed).toBe(true);
    expect(await check()).toEqual([]); // remaining 12
    await send(6); // remaining 6
    expect(warningMails(t, 'warn-a@example.com')).toHaveLength(1);
    await send(1); // remaining 5
    expect(warningMails(t, 'warn-a@example.com')).toHaveLength(2);
    const rows = await db.select().from(quotaWarnings).where(eq(quotaWarnings.applicationId, a.applicationId));
    expect(rows.map((r) => ({ type: r.type, remaining: r.remaining, threshold: r.threshold, sent: r.sentAt !== null }))).toEqual([
      { type: 'sms', remaining: 5, threshold: 5, sent: true },
      { type: 'sms', remaining: 5, threshold: 5, sent: true },
    ]);

    // Switched off: no check entry and no e-mail.
    await changeQuota(db, { app: a.applicationId, type: 'sms', add: 100 }, new Date());
    await checkQuotaWarnings({ db, now: () => new Date(), mailer: t.ctx.mailer, publicUrl: 'http://localhost:3000' }, a.applicationId);
    expect((await putSettings(t, a.cookie, a.applicationId, { disable: true, email_recipient: ['warn-a@example.com'], thresholds: [{ type: 'sms', reminder: true, threshold: 500 }] })).statusCode).toBe(200);
    await t.app.afterAnswer.drain();
    expect(await check()).toEqual([]);
    expect(warningMails(t, 'warn-a@example.com')).toHaveLength(2);
  });

  it('sends one e-mail when concurrent sends cross the threshold together', { timeout: 60_000 }, async () => {
    const a = await prepaidTenant(t, ['sms']);
    const db = t.ctx.database.db;
    await changeQuota(db, { app: a.applicationId, type: 'sms', add: 40 }, new Date());
    await putSettings(t, a.cookie, a.applicationId, { disable: false, email_recipient: ['race@example.com'], thresholds: [{ type: 'sms', reminder: true, threshold: 30 }] });
    await Promise.all(Array.from({ length: 20 }, (_, i) => sendSms(t, a.smsToken, i)));
    // Checks without the per-process coalescing, all at once: the conditional disarm lets one through.
    const deps = { db, now: () => new Date(), mailer: t.ctx.mailer, publicUrl: 'http://localhost:3000' };
    const results = await Promise.all(Array.from({ length: 8 }, () => checkQuotaWarnings(deps, a.applicationId)));
    await t.app.afterAnswer.drain();
    expect(results.flat().length).toBeLessThanOrEqual(1);
    expect(warningMails(t, 'race@example.com')).toHaveLength(1);
  });

  it('never refuses a post-paid application for quota', async () => {
    const a = await prepaidTenant(t, ['sms']);
    await setBillingType(t.ctx.database.db, { app: a.applicationId, type: 'post-paid' }, new Date());
    for (let i = 0; i < 3; i++) expect((await sendSms(t, a.smsToken, i)).statusCode).toBe(202);
    expect((await get(t, a.cookie, `/api/application/billing/${a.applicationId}`)).json().data.billing_type).toBe('post-paid');
  });
});

describe('quota warning through SMTP', () => {
  it('delivers the warning to a real local SMTP server', { timeout: 60_000 }, async () => {
    const peer = await startSmtpPeer();
    const t = await createTestApp({ workers: false, env: { SMTP_URL: `smtp://127.0.0.1:${peer.port}` } });
    try {
      // Sign-up mail would go to the peer too: the tenant is inserted directly.
      const a = await createAppWithToken(t, { channels: ['sms'], billingType: 'pre-paid' });
      await changeQuota(t.ctx.database.db, { app: a.applicationId, type: 'sms', add: 3 }, new Date());
      await t.ctx.services.quota.putQuotaSettings(a.organizationId, a.applicationId, {
        disable: false,
        email_recipient: ['smtp-warn@example.com'],
        thresholds: [{ type: 'sms', reminder: true, threshold: 2 }],
      });
      const before = peer.received.length;
      expect((await sendSms(t, a.tokens.sms.accessToken)).statusCode).toBe(202);
      expect((await sendSms(t, a.tokens.sms.accessToken, 1)).statusCode).toBe(202);
      await t.app.afterAnswer.drain();
      const mails = peer.received.slice(before).filter((m) => m.to.includes('smtp-warn@example.com'));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.raw).toContain('Quota warning: SMS quota of Test App is low');
    } finally {
      await t.close();
      await peer.close();
    }
  });
});
