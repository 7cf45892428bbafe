/**
 * Console API hardening (ARCHITECTURE.md §5, §8): every bad input — wrong content type, malformed
 * multipart, over-long path ids, pages out of range, anonymous or cross-origin calls, expired
 * sessions — gets the error envelope with a clear message and changes nothing.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE } from '@pesan/contracts/application';
import { UPLOAD_MESSAGES } from '@pesan/contracts/upload';
import { applications } from '../src/db/schema/applications.ts';
import { organizations } from '../src/db/schema/organizations.ts';
import { sessions, users } from '../src/db/schema/users.ts';
import { createTestApp, sameOrigin, type TestApp } from './harness.ts';
import { signUpWithOrganization, TEST_PASSWORD } from './accounts-helper.ts';

describe('console API hardening', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof signUpWithOrganization>>;
  let appId: string;
  let h: { origin: string; cookie: string };
  beforeAll(async () => {
    t = await createTestApp({ workers: false, env: { AUTH_RATE_LIMIT: '1000' } });
    a = await signUpWithOrganization(t);
    h = { ...sameOrigin, cookie: a.cookie };
    const created = await t.app.inject({ method: 'POST', url: '/api/application', headers: h, payload: { applicationName: 'Kept', channels: [{ channel: 'sms' }] } });
    appId = created.json().id;
  });
  afterAll(async () => t.close());

  const db = () => t.ctx.database.db;
  const userCount = async () => Number((await db().select({ n: count() }).from(users))[0]!.n);
  const appRow = async () => (await db().select().from(applications).where(eq(applications.id, appId)))[0]!;
  const uploads = () => (existsSync(join(t.dataDir, 'uploads')) ? readdirSync(join(t.dataDir, 'uploads')) : []);
  const expectEnvelope = (res: { statusCode: number; json(): any; headers: Record<string, unknown> }, status: number, code: string) => {
    expect(res.statusCode).toBe(status);
    const body = res.json();
    expect(body.error.code).toBe(code);
    expect(typeof body.error.message).toBe('string');
    expect(body.error.message.length).toBeGreaterThan(5);
    expect(body.error.request_id).toBe(res.headers['x-request-id']);
    return body.error as { code: string; message: string; details?: { path: string; message: string }[] };
  };

  // Issue 23 item 24: ESC/BEL (screen clearing, window title, fake lines) and names that show nothing.
  const CONTROL_NAMES = ['\u001b[2J\u001b[HPwned', 'Bell\u0007', '\u001b]0;title\u0007App', 'Two\nLines', 'Tab\tName', 'C1\u009bx', 'Sep\u2028x', 'Del\u007f'];
  const INVISIBLE_NAMES = ['\u200b', '\u200b\u200c\u200d\u2060\ufeff', '\u3164\u115f', '\u00ad\u200e', '\u2800'];

  it('refuses control characters and names with no visible character in application, person and business names (400, nothing changed, English and Indonesian)', async () => {
    const before = await appRow();
    const [person] = await db().select().from(users).where(eq(users.id, a.user.id));
    const [org] = await db().select().from(organizations).where(eq(organizations.id, a.organizationId));
    const calls: [label: string, send: (name: string, lang?: string) => Promise<{ statusCode: number; json(): any; headers: Record<string, unknown> }>][] = [
      ['Application name', (name, lang = 'en') => t.app.inject({ method: 'PUT', url: `/api/application/${appId}`, headers: { ...h, 'accept-language': lang }, payload: { applicationName: name } })],
      ['Application name', (name, lang = 'en') => t.app.inject({ method: 'POST', url: '/api/application', headers: { ...h, 'accept-language': lang }, payload: { applicationName: name, channels: [{ channel: 'sms' }] } })],
      ['Sender name', (name, lang = 'en') => t.app.inject({ method: 'PUT', url: `/api/application/${appId}`, headers: { ...h, 'accept-language': lang }, payload: { applicationName: 'Kept', channels: [{ channel: 'sms', senderName: name.slice(0, 11) }] } })],
      ['Full Name', (name, lang = 'en') => t.app.inject({ method: 'PUT', url: `/api/user/${a.user.id}`, headers: { ...h, 'accept-language': lang }, payload: { fullName: name } })],
      ['Business unit name', (name, lang = 'en') =>
        t.app.inject({ method: 'PUT', url: `/api/organization/${a.organizationId}`, headers: { ...h, 'accept-language': lang }, payload: { business_name: name, business_phone: '081234567890', business_address: 'Jl. Sudirman 1', website_url: '' } })],
    ];
    for (const [label, send] of calls) {
      for (const name of CONTROL_NAMES) {
        const err = expectEnvelope(await send(name), 400, 'invalid_request');
        expect([label, name, err.message]).toEqual([label, name, `${label} must not contain control characters`]);
      }
      for (const name of INVISIBLE_NAMES) {
        const err = expectEnvelope(await send(name), 400, 'invalid_request');
        expect([label, name, err.message]).toEqual([label, name, `${label} must contain at least one visible character`]);
      }
    }
    const id = expectEnvelope(await calls[0]![1]('Bell\u0007', 'id'), 400, 'invalid_request');
    expect(id.message).toBe('Nama aplikasi tidak boleh berisi karakter kontrol');
    const idInvisible = expectEnvelope(await calls[0]![1]('\u200b', 'id'), 400, 'invalid_request');
    expect(idInvisible.message).toBe('Nama aplikasi harus berisi setidaknya satu karakter yang terlihat');
    // Nothing changed; no application was created.
    expect(await appRow()).toEqual(before);
    expect((await db().select().from(users).where(eq(users.id, a.user.id)))[0]).toEqual(person);
    expect((await db().select().from(organizations).where(eq(organizations.id, a.organizationId)))[0]).toEqual(org);
    expect(Number((await db().select({ n: count() }).from(applications))[0]!.n)).toBe(1);
    // Visible names with emoji, accents, RTL text and a joiner inside are fine; an address keeps its line breaks.
    for (const name of ['Toko Maju 😀', 'Café Ünïcode', 'مرحبا', '👨‍👩‍👧 Family']) {
      const ok = await calls[0]![1](name);
      expect([name, ok.statusCode]).toEqual([name, 200]);
    }
    const address = await t.app.inject({ method: 'PUT', url: `/api/organization/${a.organizationId}`, headers: h, payload: { business_name: 'Org', business_phone: '081234567890', business_address: 'Jl. Sudirman 1\r\nJakarta', website_url: '' } });
    expect(address.statusCode, address.body).toBe(200);
    const escAddress = await t.app.inject({ method: 'PUT', url: `/api/organization/${a.organizationId}`, headers: h, payload: { business_name: 'Org', business_phone: '081234567890', business_address: 'Jl.\u001b[2J', website_url: '' } });
    expect(expectEnvelope(escAddress, 400, 'invalid_request').message).toBe('Address must not contain control characters');
    expect((await calls[0]![1]('Kept')).statusCode).toBe(200);
  });

  it('refuses text/plain and form bodies with 415 unsupported_media_type and creates nothing', async () => {
    const before = await userCount();
    const body = JSON.stringify({ fullName: 'A', email: 'plain@example.com', phoneNumber: '081234567890', password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { ...sameOrigin, 'content-type': type }, payload: body });
      expect(expectEnvelope(res, 415, 'unsupported_media_type').message).toBe(`Unsupported content type '${type}': send application/json`);
    }
    const rename = await t.app.inject({ method: 'PUT', url: `/api/application/${appId}`, headers: { ...h, 'content-type': 'text/plain' }, payload: JSON.stringify({ applicationName: 'Changed' }) });
    expectEnvelope(rename, 415, 'unsupported_media_type');
    expect(await userCount()).toBe(before);
    expect((await appRow()).name).toBe('Kept');
  });

  it('answers multipart bodies on JSON calls with 415 and changes nothing', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/application/${appId}`,
      headers: { ...h, 'content-type': 'multipart/form-data; boundary=abc' },
      payload: '--abc\r\nContent-Disposition: form-data; name="applicationName"\r\n\r\nChanged\r\n--abc--\r\n',
    });
    expectEnvelope(res, 415, 'unsupported_media_type');
    expect((await appRow()).name).toBe('Kept');
  });

  it('answers malformed multipart uploads with 400 and stores nothing', async () => {
    const file = '--abc\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n';
    for (const [contentType, payload] of [
      ['multipart/form-data', 'no boundary at all'],
      ['multipart/form-data; boundary=abc', 'garbage without any part'],
      ['multipart/form-data; boundary=abc', `${file}\x89PNG\r\n\x1a\n truncated`],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...h, 'content-type': contentType }, payload });
      expect(expectEnvelope(res, 400, 'invalid_request').message, payload).toBe(UPLOAD_MESSAGES.malformed);
    }
    const tooManyFields = Array.from({ length: 10 }, (_, i) => `--abc\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`).join('') + '--abc--\r\n';
    const fields = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...h, 'content-type': 'multipart/form-data; boundary=abc' }, payload: tooManyFields });
    expect(fields.statusCode).toBeGreaterThanOrEqual(400);
    expect(fields.statusCode).toBeLessThan(500);
    expect(uploads()).toEqual([]);
  });

  it('answers over-long path ids with a 404 envelope, like any unknown id', async () => {
    const long = 'a'.repeat(300);
    for (const [method, url] of [
      ['GET', `/api/application/${long}`],
      ['GET', `/api/user/${long}`],
      ['GET', `/api/organization/${long}`],
      ['GET', `/api/uploads/${long}`],
      ['GET', `/api/application/${long}/tokens`],
      ['DELETE', `/api/application/${long}`],
    ] as const) {
      expectEnvelope(await t.app.inject({ method, url, headers: h }), 404, 'not_found');
    }
  });

  it('refuses anonymous calls with 401 before validating their bodies', async () => {
    for (const [method, url] of [
      ['POST', '/api/application'],
      ['POST', '/api/application/list'],
      ['PUT', `/api/application/${appId}`],
      ['POST', '/api/records'],
      ['POST', `/api/channel/generate/access-token/${appId}`],
      ['POST', '/api/auth/rsa/generate-token'],
      ['GET', '/api/channel'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: sameOrigin, ...(method === 'GET' ? {} : { payload: { bogus: true } }) });
      expectEnvelope(res, 401, 'unauthorized');
    }
    expect((await appRow()).name).toBe('Kept');
  });

  it(`refuses a page beyond ${MAX_PAGE} with 400 instead of failing in SQL`, async () => {
    const list = await t.app.inject({ method: 'POST', url: '/api/application/list', headers: h, payload: { page: 1e300 } });
    expect(expectEnvelope(list, 400, 'invalid_request').details).toContainEqual({ path: 'page', message: `page must be at most ${MAX_PAGE}` });
    const records = await t.app.inject({ method: 'POST', url: '/api/records', headers: h, payload: { application_id: appId, channel: 'sms', page: 1e300 } });
    expect(expectEnvelope(records, 400, 'invalid_request').details).toContainEqual({ path: 'page', message: `page must be at most ${MAX_PAGE}` });
    const last = await t.app.inject({ method: 'POST', url: '/api/application/list', headers: h, payload: { page: MAX_PAGE } });
    expect(last.json()).toMatchObject({ data: [], page: MAX_PAGE, total: 1 });
  });

  it('refuses cross-origin PUT, PATCH, DELETE and multipart calls with 403 and changes nothing', async () => {
    const org = async () => (await db().select().from(organizations).where(eq(organizations.id, a.organizationId)))[0]!;
    const orgBefore = await org();
    for (const foreign of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }]) {
      const headers = { cookie: a.cookie, ...foreign };
      const calls = [
        t.app.inject({ method: 'PUT', url: `/api/application/${appId}`, headers, payload: { applicationName: 'Hijacked' } }),
        t.app.inject({ method: 'DELETE', url: `/api/application/${appId}`, headers }),
        t.app.inject({ method: 'PUT', url: `/api/user/${a.user.id}`, headers, payload: { fullName: 'Hijacked' } }),
        t.app.inject({ method: 'PUT', url: `/api/organization/${a.organizationId}`, headers, payload: { business_name: 'Hijacked', business_phone: '0215550100', business_address: 'x', website_url: '' } }),
        t.app.inject({ method: 'PATCH', url: '/api/auth/reset_password/abc', headers, payload: { password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD } }),
        t.app.inject({ method: 'POST', url: `/api/auth/change_password/${a.user.id}`, headers, payload: { oldPassword: TEST_PASSWORD, password: 'Other#1234', confirmPassword: 'Other#1234' } }),
        t.app.inject({
          method: 'POST',
          url: '/api/upload',
          headers: { ...headers, 'content-type': 'multipart/form-data; boundary=abc' },
          payload: '--abc\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n\x89PNG\r\n--abc--\r\n',
        }),
      ];
      for (const res of await Promise.all(calls)) expect(expectEnvelope(res, 403, 'forbidden').message).toBe('Cross-origin request refused');
    }
    expect(await appRow()).toMatchObject({ name: 'Kept', deletedAt: null });
    expect(await org()).toEqual(orgBefore);
    expect((await db().select().from(users).where(eq(users.id, a.user.id)))[0]!.fullName).toBe(a.user.fullName);
    expect(uploads()).toEqual([]);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: sameOrigin, payload: { email: a.user.email, password: TEST_PASSWORD } });
    expect(login.statusCode).toBe(200);
  });

  it('refuses an expired session with 401 (the session probe answers it as anonymous)', async () => {
    const b = await signUpWithOrganization(t);
    const get = () => t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: b.cookie } });
    expect((await get()).json().data.id).toBe(b.user.id);
    await db().update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, b.user.id));
    expect((await get()).json()).toEqual({ data: null });
    expectEnvelope(await t.app.inject({ method: 'GET', url: `/api/user/${b.user.id}`, headers: { cookie: b.cookie } }), 401, 'unauthorized');
    expectEnvelope(await t.app.inject({ method: 'POST', url: '/api/application/list', headers: { ...sameOrigin, cookie: b.cookie }, payload: {} }), 401, 'unauthorized');
  });

  it('sends Cache-Control: no-store on console answers that carry personal data, errors included', async () => {
    for (const [method, url] of [
      ['GET', '/api/auth/session'],
      ['GET', `/api/user/${a.user.id}`],
      ['GET', `/api/organization/${a.organizationId}`],
      ['GET', `/api/application/${appId}`],
      ['GET', `/api/application/${appId}/tokens`],
      ['GET', '/api/application/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: h });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: sameOrigin, payload: { email: a.user.email, password: TEST_PASSWORD } });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const records = await t.app.inject({ method: 'POST', url: '/api/records', headers: h, payload: { application_id: appId, channel: 'sms' } });
    expect(records.headers['cache-control']).toBe('no-store');
  });
});
