/**
 * Verify in the console (issue 27; ARCHITECTURE.md §6.4; contracts verify-console.ts):
 *
 * - the hourly rollup verify_stats_hourly (rollUpVerifyStats): figures per application, start
 *   channel and UTC hour after approvals, expiry (stored, and a pending one whose time passed),
 *   failure, cancel and pending across channels and days; idempotent (a second run changes
 *   nothing); a change after the watermark is picked up, one stamped long before it is not re-read;
 *   a fresh watermark recomputes everything;
 * - POST /api/report/verify: totals, conversion, median from the histograms, per_channel with
 *   zeros, day and hour series labelled in the organization's time zone; 404 for another
 *   organization's application;
 * - GET /api/verifications/{id}: the timeline of a verification started through /v1/verify and
 *   canceled, never the code's HMAC; 404 (the contract's message, the one envelope) for another
 *   organization's, a malformed or an unknown id;
 * - GET and PUT /api/applications/{id}/verify-settings: defaults, normalised countries, 400 with
 *   the contract's message and nothing changed, the audit entry, a viewer reads but may not PUT;
 * - GET /api/records/{messageId}: verification_id for a Verify code's message, null otherwise;
 * - the public OpenAPI document: the /v1/verify error answers (409, 403, 429) with their codes,
 *   descriptions and examples.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFY_MESSAGES } from '@pesan/contracts/verify';
import { medianFromHistogram, VERIFY_APPROVE_BUCKETS, VERIFY_CONSOLE_MESSAGES } from '@pesan/contracts/verify-console';
import { applicationChannels, applications } from '../src/db/schema/applications.ts';
import { auditLog } from '../src/db/schema/teams.ts';
import { verifications } from '../src/db/schema/verifications.ts';
import { verifyStatsHourly, verifyStatsWatermark } from '../src/db/schema/verify-stats.ts';
import { rollUpVerifyStats } from '../src/modules/verify/verify-stats.repo.ts';
import { signUpVerifiedUser } from './accounts-helper.ts';
import { createAccount, insertMessage, type Account } from './application-fixtures.ts';
import { createTestApp, sameOrigin, type TestApp } from './harness.ts';
import { issueToken, v1Post, type TokenPair } from './v1-helper.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Asia/Jakarta, the organizations' default zone: UTC+7 all year. */
const JAKARTA_OFFSET = 7 * HOUR;

let t: TestApp;
let A: Account;
let B: Account;
let appA: string;
let appB: string;
let viewer: { cookie: string };
let smsOtp: TokenPair;
/** Two local days in Jakarta, a few days back, as `YYYY-MM-DD`. */
let day1: string;
let day2: string;

const db = () => t.ctx.database.db;
/** The instant of local `day` at `hour`:`minute` in Jakarta. */
const localAt = (day: string, hour: number, minute = 0, second = 0) => new Date(Date.parse(`${day}T00:00:00Z`) - JAKARTA_OFFSET + hour * HOUR + minute * 60_000 + second * 1000);

async function newApplication(account: Account, name: string, channels: string[] = []): Promise<string> {
  const [row] = await db()
    .insert(applications)
    .values({ organizationId: account.organizationId, userId: account.userId, name, billingType: 'post-paid', requireSignature: false })
    .returning({ id: applications.id });
  if (channels.length) await db().insert(applicationChannels).values(channels.map((channel) => ({ applicationId: row!.id, organizationId: account.organizationId, channel })));
  return row!.id;
}

type Status = 'pending' | 'approved' | 'expired' | 'failed' | 'canceled';
/** Inserts a verification as the /v1/verify path leaves it (no code anybody knows); `approvedAfter` seconds. */
async function insertVerification(o: {
  account?: Account;
  applicationId?: string;
  channel: 'sms' | 'whatsapp' | 'call' | 'email';
  createdAt: Date;
  status: Status;
  approvedAfter?: number;
  expiresAt?: Date;
}): Promise<string> {
  const id = randomUUID();
  const account = o.account ?? A;
  const closedAt = o.status === 'pending' ? null : new Date(o.createdAt.getTime() + (o.approvedAfter ?? 60) * 1000);
  await db()
    .insert(verifications)
    .values({
      id,
      organizationId: account.organizationId,
      applicationId: o.applicationId ?? appA,
      recipient: o.channel === 'email' ? 'user@example.com' : '+6281234567890',
      country: o.channel === 'email' ? null : 'ID',
      channel: o.channel,
      status: o.status,
      codeHmac: 'f'.repeat(64),
      codeLength: 6,
      sendCount: 1,
      sends: [{ channel: o.channel, message_id: randomUUID(), at: o.createdAt.toISOString() }],
      expiresAt: o.expiresAt ?? new Date(o.createdAt.getTime() + 600_000),
      createdAt: o.createdAt,
      updatedAt: closedAt ?? o.createdAt,
      approvedAt: o.status === 'approved' ? closedAt : null,
      closedAt,
    });
  return id;
}

