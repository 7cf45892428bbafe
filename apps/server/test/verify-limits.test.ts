/**
 * Verify's fraud guard and its operator settings (ARCHITECTURE.md §6.4, issue 27): at most 5
 * verifications per recipient an hour, the application's verifications per minute (60, or what
 * `verify:limit` set), the countries `verify:countries` allowed (403 country_not_allowed), and
 * prepaid quota taken per send (402, nothing kept). Refused starts store nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifications } from '../src/db/schema/verifications.ts';
import { messages } from '../src/db/schema/messages.ts';
import { quotas } from '../src/db/schema/quotas.ts';
import { applications } from '../src/db/schema/applications.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { createAppWithToken, v1Post } from './v1-helper.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { V1_RATE_LIMIT: '100000' } });
});
afterAll(async () => t.close());

type Res = { statusCode: number; json(): any; headers: Record<string, unknown>; body: string };
function expectError(res: Res, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error.code).toBe(code);
  return res.json().error;
}
const count = async (applicationId: string) => (await t.ctx.database.db.select({ id: verifications.id }).from(verifications).where(eq(verifications.applicationId, applicationId))).length;
const countMessages = async (applicationId: string) => (await t.ctx.database.db.select({ id: messages.id }).from(messages).where(eq(messages.applicationId, applicationId))).length;
const admin = (command: object) => t.ctx.services.admin.runAdminCommand(command, new Date());

describe('fraud guard', () => {
  it('starts at most 5 verifications per recipient an hour (429 with Retry-After); other recipients go on', async () => {
    const a = await createAppWithToken(t, { channels: ['sms_otp'] });
    const token = a.tokens.sms_otp.accessToken;
    for (let i = 0; i < 5; i++) expect((await v1Post(t, '/verify', token, { to: '081234511111', channel: 'sms' })).statusCode).toBe(201);
    // The same number written another way is the same recipient.
    const refused = await v1Post(t, '/verify', token, { to: '+62 812-3451-1111', channel: 'sms' });
    expectError(refused, 429, 'rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await count(a.applicationId)).toBe(5);
    expect(await countMessages(a.applicationId)).toBe(5);
    expect((await v1Post(t, '/verify', token, { to: '081234511112', channel: 'sms' })).statusCode).toBe(201);
    // An hour later the recipient may start again.
    const before = t.ctx.now;
    t.ctx.now = () => new Date(Date.now() + 3601_000);
    try {
      expect((await v1Post(t, '/verify', token, { to: '081234511111', channel: 'sms' })).statusCode).toBe(201);
    } finally {
      t.ctx.now = before;
    }
  });

  it("limits the application's verifications per minute to 60, or to what the operator set", async () => {
    const a = await createAppWithToken(t, { channels: ['email'] });
    const token = a.tokens.email.accessToken;
    const out = await admin({ command: 'verify:limit', app: a.applicationId, 'per-minute': '3' });
    expect(out.output).toContain('3 verifications a minute');
    for (let i = 0; i < 3; i++) expect((await v1Post(t, '/verify', token, { to: `v${i}@example.com`, channel: 'email' })).statusCode).toBe(201);
    const refused = await v1Post(t, '/verify', token, { to: 'v9@example.com', channel: 'email' });
    expectError(refused, 429, 'rate_limited');
    expect(refused.headers['retry-after']).toBe('60');
    expect(await count(a.applicationId)).toBe(3);

    await admin({ command: 'verify:limit', app: a.applicationId, 'per-minute': 'default' });
    const [row] = await t.ctx.database.db.select({ perMinute: applications.verifyPerMinute }).from(applications).where(eq(applications.id, a.applicationId));
    expect(row!.perMinute).toBeNull();
    for (let i = 3; i < 60; i++) expect((await v1Post(t, '/verify', token, { to: `v${i}@example.com`, channel: 'email' })).statusCode).toBe(201);
    expectError(await v1Post(t, '/verify', token, { to: 'v99@example.com', channel: 'email' }), 429, 'rate_limited');
    expect(await count(a.applicationId)).toBe(60);
  });

  it('refuses a number of a country the operator did not allow with 403 country_not_allowed', async () => {
    const a = await createAppWithToken(t, { channels: ['sms_otp', 'email'] });
    const token = a.tokens.sms_otp.accessToken;
    const out = await admin({ command: 'verify:countries', app: a.applicationId, set: 'sg,MY' });
    expect(out.output).toContain('SG, MY');
    expectError(await v1Post(t, '/verify', token, { to: '081234522222', channel: 'sms' }), 403, 'country_not_allowed');
    expect(await count(a.applicationId)).toBe(0);
    expect((await v1Post(t, '/verify', token, { to: '+6591234567', channel: 'sms' })).statusCode).toBe(201);
    // E-mail has no country.
    expect((await v1Post(t, '/verify', a.tokens.email.accessToken, { to: 'x@example.com', channel: 'email' })).statusCode).toBe(201);
    await admin({ command: 'verify:countries', app: a.applicationId, set: 'any' });
    expect((await v1Post(t, '/verify', token, { to: '081234522222', channel: 'sms' })).statusCode).toBe(201);
  });

  it('refuses bad operator input and unknown applications, changing nothing', async () => {
    const a = await createAppWithToken(t, { channels: ['sms_otp'] });
    await expect(admin({ command: 'verify:countries', app: a.applicationId, set: 'IDN' })).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(admin({ command: 'verify:countries', app: a.applicationId, set: '' })).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(admin({ command: 'verify:limit', app: a.applicationId, 'per-minute': '0' })).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(admin({ command: 'verify:limit', app: 'nope', 'per-minute': '5' })).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(admin({ command: 'verify:limit', app: '00000000-0000-4000-8000-000000000000', 'per-minute': '5' })).rejects.toMatchObject({ code: 'not_found' });
    const [row] = await t.ctx.database.db.select().from(applications).where(eq(applications.id, a.applicationId));
    expect(row).toMatchObject({ verifyAllowedCountries: null, verifyPerMinute: null });
  });
});

describe('quota', () => {
  it('takes prepaid quota per send; without quota the start is a 402 and nothing is kept', async () => {
    const a = await createAppWithToken(t, { channels: ['sms_otp'], billingType: 'pre-paid' });
    const token = a.tokens.sms_otp.accessToken;
    expectError(await v1Post(t, '/verify', token, { to: '081234533333', channel: 'sms' }), 402, 'quota_exceeded');
    expect(await count(a.applicationId)).toBe(0);
    expect(await countMessages(a.applicationId)).toBe(0);
    await admin({ command: 'quota', app: a.applicationId, type: 'sms_otp', set: '1' });
    const res = await v1Post(t, '/verify', token, { to: '081234533333', channel: 'sms' });
    expect(res.statusCode, res.body).toBe(201);
    const [q] = await t.ctx.database.db.select().from(quotas).where(eq(quotas.applicationId, a.applicationId));
    expect(q).toMatchObject({ type: 'sms_otp', usage: 1 });
    // The resend finds no quota: 402, and the verification is as it was.
    const before = t.ctx.now;
    t.ctx.now = () => new Date(Date.now() + 31_000);
    try {
      expectError(await v1Post(t, `/verify/${res.json().id}/resend`, token, {}), 402, 'quota_exceeded');
    } finally {
      t.ctx.now = before;
    }
    const [v] = await t.ctx.database.db.select().from(verifications).where(eq(verifications.id, res.json().id));
    expect(v).toMatchObject({ status: 'pending', sendCount: 1 });
  });
});
