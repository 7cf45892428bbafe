import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { decodeProtectedHeader, importPKCS8, importSPKI, jwtVerify, SignJWT } from 'jose';
import { TOKEN_MESSAGES } from '@pesan/contracts/application';
import { JWT_AUDIENCE, JWT_ISSUER, parseTokenFile } from '@pesan/contracts/token-file';
import { accessTokens } from '../src/db/schema/applications.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { createAccount, type Account } from './application-fixtures.ts';

describe('access tokens API', () => {
  let t: TestApp;
  let a: Account;
  let b: Account;
  let appId: string;
  let clock = Date.parse('2025-02-01T00:00:00Z');

  beforeAll(async () => {
    t = await createTestApp({ workers: false });
    t.ctx.now = () => new Date((clock += 1000));
    a = await createAccount(t);
    b = await createAccount(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/application',
      headers: a.headers,
      payload: { applicationName: 'Token App', channels: [{ channel: 'sms' }, { channel: 'email' }, { channel: 'whatsapp' }] },
    });
    appId = res.json().id;
  });
  afterAll(async () => t.close());

  const db = () => t.ctx.database.db;
  const tokenCount = async () => (await db().select({ n: count() }).from(accessTokens))[0]!.n;
  const generate = (who: Account, id: string, body: object) =>
    t.app.inject({ method: 'POST', url: `/api/channel/generate/access-token/${id}`, headers: who.headers, payload: body });
  const statuses = (who: Account, id: string) => t.app.inject({ method: 'GET', url: `/api/application/${id}/tokens`, headers: { cookie: who.cookie } });

  it('lists every channel as Not Generated before any token', async () => {
    const res = await statuses(a, appId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        { channel: 'whatsapp', status: 'Not Generated', id: null, updated_at: null },
        { channel: 'sms', status: 'Not Generated', id: null, updated_at: null },
        { channel: 'email', status: 'Not Generated', id: null, updated_at: null },
      ],
    });
  });

  let firstSmsTokenId: string;

  it('generates a channel token file whose JWT verifies with the stored public key', async () => {
    const res = await generate(a, appId, { channel: 'sms' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${appId}.txt"`);
    const entries = parseTokenFile(res.body);
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({ applicationId: appId, channel: 'sms' });
    expect(entry!.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----/);

    const header = decodeProtectedHeader(entry!.accessToken);
    expect(header).toMatchObject({ alg: 'RS256', typ: 'JWT' });
    const rows = await db().select().from(accessTokens).where(eq(accessTokens.applicationId, appId));
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({ id: header.kid, organizationId: a.organizationId, channel: 'sms', isRevoke: false });
    firstSmsTokenId = row.id;

    const { payload } = await jwtVerify(entry!.accessToken, await importSPKI(row.publicKeyPem, 'RS256'), { issuer: JWT_ISSUER, audience: JWT_AUDIENCE });
    expect(payload).toMatchObject({ iss: 'pesan', aud: 'pesan-v1', sub: appId, org: a.organizationId, channel: 'sms', jti: row.id });
    expect(typeof payload.iat).toBe('number');

    // the DB row holds only the public key, never the private key
    expect(row.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain('PRIVATE KEY');
    const keyBody = entry!.privateKeyPem.split('\n').slice(1, -1).join('');
    expect(stored.replace(/\\n/g, '')).not.toContain(keyBody.slice(0, 64));

    // the private key in the file matches the stored public key (it signs what the public key verifies)
    const signed = await new SignJWT({ probe: 1 }).setProtectedHeader({ alg: 'RS256' }).sign(await importPKCS8(entry!.privateKeyPem, 'RS256'));
    await expect(jwtVerify(signed, await importSPKI(row.publicKeyPem, 'RS256'))).resolves.toBeTruthy();
  });

  it('shows the generated channel as Active', async () => {
    const data = (await statuses(a, appId)).json().data;
    expect(data[1]).toMatchObject({ channel: 'sms', status: 'Active', id: firstSmsTokenId });
    expect(Date.parse(data[1].updated_at)).toBeGreaterThan(0);
    expect(data[0].status).toBe('Not Generated');
  });

  it('revokes the older token of that channel when generating again', async () => {
    const res = await generate(a, appId, { channel: 'sms' });
    expect(res.statusCode).toBe(200);
    const [entry] = parseTokenFile(res.body);
    const newId = decodeProtectedHeader(entry!.accessToken).kid;
    const rows = await db().select().from(accessTokens).where(and(eq(accessTokens.applicationId, appId), eq(accessTokens.channel, 'sms')));
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.id === firstSmsTokenId)!.isRevoke).toBe(true);
    expect(rows.find((r) => r.id === newId)!.isRevoke).toBe(false);
    const data = (await statuses(a, appId)).json().data;
    expect(data[1]).toMatchObject({ channel: 'sms', status: 'Active', id: newId });
  });

  it('refuses a channel the application does not have, and writes nothing', async () => {
    const before = await tokenCount();
    const res = await generate(a, appId, { channel: 'call' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'invalid_request',
      message: TOKEN_MESSAGES.channelNotInApplication,
      details: [{ path: 'channel', message: TOKEN_MESSAGES.channelNotInApplication }],
    });
    const bad = await generate(a, appId, { channel: 'fax' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].path).toBe('channel');
    const missing = await generate(a, appId, {});
    expect(missing.statusCode).toBe(400);
    expect(await tokenCount()).toBe(before);
  });

  it('generates one token per channel right after creating an application', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/rsa/generate-token', headers: a.headers, payload: { application: appId } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${appId}.txt"`);
    const entries = parseTokenFile(res.body);
    expect(entries.map((e) => e.channel)).toEqual(['whatsapp', 'sms', 'email']);
    const rows = await db().select().from(accessTokens).where(eq(accessTokens.applicationId, appId));
    for (const e of entries) {
      const kid = decodeProtectedHeader(e.accessToken).kid;
      const row = rows.find((r) => r.id === kid)!;
      expect(row).toMatchObject({ channel: e.channel, isRevoke: false });
      const { payload } = await jwtVerify(e.accessToken, await importSPKI(row.publicKeyPem, 'RS256'), { issuer: JWT_ISSUER, audience: JWT_AUDIENCE });
      expect(payload.channel).toBe(e.channel);
    }
    // exactly one live token per channel
    const live = rows.filter((r) => !r.isRevoke);
    expect(live.map((r) => r.channel).sort()).toEqual(['email', 'sms', 'whatsapp']);
    expect((await statuses(a, appId)).json().data.map((d: { status: string }) => d.status)).toEqual(['Active', 'Active', 'Active']);
  });

  it('shows InActive when the latest token of a channel is revoked', async () => {
    await db()
      .update(accessTokens)
      .set({ isRevoke: true })
      .where(and(eq(accessTokens.applicationId, appId), eq(accessTokens.channel, 'email')));
    const data = (await statuses(a, appId)).json().data;
    expect(data[2]).toMatchObject({ channel: 'email', status: 'InActive' });
    expect(data[2].id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is a 404 for another organization, an unknown and a malformed id, and writes nothing', async () => {
    const before = await tokenCount();
    for (const [who, id] of [
      [b, appId],
      [a, '00000000-0000-4000-8000-000000000000'],
      [a, 'nope'],
    ] as const) {
      const one = await generate(who, id, { channel: 'sms' });
      expect(one.statusCode).toBe(404);
      expect(one.json().error.code).toBe('not_found');
      const all = await t.app.inject({ method: 'POST', url: '/api/auth/rsa/generate-token', headers: who.headers, payload: { application: id } });
      expect(all.statusCode).toBe(404);
      expect((await statuses(who, id)).statusCode).toBe(404);
    }
    expect(await tokenCount()).toBe(before);
  });

  it('refuses anonymous calls', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/channel/generate/access-token/${appId}`, headers: { origin: a.headers.origin }, payload: { channel: 'sms' } });
    expect(res.statusCode).toBe(401);
  });
});