const statsRows = async (applicationId = appA) =>
  (await db().select().from(verifyStatsHourly).where(eq(verifyStatsHourly.applicationId, applicationId)))
    .map((r) => ({ ...r, hour: r.hour.toISOString() }))
    .sort((a, b) => `${a.hour}${a.channel}`.localeCompare(`${b.hour}${b.channel}`));
const hist = (seconds: number[]) => {
  const h = VERIFY_APPROVE_BUCKETS.map(() => 0);
  for (const s of seconds) h[VERIFY_APPROVE_BUCKETS.findIndex((b) => s <= b)]! += 1;
  return h;
};
const api = (account: { cookie: string }, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers: { ...sameOrigin, cookie: account.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
const report = (account: Account, body: object) => api(account, 'POST', '/report/verify', body);

let expiredLapsed: string;
let pendingEmail: string;

beforeAll(async () => {
  t = await createTestApp({ workers: false, env: { V1_RATE_LIMIT: '100000' } });
  A = await createAccount(t);
  B = await createAccount(t);
  appA = await newApplication(A, 'Shop', ['sms_otp', 'whatsapp', 'call', 'email', 'sms']);
  appB = await newApplication(B, 'Other');
  smsOtp = await issueToken(t, { applicationId: appA, organizationId: A.organizationId }, 'sms_otp');
  const person = await signUpVerifiedUser(t);
  await t.ctx.database.executor.executeSql(`update users set organization_id = $1, role = 'viewer', joined_at = now() where id = $2`, [A.organizationId, person.user.id]);
  viewer = { cookie: person.cookie };
  const today = new Date(Date.now() + JAKARTA_OFFSET).toISOString().slice(0, 10);
  day1 = new Date(Date.parse(`${today}T00:00:00Z`) - 4 * DAY).toISOString().slice(0, 10);
  day2 = new Date(Date.parse(`${today}T00:00:00Z`) - 3 * DAY).toISOString().slice(0, 10);

  // Day 1, 09:xx local: sms approved after 12 s and 50 s, one expired, one failed; whatsapp one canceled, one approved after 4 s.
  await insertVerification({ channel: 'sms', createdAt: localAt(day1, 9, 1), status: 'approved', approvedAfter: 12 });
  await insertVerification({ channel: 'sms', createdAt: localAt(day1, 9, 20), status: 'approved', approvedAfter: 50 });
  await insertVerification({ channel: 'sms', createdAt: localAt(day1, 9, 30), status: 'expired', approvedAfter: 600 });
  await insertVerification({ channel: 'sms', createdAt: localAt(day1, 9, 59, 59), status: 'failed', approvedAfter: 90 });
  await insertVerification({ channel: 'whatsapp', createdAt: localAt(day1, 9, 5), status: 'canceled', approvedAfter: 20 });
  await insertVerification({ channel: 'whatsapp', createdAt: localAt(day1, 9, 6), status: 'approved', approvedAfter: 4 });
  // Day 1, 10:00 local: an e-mail one still pending (its lifetime not over).
  pendingEmail = await insertVerification({ channel: 'email', createdAt: localAt(day1, 10, 0), status: 'pending', expiresAt: new Date(Date.now() + 2 * HOUR) });
  // Day 2, 15:xx local: a call approved after 100 s; an sms left pending after its expiry (reads expired).
  await insertVerification({ channel: 'call', createdAt: localAt(day2, 15, 10), status: 'approved', approvedAfter: 100 });
  expiredLapsed = await insertVerification({ channel: 'sms', createdAt: localAt(day2, 15, 40), status: 'pending' });
  // Another organization's verification, same hour: never in A's figures.
  await insertVerification({ account: B, applicationId: appB, channel: 'sms', createdAt: localAt(day1, 9, 2), status: 'approved', approvedAfter: 7 });
}, 120_000);
afterAll(async () => t?.close());

describe('the hourly rollup', () => {
  it('counts every verification by application, start channel and UTC hour, from a fresh watermark', async () => {
    expect(await rollUpVerifyStats(db(), t.ctx.now())).toBeGreaterThanOrEqual(6);
    const zero = { started: 0, approved: 0, expired: 0, failed: 0, canceled: 0, pending: 0 };
    const row = (channel: string, hour: Date, figures: Partial<typeof zero>, seconds: number[] = []) => ({
      organizationId: A.organizationId,
      applicationId: appA,
      channel,
      hour: hour.toISOString(),
      ...zero,
      ...figures,
      approveHist: hist(seconds),
    });
    expect(await statsRows()).toEqual([
      row('sms', localAt(day1, 9), { started: 4, approved: 2, expired: 1, failed: 1 }, [12, 50]),
      row('whatsapp', localAt(day1, 9), { started: 2, approved: 1, canceled: 1 }, [4]),
      row('email', localAt(day1, 10), { started: 1, pending: 1 }),
      row('call', localAt(day2, 15), { started: 1, approved: 1 }, [100]),
      row('sms', localAt(day2, 15), { started: 1, expired: 1 }),
    ].sort((a, b) => `${a.hour}${a.channel}`.localeCompare(`${b.hour}${b.channel}`)));
    expect((await statsRows(appB)).map((r) => [r.organizationId, r.started, r.approved])).toEqual([[B.organizationId, 1, 1]]);
    const [mark] = await db().select().from(verifyStatsWatermark);
    expect(mark!.rolledUpTo.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('is idempotent: a second run changes nothing', async () => {
    const before = await statsRows();
    await rollUpVerifyStats(db(), t.ctx.now());
    await rollUpVerifyStats(db(), t.ctx.now());
    expect(await statsRows()).toEqual(before);
  });

  it('picks up a change after the watermark, sets the recomputed figures, and does not re-read one stamped long before it', async () => {
    const approvedAt = new Date(localAt(day1, 10).getTime() + 30_000);
    await db().update(verifications).set({ status: 'approved', approvedAt, closedAt: approvedAt, attempts: 1, updatedAt: t.ctx.now() }).where(eq(verifications.id, pendingEmail));
    expect(await rollUpVerifyStats(db(), t.ctx.now())).toBeGreaterThanOrEqual(1);
    const email = (await statsRows()).find((r) => r.channel === 'email')!;
    expect(email).toMatchObject({ started: 1, approved: 1, pending: 0, approveHist: hist([30]) });

    // A row changed with an updated_at from days ago (before the watermark less its lag) is not looked at.
    await db().update(verifications).set({ status: 'canceled', updatedAt: localAt(day2, 15, 41) }).where(eq(verifications.id, expiredLapsed));
    const before = await statsRows();
    await rollUpVerifyStats(db(), t.ctx.now());
    expect(await statsRows()).toEqual(before);

    // A fresh watermark recomputes everything: that change too, and the rest as they were.
    await db().delete(verifyStatsHourly);
    await db().update(verifyStatsWatermark).set({ rolledUpTo: new Date(0) });
    await rollUpVerifyStats(db(), t.ctx.now());
    const after = await statsRows();
    expect(after.find((r) => r.channel === 'sms' && r.hour === localAt(day2, 15).toISOString())).toMatchObject({ started: 1, expired: 0, canceled: 1 });
    expect(after.filter((r) => r.channel !== 'sms' || r.hour !== localAt(day2, 15).toISOString())).toEqual(before.filter((r) => r.channel !== 'sms' || r.hour !== localAt(day2, 15).toISOString()));
    // Back as it was for the report tests.
    await db().update(verifications).set({ status: 'pending', updatedAt: t.ctx.now() }).where(eq(verifications.id, expiredLapsed));
    await rollUpVerifyStats(db(), t.ctx.now());
    expect((await statsRows()).find((r) => r.channel === 'sms' && r.hour === localAt(day2, 15).toISOString())).toMatchObject({ started: 1, expired: 1, canceled: 0 });
  });
});

describe('POST /api/report/verify', () => {
  it('answers the range figures, per channel (zeros included) and a daily series in the time zone', async () => {
    const res = await report(A, { application_id: appA, startDate: day1, endDate: day2 });
    expect(res.statusCode, res.body).toBe(200);
    // sms: 12 s, 50 s; whatsapp: 4 s; call: 100 s; email (approved in the test above): 30 s.
    const all = hist([12, 50, 4, 100, 30]);
    expect(res.json()).toEqual({
      data: {
        application_id: appA,
        granularity: 'day',
        time_zone: 'Asia/Jakarta',
        started: 9,
        approved: 5,
        expired: 2,
        failed: 1,
        canceled: 1,
        pending: 0,
        conversion_rate: 55.56,
        median_seconds_to_approve: medianFromHistogram(all),
        per_channel: [
          { channel: 'sms', started: 5, approved: 2, conversion_rate: 40, median_seconds_to_approve: 15 },
          { channel: 'whatsapp', started: 2, approved: 1, conversion_rate: 50, median_seconds_to_approve: 2.5 },
          { channel: 'call', started: 1, approved: 1, conversion_rate: 100, median_seconds_to_approve: 105 },
          { channel: 'email', started: 1, approved: 1, conversion_rate: 100, median_seconds_to_approve: 25 },
        ],
        series: [
          {
            label: day1,
            started: 7,
            approved: 4,
            channels: { sms: { started: 4, approved: 2 }, whatsapp: { started: 2, approved: 1 }, call: { started: 0, approved: 0 }, email: { started: 1, approved: 1 } },
          },
          {
            label: day2,
            started: 2,
            approved: 1,
            channels: { sms: { started: 1, approved: 0 }, whatsapp: { started: 0, approved: 0 }, call: { started: 1, approved: 1 }, email: { started: 0, approved: 0 } },
          },
        ],
      },
    });
    // 4 s, 12 s | 30 s, 50 s, 100 s: the middle one (the 3rd of 5) is in (20, 30]: 20 + (2.5 - 2) / 1 × 10 = 25.
    expect(res.json().data.median_seconds_to_approve).toBe(25);
  });

  it('answers 24 hourly points for a single day, labelled in local time, and zeros with null rates for an empty range', async () => {
    const res = await report(A, { application_id: appA, startDate: day1, endDate: day1 });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.granularity).toBe('hour');
    expect(d.series).toHaveLength(24);
    expect(d.series.map((p: { label: string }) => p.label)).toEqual(Array.from({ length: 24 }, (_, h) => `${day1} ${String(h).padStart(2, '0')}:00`));
    expect(d.series[9]).toMatchObject({ label: `${day1} 09:00`, started: 6, approved: 3 });
    expect(d.series[10]).toMatchObject({ label: `${day1} 10:00`, started: 1, approved: 1, channels: { email: { started: 1, approved: 1 } } });
    expect(d.series.filter((p: { started: number }) => p.started > 0)).toHaveLength(2);
    expect(d.per_channel.find((c: { channel: string }) => c.channel === 'call')).toEqual({ channel: 'call', started: 0, approved: 0, conversion_rate: null, median_seconds_to_approve: null });

    const empty = (await report(A, { application_id: appA, startDate: day2, endDate: day2 })).json().data;
    expect(empty.started).toBe(2);
    const none = await report(B, { application_id: appB, startDate: day2, endDate: day2 });
    expect(none.json().data).toMatchObject({ started: 0, approved: 0, conversion_rate: null, median_seconds_to_approve: null });
    expect(none.json().data.per_channel.map((c: { channel: string; started: number }) => [c.channel, c.started])).toEqual([['sms', 0], ['whatsapp', 0], ['call', 0], ['email', 0]]);
  });

  it('is a 404 for another organization\'s application and a 400 for a bad range; a viewer may read it', async () => {
    const other = await report(A, { application_id: appB, startDate: day1, endDate: day2 });
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toMatchObject({ code: 'not_found' });
    expect((await report(A, { application_id: appA, startDate: day2, endDate: day1 })).statusCode).toBe(400);
    const asViewer = await api(viewer, 'POST', '/report/verify', { application_id: appA, startDate: day1, endDate: day2 });
    expect(asViewer.statusCode).toBe(200);
    expect(asViewer.json().data.started).toBe(9);
  });
});

describe('a Verify message and its verification', () => {
  let verificationId: string;
  let messageId: string;

  it('links the code message to its verification in the message detail, and an ordinary message to none', async () => {
    const started = await v1Post(t, '/verify', smsOtp.accessToken, { to: '081234567891', channel: 'sms', code_length: 4 });
    expect(started.statusCode, started.body).toBe(201);
    verificationId = started.json().id;
    messageId = started.json().sends[0].message_id;
    const detail = await api(A, 'GET', `/records/${messageId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data).toMatchObject({ msgid: messageId, channel: 'sms_otp', verification_id: verificationId });
    expect((await api(viewer, 'GET', `/records/${messageId}`)).json().data.verification_id).toBe(verificationId);

    const plain = await insertMessage(t, { organizationId: A.organizationId, applicationId: appA, channel: 'sms_otp', recipient: '+6281234567891', createdAt: new Date(), updatedAt: new Date() });
    expect((await api(A, 'GET', `/records/${plain}`)).json().data.verification_id).toBeNull();
    const sms = await insertMessage(t, { organizationId: A.organizationId, applicationId: appA, channel: 'sms', recipient: '+6281234567891' });
    expect((await api(A, 'GET', `/records/${sms}`)).json().data.verification_id).toBeNull();
  });

  it('shows the timeline of the verification: started, sent, canceled, never the code', async () => {
    const cancel = await t.app.inject({ method: 'POST', url: `/v1/verify/${verificationId}/cancel`, headers: { authorization: `Bearer ${smsOtp.accessToken}` } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [v] = await db().select().from(verifications).where(eq(verifications.id, verificationId));
    const res = await api(viewer, 'GET', `/verifications/${verificationId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: {
        id: verificationId,
        application_id: appA,
        application_name: 'Shop',
        recipient: '+6281234567891',
        country: 'ID',
        channel: 'sms',
        status: 'canceled',
        locale: 'en',
        template: null,
        attempts: 0,
        attempts_left: 5,
        send_count: 1,
        created_at: v!.createdAt.toISOString(),
        expires_at: v!.expiresAt.toISOString(),
        approved_at: null,
        closed_at: v!.closedAt!.toISOString(),
        seconds_to_approve: null,
        events: [
          { kind: 'started', at: v!.createdAt.toISOString(), channel: 'sms', message_id: null },
          { kind: 'sent', at: v!.sends[0]!.at, channel: 'sms', message_id: messageId },
          { kind: 'canceled', at: v!.closedAt!.toISOString(), channel: null, message_id: null },
        ],
      },
    });
    expect(res.body).not.toContain(v!.codeHmac);
    expect(res.body).not.toContain('code_hmac');
  });

  it('reads a pending verification whose time passed as expired, and an approved one with its seconds to approve', async () => {
    const lapsed = (await api(A, 'GET', `/verifications/${expiredLapsed}`)).json().data;
    expect(lapsed.status).toBe('expired');
    expect(lapsed.events.map((e: { kind: string }) => e.kind)).toEqual(['started', 'sent', 'expired']);
    expect(lapsed.events[2].at).toBe(lapsed.expires_at);
    const approved = (await api(A, 'GET', `/verifications/${pendingEmail}`)).json().data;
    expect(approved).toMatchObject({ status: 'approved', seconds_to_approve: 30, attempts: 1, attempts_left: 4, channel: 'email', country: null });
    expect(approved.events.at(-1)).toEqual({ kind: 'approved', at: approved.approved_at, channel: null, message_id: null });
  });

  it("is a 404 with the contract's message for another organization's, an unknown or a malformed id", async () => {
    const [other] = await db().select({ id: verifications.id }).from(verifications).where(eq(verifications.applicationId, appB));
    for (const id of [other!.id, randomUUID(), 'not-a-uuid']) {
      const res = await api(A, 'GET', `/verifications/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: VERIFY_CONSOLE_MESSAGES.verificationNotFound, request_id: expect.any(String) } });
    }
  });
});

describe('verify settings', () => {
  const countriesOf = async (id: string) => (await db().select({ c: applications.verifyAllowedCountries }).from(applications).where(eq(applications.id, id)))[0]!.c;

  it('answers the defaults, then sets the countries normalised and records who did it', async () => {
    const get = await api(A, 'GET', `/applications/${appA}/verify-settings`);
    expect(get.statusCode, get.body).toBe(200);
    expect(get.json()).toEqual({ data: { allowed_countries: null, per_minute: 60, per_minute_is_default: true } });

    const put = await api(A, 'PUT', `/applications/${appA}/verify-settings`, { allowed_countries: ['sg', ' ID', 'id'] });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ data: { allowed_countries: ['ID', 'SG'], per_minute: 60, per_minute_is_default: true } });
    expect(await countriesOf(appA)).toEqual(['ID', 'SG']);
    const entries = await db().select().from(auditLog).where(and(eq(auditLog.organizationId, A.organizationId), eq(auditLog.action, 'application.verify_countries_changed')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: A.userId, targetType: 'application', targetId: appA, targetName: 'Shop', details: { allowed_countries: ['ID', 'SG'] } });

    // The operator's limit shows as set.
    await db().update(applications).set({ verifyPerMinute: 120 }).where(eq(applications.id, appA));
    expect((await api(viewer, 'GET', `/applications/${appA}/verify-settings`)).json().data).toEqual({ allowed_countries: ['ID', 'SG'], per_minute: 120, per_minute_is_default: false });
  });

  it("refuses bad countries with the contract's message and changes nothing", async () => {
    for (const allowed_countries of [['XX'], [], ['IDN'], 'ID', Array.from({ length: 251 }, () => 'ID')]) {
      const res = await api(A, 'PUT', `/applications/${appA}/verify-settings`, { allowed_countries });
      expect(res.statusCode, JSON.stringify(allowed_countries)).toBe(400);
      expect(res.json().error.code).toBe('invalid_request');
      expect(JSON.stringify(res.json().error)).toContain(VERIFY_CONSOLE_MESSAGES.countriesInvalid);
    }
    expect((await api(A, 'PUT', `/applications/${appA}/verify-settings`, { allowed_countries: ['ID'], extra: 1 })).statusCode).toBe(400);
    expect(await countriesOf(appA)).toEqual(['ID', 'SG']);
    expect(await db().select().from(auditLog).where(eq(auditLog.action, 'application.verify_countries_changed'))).toHaveLength(1);
  });

  it('lets a viewer read but not change them (403), and is a 404 for another organization', async () => {
    const refused = await api(viewer, 'PUT', `/applications/${appA}/verify-settings`, { allowed_countries: null });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('forbidden');
    expect(await countriesOf(appA)).toEqual(['ID', 'SG']);
    for (const [method, id] of [['GET', appB], ['PUT', appB], ['GET', 'nope'], ['PUT', randomUUID()]] as const) {
      const res = await api(A, method, `/applications/${id}/verify-settings`, method === 'PUT' ? { allowed_countries: ['ID'] } : undefined);
      expect(res.statusCode, `${method} ${id}`).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    expect(await countriesOf(appB)).toBeNull();
    const cleared = await api(A, 'PUT', `/applications/${appA}/verify-settings`, { allowed_countries: null });
    expect(cleared.json().data.allowed_countries).toBeNull();
    expect(await countriesOf(appA)).toBeNull();
  });
});

describe('the public OpenAPI document of /v1/verify', () => {
  it('describes 409, 403 and 429 with their real codes and examples', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const examplesOf = (path: string, status: string) => {
      const r = doc.paths[path].post.responses[status];
      return { description: r.description as string, examples: Object.values(r.content['application/json'].examples as Record<string, { value: { error: { code: string; message: string } } }>).map((e) => e.value.error) };
    };
    const closed = examplesOf('/v1/verify/{id}/check', '409');
    expect(closed.description).toContain('verification_closed');
    expect(closed.examples).toEqual([expect.objectContaining({ code: 'verification_closed', message: VERIFY_MESSAGES.closed })]);
    const forbidden = examplesOf('/v1/verify', '403');
    expect(forbidden.description).toContain('country_not_allowed');
    expect(forbidden.examples.map((e) => [e.code, e.message])).toEqual([
      ['country_not_allowed', VERIFY_MESSAGES.countryNotAllowed],
      ['channel_not_enabled', VERIFY_MESSAGES.wrongTokenChannel],
    ]);
    const limited = examplesOf('/v1/verify/{id}/resend', '429');
    expect(limited.examples.map((e) => e.message)).toEqual(expect.arrayContaining([VERIFY_MESSAGES.tooManySends, VERIFY_MESSAGES.resendTooSoon]));
    expect(examplesOf('/v1/verify', '429').examples.map((e) => e.message)).toEqual(expect.arrayContaining([VERIFY_MESSAGES.tooManyForRecipient, VERIFY_MESSAGES.tooManyForApplication]));
  });
});
