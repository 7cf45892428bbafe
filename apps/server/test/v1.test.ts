/**
 * Public messaging API /v1 (ARCHITECTURE.md §6): authentication, every error code, idempotency,
 * quota, templates, E.164/country/segments, and each channel's sandbox lifecycle through GET.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { V1_MESSAGES } from '@pesan/contracts/messaging';
import { JWT_AUDIENCE, JWT_ISSUER } from '@pesan/contracts/token-file';
import { accessTokens, applicationChannels, applications } from '../src/db/schema/applications.ts';
import { idempotencyKeys, messageEvents, messages } from '../src/db/schema/messages.ts';
import { quotaLedger, quotas } from '../src/db/schema/quotas.ts';
import { waTemplates } from '../src/db/schema/templates.ts';
import { usedSignatures } from '../src/db/schema/security.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { createAppWithToken, messageFromDb, signHeaders, v1Get, v1Post, waitForStatus, type AppWithTokens } from './v1-helper.ts';

let t: TestApp;
let a: AppWithTokens;

beforeAll(async () => {
  t = await createTestApp();
  a = await createAppWithToken(t, { channels: ['whatsapp', 'sms', 'sms_otp', 'call', 'voice_otp', 'email'] });
});
afterAll(async () => t.close());

const countMessages = async (applicationId: string) =>
  (await t.ctx.database.db.select({ id: messages.id }).from(messages).where(eq(messages.applicationId, applicationId))).length;

function expectError(res: { statusCode: number; json(): any; headers: Record<string, unknown> }, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.request_id).toBe(res.headers['x-request-id']);
  return body.error;
}

describe('authentication', () => {
  it('refuses a missing, malformed, unknown, forged or revoked token with 401 and stores nothing', async () => {
    const b = await createAppWithToken(t, { channels: ['sms'] });
    const body = { to: '081234567890', text: 'hi' };
    const noAuth = await t.app.inject({ method: 'POST', url: '/v1/sms/messages', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    expectError(noAuth, 401, 'unauthorized');
    expectError(await v1Post(t, '/sms/messages', 'not-a-jwt', body), 401, 'unauthorized');

    // Signed by a key the server does not hold, with an unknown kid, and with a known kid (forged).
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const forge = (kid: string) =>
      new SignJWT({ org: b.organizationId, channel: 'sms' })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuer(JWT_ISSUER).setAudience(JWT_AUDIENCE).setSubject(b.applicationId).setJti(kid).setIssuedAt()
        .sign(privateKey);
    expectError(await v1Post(t, '/sms/messages', await forge(randomUUID()), body), 401, 'unauthorized');
    expectError(await v1Post(t, '/sms/messages', await forge(b.tokens.sms.tokenId), body), 401, 'unauthorized');

    // Wrong audience with the right key.
    const { publicKey, privateKey: pk2 } = await generateKeyPair('RS256', { extractable: true });
    const kid = randomUUID();
    await t.ctx.database.db.insert(accessTokens).values({ id: kid, applicationId: b.applicationId, organizationId: b.organizationId, channel: 'sms', publicKeyPem: await exportSPKI(publicKey) });
    const wrongAud = await new SignJWT({ org: b.organizationId, channel: 'sms' })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).setIssuer(JWT_ISSUER).setAudience('other').setSubject(b.applicationId).setJti(kid).setIssuedAt().sign(pk2);
    expectError(await v1Post(t, '/sms/messages', wrongAud, body), 401, 'unauthorized');

    // Revoked (a newer token was generated).
    expect((await v1Post(t, '/sms/messages', b.tokens.sms.accessToken, body)).statusCode).toBe(202);
    await t.ctx.database.db.update(accessTokens).set({ isRevoke: true }).where(eq(accessTokens.id, b.tokens.sms.tokenId));
    expectError(await v1Post(t, '/sms/messages', b.tokens.sms.accessToken, body), 401, 'unauthorized');
    expectError(await v1Get(t, randomUUID(), b.tokens.sms.accessToken), 401, 'unauthorized');
    expect(await countMessages(b.applicationId)).toBe(1);
  });

  it('refuses a token of another channel, or of an application without the channel or deleted, with 403', async () => {
    const b = await createAppWithToken(t, { channels: ['sms', 'email'] });
    const err = expectError(await v1Post(t, '/whatsapp/messages', b.tokens.sms.accessToken, { to: '081234567890', text: 'hi' }), 403, 'channel_not_enabled');
    expect(err.message).toMatch(/channel/);
    await t.ctx.database.db.delete(applicationChannels).where(and(eq(applicationChannels.applicationId, b.applicationId), eq(applicationChannels.channel, 'sms')));
    expectError(await v1Post(t, '/sms/messages', b.tokens.sms.accessToken, { to: '081234567890', text: 'hi' }), 403, 'channel_not_enabled');
    expect((await v1Post(t, '/email/messages', b.tokens.email.accessToken, { to: 'a@example.com', subject: 's', text: 'x' })).statusCode).toBe(202);
    await t.ctx.database.db.update(applications).set({ deletedAt: new Date() }).where(eq(applications.id, b.applicationId));
    expectError(await v1Post(t, '/email/messages', b.tokens.email.accessToken, { to: 'a@example.com', subject: 's', text: 'x' }), 403, 'channel_not_enabled');
    expect(await countMessages(b.applicationId)).toBe(1);
  });
});

describe('signed requests', () => {
  let s: AppWithTokens;
  beforeAll(async () => {
    s = await createAppWithToken(t, { channels: ['sms'], requireSignature: true });
  });
  const payload = JSON.stringify({ to: '081234567890', text: 'signed' });

  it('accepts a valid signature and refuses a missing, wrong or expired one with 401', async () => {
    const key = s.tokens.sms.privateKeyPem;
    const token = s.tokens.sms.accessToken;
    expectError(await v1Post(t, '/sms/messages', token, payload), 401, 'unauthorized');
    const signed = signHeaders(key, 'POST', '/v1/sms/messages', payload);
    const ok = await v1Post(t, '/sms/messages', token, payload, signed);
    expect(ok.statusCode).toBe(202);
    // The same signed request again (a captured request replayed within the window) is refused.
    const replay = expectError(await v1Post(t, '/sms/messages', token, payload, signed), 401, 'unauthorized');
    expect(replay.message).toBe(V1_MESSAGES.replayedSignature);
    const [used] = await t.ctx.database.db.select().from(usedSignatures);
    expect(used!.expiresAt.getTime()).toBe((Number(signed['x-timestamp']) + 300) * 1000);
    // The signature covers the body: another body with the same signature fails.
    const tampered = JSON.stringify({ to: '081234567890', text: 'changed' });
    expectError(await v1Post(t, '/sms/messages', token, tampered, signHeaders(key, 'POST', '/v1/sms/messages', payload)), 401, 'unauthorized');
    // Signed for another path.
    expectError(await v1Post(t, '/sms/messages', token, payload, signHeaders(key, 'POST', '/v1/calls', payload)), 401, 'unauthorized');
    // Expired: more than 300 s away.
    const old = Math.floor(Date.now() / 1000) - 301;
    const expired = expectError(await v1Post(t, '/sms/messages', token, payload, signHeaders(key, 'POST', '/v1/sms/messages', payload, old)), 401, 'unauthorized');
    expect(expired.message).toMatch(/5 minutes/);
    // Signed with another key.
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const { exportPKCS8 } = await import('jose');
    const otherPem = await exportPKCS8(privateKey);
    expectError(await v1Post(t, '/sms/messages', token, payload, signHeaders(otherPem, 'POST', '/v1/sms/messages', payload)), 401, 'unauthorized');
    expect(await countMessages(s.applicationId)).toBe(1);
    // GET is signed over an empty body.
    const id = ok.json().id;
    const path = `/v1/messages/${id}`;
    const get = await t.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}`, ...signHeaders(key, 'GET', path, '') } });
    expect(get.statusCode).toBe(200);
    expect(get.json().id).toBe(id);
    expectError(await v1Get(t, id, token), 401, 'unauthorized');
    // A new timestamp makes a new signature: the same read signed anew is accepted.
    const later = signHeaders(key, 'GET', path, '', Math.floor(Date.now() / 1000) + 1);
    expect((await t.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}`, ...later } })).statusCode).toBe(200);
    expect(await countMessages(s.applicationId)).toBe(1);
  });
});

describe('validation', () => {
  it('refuses bad bodies with 400 invalid_request and field details, storing nothing', async () => {
    const b = await createAppWithToken(t, { channels: ['sms', 'email', 'voice_otp', 'whatsapp'] });
    const tok = b.tokens;
    const badPhone = expectError(await v1Post(t, '/sms/messages', tok.sms.accessToken, { to: '12ab', text: 'x' }), 400, 'invalid_request');
    expect(badPhone.details).toEqual([{ path: 'to', message: badPhone.message }]);
    expectError(await v1Post(t, '/sms/messages', tok.sms.accessToken, { to: '0812', text: 'x' }), 400, 'invalid_request');
    expectError(await v1Post(t, '/sms/messages', tok.sms.accessToken, { to: '081234567890', text: 'x', extra: 1 }), 400, 'invalid_request');
    const missing = expectError(await v1Post(t, '/sms/messages', tok.sms.accessToken, { to: '081234567890' }), 400, 'invalid_request');
    expect(missing.details[0].path).toBe('text');
    expectError(await v1Post(t, '/sms/messages', tok.sms.accessToken, '{"to":'), 400, 'invalid_request');
    expectError(await v1Post(t, '/sms/messages', tok.sms.accessToken, ''), 400, 'invalid_request');
    expectError(await v1Post(t, '/email/messages', tok.email.accessToken, { to: 'nope', subject: 's', text: 'x' }), 400, 'invalid_request');
    expectError(await v1Post(t, '/email/messages', tok.email.accessToken, { to: 'a@example.com', subject: 's' }), 400, 'invalid_request');
    expectError(await v1Post(t, '/voice-otp', tok.voice_otp.accessToken, { to: '081234567890', code_length: 7 }), 400, 'invalid_request');
    expectError(await v1Post(t, '/whatsapp/messages', tok.whatsapp.accessToken, { to: '081234567890' }), 400, 'invalid_request');
    expectError(await v1Post(t, '/sms/messages', tok.sms.accessToken, { to: '081234567890', text: 'x' }, { 'idempotency-key': 'k'.repeat(256) }), 400, 'invalid_request');
    expect(await countMessages(b.applicationId)).toBe(0);
  });
});

describe('messages', () => {
  it('normalises to E.164 with country and counts SMS segments', async () => {
    const res = await v1Post(t, '/sms/messages', a.tokens.sms.accessToken, { to: '0812-3456-7890', text: 'a'.repeat(161) });
    expect(res.statusCode).toBe(202);
    const m = res.json();
    expect(m).toMatchObject({ channel: 'sms', to: '+6281234567890', country: 'ID', status: 'submitted', total_sms: 2, error: null });
    expect(m.created_at).toBe(m.updated_at);
    const us = (await v1Post(t, '/sms-otp/messages', a.tokens.sms_otp.accessToken, { to: '+1 415 555 2671', text: 'Kode OTP Anda 1234 😀' })).json();
    expect(us).toMatchObject({ to: '+14155552671', country: 'US', total_sms: 1 });
    const ucs = (await v1Post(t, '/sms/messages', a.tokens.sms.accessToken, { to: '6281234567890', text: 'é'.repeat(70) + 'ж' })).json();
    expect(ucs.total_sms).toBe(2);
    const row = (await messageFromDb(t, m.id)).row!;
    expect(row).toMatchObject({ recipient: '+6281234567890', country: 'ID', totalSms: 2, organizationId: a.organizationId, applicationId: a.applicationId });
  });

  it('answers GET only for the token application, else 404', async () => {
    const m = (await v1Post(t, '/sms/messages', a.tokens.sms.accessToken, { to: '081234567890', text: 'x' })).json();
    // Any channel token of the same application can read it.
    expect((await v1Get(t, m.id, a.tokens.email.accessToken)).statusCode).toBe(200);
    const other = await createAppWithToken(t, { channels: ['sms'] });
    expectError(await v1Get(t, m.id, other.tokens.sms.accessToken), 404, 'not_found');
    expectError(await v1Get(t, randomUUID(), a.tokens.sms.accessToken), 404, 'not_found');
    expectError(await v1Get(t, 'not-a-uuid', a.tokens.sms.accessToken), 404, 'not_found');
  });
});

describe('WhatsApp templates', () => {
  it('sends only APPROVED templates of the organization (422 otherwise)', async () => {
    const db = t.ctx.database.db;
    await db.insert(waTemplates).values([
      { organizationId: a.organizationId, applicationId: a.applicationId, name: 'pending_one', language: 'en', category: 'MARKETING', status: 'PENDING' },
      { organizationId: a.organizationId, applicationId: a.applicationId, name: 'order_update', language: 'id', category: 'UTILITY', status: 'APPROVED', components: [{ type: 'BODY', text: 'Halo {{1}}, pesanan Anda dikirim.' }] },
    ]);
    const send = (template: object) => v1Post(t, '/whatsapp/messages', a.tokens.whatsapp.accessToken, { to: '081234567890', template });
    const before = await countMessages(a.applicationId);
    expectError(await send({ name: 'missing', language: 'en' }), 422, 'template_not_approved');
    expectError(await send({ name: 'pending_one', language: 'en' }), 422, 'template_not_approved');
    expectError(await send({ name: 'order_update', language: 'en' }), 422, 'template_not_approved');
    expect(await countMessages(a.applicationId)).toBe(before);
    // Another organization's approved template is not ours.
    const other = await createAppWithToken(t, { channels: ['whatsapp'] });
    expectError(await v1Post(t, '/whatsapp/messages', other.tokens.whatsapp.accessToken, { to: '081234567890', template: { name: 'order_update', language: 'id' } }), 422, 'template_not_approved');
    // Parameters must match the template's variables (ARCHITECTURE.md §6), with the sandbox too.
    const missing = await send({ name: 'order_update', language: 'id' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details).toEqual([{ path: 'template.parameters', message: 'Missing body parameter {{1}}' }]);
    expect(await countMessages(a.applicationId)).toBe(before);
    const ok = await send({ name: 'order_update', language: 'id', parameters: ['Budi'] });
    expect(ok.statusCode).toBe(202);
    expect((await messageFromDb(t, ok.json().id)).row!.templateName).toBe('order_update');
  });
});

describe('prepaid quota', () => {
  it('refuses with 402 when short and consumes quota with a ledger row in the same transaction', async () => {
    const p = await createAppWithToken(t, { channels: ['sms', 'call', 'whatsapp', 'voice_otp'], billingType: 'pre-paid' });
    const db = t.ctx.database.db;
    // No quota row at all.
    expectError(await v1Post(t, '/sms/messages', p.tokens.sms.accessToken, { to: '081234567890', text: 'x' }), 402, 'quota_exceeded');
    await db.insert(quotas).values([
      { applicationId: p.applicationId, organizationId: p.organizationId, type: 'sms', quota: 10, usage: 9 },
      { applicationId: p.applicationId, organizationId: p.organizationId, type: 'call', quota: 100, usage: 0 },
      { applicationId: p.applicationId, organizationId: p.organizationId, type: 'wa_utility', quota: 1, usage: 0 },
    ]);
    // Two segments but one left.
    expectError(await v1Post(t, '/sms/messages', p.tokens.sms.accessToken, { to: '081234567890', text: 'a'.repeat(200) }), 402, 'quota_exceeded');
    expect(await countMessages(p.applicationId)).toBe(0);
    const ok = await v1Post(t, '/sms/messages', p.tokens.sms.accessToken, { to: '081234567890', text: 'short' });
    expect(ok.statusCode).toBe(202);
    const call = await v1Post(t, '/calls', p.tokens.call.accessToken, { to: '081234567890', text: 'Halo' });
    expect(call.statusCode).toBe(202);
    // 40 seconds left < 60.
    expectError(await v1Post(t, '/voice-otp', p.tokens.voice_otp.accessToken, { to: '081234567890' }), 402, 'quota_exceeded');
    await db.insert(waTemplates).values({ organizationId: p.organizationId, applicationId: p.applicationId, name: 'otp_util', language: 'en', category: 'UTILITY', status: 'APPROVED' });
    expect((await v1Post(t, '/whatsapp/messages', p.tokens.whatsapp.accessToken, { to: '081234567890', template: { name: 'otp_util', language: 'en' } })).statusCode).toBe(202);
    // WhatsApp text takes wa_marketing, which has no quota.
    expectError(await v1Post(t, '/whatsapp/messages', p.tokens.whatsapp.accessToken, { to: '081234567890', text: 'hi' }), 402, 'quota_exceeded');

    const rows = await db.select().from(quotas).where(eq(quotas.applicationId, p.applicationId));
    const usage = Object.fromEntries(rows.map((r) => [r.type, r.usage]));
    expect(usage).toEqual({ sms: 10, call: 60, wa_utility: 1 });
    const ledger = await db.select().from(quotaLedger).where(eq(quotaLedger.applicationId, p.applicationId));
    expect(ledger.map((l) => [l.type, l.delta, l.reason, l.messageId]).sort()).toEqual(
      [
        ['sms', -1, 'message', ok.json().id],
        ['call', -60, 'message', call.json().id],
        ['wa_utility', -1, 'message', expect.any(String)],
      ].sort(),
    );
    expect(await countMessages(p.applicationId)).toBe(3);
  });

  it('does not check quota for post-paid applications', async () => {
    expect((await v1Post(t, '/calls', a.tokens.call.accessToken, { to: '081234567890', text: 'Halo' })).statusCode).toBe(202);
    expect((await t.ctx.database.db.select().from(quotaLedger).where(eq(quotaLedger.applicationId, a.applicationId))).length).toBe(0);
  });
});

describe('idempotency', () => {
  it('replays the first result for the same key and body, and 409s another body', async () => {
    const b = await createAppWithToken(t, { channels: ['sms'] });
    const key = { 'idempotency-key': 'order-42' };
    const first = await v1Post(t, '/sms/messages', b.tokens.sms.accessToken, { to: '081234567890', text: 'Pesanan Anda dikirim' }, key);
    expect(first.statusCode).toBe(202);
    await waitForStatus(t, first.json().id, b.tokens.sms.accessToken, 'delivered');
    // The same body with its keys in another order is the same request (canonical JSON).
    const again = await v1Post(t, '/sms/messages', b.tokens.sms.accessToken, { text: 'Pesanan Anda dikirim', to: '081234567890' }, key);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await countMessages(b.applicationId)).toBe(1);
    const { events } = await messageFromDb(t, first.json().id);
    expect(events).toEqual(['submitted', 'in_queue', 'sent', 'delivered']);

    const conflict = await v1Post(t, '/sms/messages', b.tokens.sms.accessToken, { to: '081234567890', text: 'Another text' }, key);
    expectError(conflict, 409, 'idempotency_conflict');
    expect(await countMessages(b.applicationId)).toBe(1);
    // Another key is another message.
    expect((await v1Post(t, '/sms/messages', b.tokens.sms.accessToken, { to: '081234567890', text: 'Another text' }, { 'idempotency-key': 'order-43' })).statusCode).toBe(202);
    expect(await countMessages(b.applicationId)).toBe(2);
  });

  it('resolves concurrent sends with one key to one message', async () => {
    const b = await createAppWithToken(t, { channels: ['email'] });
    const body = { to: 'race@example.com', subject: 'Hi', text: 'x' };
    const results = await Promise.all(
      Array.from({ length: 5 }, () => v1Post(t, '/email/messages', b.tokens.email.accessToken, body, { 'idempotency-key': 'race' })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([202, 202, 202, 202, 202]);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    expect(await countMessages(b.applicationId)).toBe(1);
  });

  it('replays to every concurrent send with one key on a prepaid application with 1 unit left (no false 402)', async () => {
    const p = await createAppWithToken(t, { channels: ['sms'], billingType: 'pre-paid' });
    const db = t.ctx.database.db;
    await db.insert(quotas).values({ applicationId: p.applicationId, organizationId: p.organizationId, type: 'sms', quota: 10, usage: 9 });
    const body = { to: '081234567890', text: 'one unit' };
    const results = await Promise.all(
      Array.from({ length: 50 }, () => v1Post(t, '/sms/messages', p.tokens.sms.accessToken, body, { 'idempotency-key': 'last-unit' })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(202));
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    expect(results.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(49);
    expect(await countMessages(p.applicationId)).toBe(1);
    const [quota] = await db.select().from(quotas).where(eq(quotas.applicationId, p.applicationId));
    expect(quota).toMatchObject({ quota: 10, usage: 10 });
    expect(await db.select().from(quotaLedger).where(eq(quotaLedger.applicationId, p.applicationId))).toHaveLength(1);
  });

  it('frees a key after 24 hours', async () => {
    const b = await createAppWithToken(t, { channels: ['sms'] });
    const key = { 'idempotency-key': 'daily' };
    const first = (await v1Post(t, '/sms/messages', b.tokens.sms.accessToken, { to: '081234567890', text: 'x' }, key)).json();
    // The key's claim was made 25 hours ago.
    await t.ctx.database.db.update(idempotencyKeys).set({ createdAt: new Date(Date.now() - 25 * 3600_000) }).where(eq(idempotencyKeys.messageId, first.id));
    const second = await v1Post(t, '/sms/messages', b.tokens.sms.accessToken, { to: '081234567890', text: 'y' }, key);
    expect(second.statusCode).toBe(202);
    expect(second.json().id).not.toBe(first.id);
    // The claim now names the new message; the first keeps its row.
    const claims = await t.ctx.database.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.applicationId, b.applicationId), eq(idempotencyKeys.key, 'daily')));
    expect(claims.map((c) => c.messageId)).toEqual([second.json().id]);
    expect((await messageFromDb(t, first.id)).row!.status).toBeDefined();
  });
});

describe('sandbox lifecycles', () => {
  const cases: [string, 'whatsapp' | 'sms' | 'sms_otp' | 'call' | 'voice_otp' | 'email', object, string[], string | null][] = [
    ['/whatsapp/messages', 'whatsapp', { to: '081234567890', text: 'hi' }, ['submitted', 'in_queue', 'sent', 'delivered', 'read'], null],
    ['/whatsapp/messages', 'whatsapp', { to: '081234560001', text: 'hi' }, ['submitted', 'in_queue', 'failed'], 'Sandbox: delivery failed'],
    ['/whatsapp/messages', 'whatsapp', { to: '081234560002', text: 'hi' }, ['submitted', 'in_queue', 'rejected'], 'Sandbox: recipient number rejected'],
    ['/sms/messages', 'sms', { to: '081234567890', text: 'hi' }, ['submitted', 'in_queue', 'sent', 'delivered'], null],
    ['/sms/messages', 'sms', { to: '081234560001', text: 'hi' }, ['submitted', 'in_queue', 'failed'], 'Sandbox: delivery failed'],
    ['/sms/messages', 'sms', { to: '081234560002', text: 'hi' }, ['submitted', 'in_queue', 'rejected'], 'Sandbox: recipient number rejected'],
    ['/sms/messages', 'sms', { to: '081234560003', text: 'hi' }, ['submitted', 'in_queue', 'sent', 'undelivered'], expect.stringMatching(/^Sandbox/) as never],
    ['/sms-otp/messages', 'sms_otp', { to: '081234567890', text: '1234' }, ['submitted', 'in_queue', 'sent', 'delivered'], null],
    ['/calls', 'call', { to: '081234567890', text: 'Halo' }, ['in_queue', 'in_call', 'answered'], null],
    ['/calls', 'call', { to: '081234560005', text: 'Halo' }, ['in_queue', 'rna'], 'Sandbox: ring, no answer'],
    ['/calls', 'call', { to: '081234560006', text: 'Halo' }, ['in_queue', 'user_busy'], 'Sandbox: user busy'],
    ['/calls', 'call', { to: '081234560001', text: 'Halo' }, ['in_queue', 'failed'], 'Sandbox: delivery failed'],
    ['/voice-otp', 'voice_otp', { to: '081234567890', code_length: 6 }, ['in_queue', 'submitted', 'success'], null],
    ['/voice-otp', 'voice_otp', { to: '081234560001' }, ['in_queue', 'failed'], 'Sandbox: delivery failed'],
    ['/email/messages', 'email', { to: 'budi@example.com', subject: 'S', html: '<p>x</p>' }, ['submitted', 'in_queue', 'delivered'], null],
    ['/email/messages', 'email', { to: 'budi+bounce@example.com', subject: 'S', text: 'x' }, ['submitted', 'in_queue', 'failed'], 'Sandbox: mailbox bounced the message'],
    ['/email/messages', 'email', { to: 'budi+open@example.com', subject: 'S', text: 'x' }, ['submitted', 'in_queue', 'delivered', 'opened'], null],
    ['/email/messages', 'email', { to: 'budi+click@example.com', subject: 'S', text: 'x' }, ['submitted', 'in_queue', 'delivered', 'opened', 'clicked'], null],
    ['/email/messages', 'email', { to: 'budi+unsub@example.com', subject: 'S', text: 'x' }, ['submitted', 'in_queue', 'delivered', 'unsubscribe'], 'Sandbox: recipient unsubscribed'],
  ];

  it.each(cases)('%s %s %j reaches %j', async (path, channel, body, statuses, reason) => {
    const token = a.tokens[channel].accessToken;
    const res = await v1Post(t, path, token, body);
    expect(res.statusCode).toBe(202);
    const accepted = res.json();
    expect(accepted.status).toBe(statuses[0]);
    const final = await waitForStatus(t, accepted.id, token, statuses[statuses.length - 1]!);
    expect(final.events.map((e) => e.status)).toEqual(statuses);
    expect(final.error).toEqual(reason ? { reason } : null);
    if (reason) expect(final.events[final.events.length - 1]!.reason).toEqual(reason);
    const db = await messageFromDb(t, accepted.id);
    expect(db.events).toEqual(statuses);
    expect(db.row!.status).toBe(statuses[statuses.length - 1]);
  });

  it('Voice OTP returns the last code_length digits of the stored calling number', async () => {
    const res = (await v1Post(t, '/voice-otp', a.tokens.voice_otp.accessToken, { to: '081234567890', code_length: 5 })).json();
    expect(res.otp).toMatch(/^\d{5}$/);
    const { row } = await messageFromDb(t, res.id);
    const calling = (row!.body as { calling_number: string }).calling_number;
    expect(calling).toMatch(/^\+6221\d{8}$/);
    expect(calling.endsWith(res.otp)).toBe(true);
    expect(row!.otp).toBe(res.otp);
    expect((await v1Post(t, '/voice-otp', a.tokens.voice_otp.accessToken, { to: '081234567890' })).json().otp).toMatch(/^\d{4}$/);
  });

  it('0004 stays at sent with no job left', async () => {
    const token = a.tokens.sms.accessToken;
    const res = (await v1Post(t, '/sms/messages', token, { to: '081234560004', text: 'x' })).json();
    await waitForStatus(t, res.id, token, 'sent');
    await new Promise((r) => setTimeout(r, 1200));
    const { row, events } = await messageFromDb(t, res.id);
    expect(row!.status).toBe('sent');
    expect(events).toEqual(['submitted', 'in_queue', 'sent']);
    const jobs = await t.ctx.database.executor.executeSql(
      "select count(*)::int as n from pgboss.job where data->>'messageId' = $1 and state in ('created', 'retry', 'active')",
      [res.id],
    );
    expect((jobs.rows[0] as { n: number }).n).toBe(0);
    const steps = await t.ctx.database.executor.executeSql('select count(*)::int as n from sandbox_steps where message_id = $1', [res.id]);
    expect((steps.rows[0] as { n: number }).n).toBe(0);
  });

  it('dispatches from the messages table and runs the sandbox carrier from its table of due steps, with no pg-boss job per message or step', async () => {
    const token = a.tokens.sms.accessToken;
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push((await v1Post(t, '/sms/messages', token, { to: i % 2 ? '081234567890' : '081234560003', text: 'x' })).json().id as string);
    for (const [i, id] of ids.entries()) await waitForStatus(t, id, token, i % 2 ? 'delivered' : 'undelivered');
    for (const id of ids) expect((await messageFromDb(t, id)).events.slice(-2)).toEqual(['sent', expect.stringMatching(/^(delivered|undelivered)$/)]);
    const left = await t.ctx.database.executor.executeSql('select count(*)::int as n from sandbox_steps where message_id = any($1::uuid[])', [ids]);
    expect((left.rows[0] as { n: number }).n).toBe(0);
    // Neither a dispatch job per message nor a job per carrier step: both are claimed from tables.
    const jobs = await t.ctx.database.executor.executeSql("select count(*)::int as n from pgboss.job where name in ('sandbox-callback', 'message-dispatch')");
    expect((jobs.rows[0] as { n: number }).n).toBe(0);
  });
});

describe('rate limit', () => {
  it('answers 429 rate_limited past V1_RATE_LIMIT sends per minute per token', async () => {
    const r = await createTestApp({ env: { V1_RATE_LIMIT: '2' }, workers: false });
    try {
      const b = await createAppWithToken(r, { channels: ['sms'] });
      const c = await createAppWithToken(r, { channels: ['sms'] });
      const body = { to: '081234567890', text: 'x' };
      expect((await v1Post(r, '/sms/messages', b.tokens.sms.accessToken, body)).statusCode).toBe(202);
      expect((await v1Post(r, '/sms/messages', b.tokens.sms.accessToken, body)).statusCode).toBe(202);
      const limited = await v1Post(r, '/sms/messages', b.tokens.sms.accessToken, body);
      expectError(limited, 429, 'rate_limited');
      expect(limited.headers['retry-after']).toBeDefined();
      // Another token has its own budget; reads are not limited.
      expect((await v1Post(r, '/sms/messages', c.tokens.sms.accessToken, body)).statusCode).toBe(202);
      const db = r.ctx.database.db;
      expect((await db.select().from(messages).where(eq(messages.applicationId, b.applicationId))).length).toBe(2);
      const id = (await db.select().from(messages).where(eq(messages.applicationId, b.applicationId)))[0]!.id;
      expect((await v1Get(r, id, b.tokens.sms.accessToken)).statusCode).toBe(200);
    } finally {
      await r.close();
    }
  });
});

describe('events table', () => {
  it('records the first event at acceptance', async () => {
    const res = (await v1Post(t, '/calls', a.tokens.call.accessToken, { to: '081234567890', text: 'x' })).json();
    const rows = await t.ctx.database.db.select().from(messageEvents).where(eq(messageEvents.messageId, res.id));
    expect(rows[0]).toMatchObject({ status: 'in_queue', reason: null });
    expect(rows[0]!.at.toISOString()).toBe(res.created_at);
  });
});
