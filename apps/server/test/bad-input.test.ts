/**
 * Issue 6 defects 1, 2, 4 and 5: text that PostgreSQL cannot store (NUL, lone surrogates), dates
 * outside 2000–2100 and truncated multipart bodies are each a 400 envelope naming the problem, on
 * /api and /v1 alike, and nothing is stored. Each case gave 500 (or stored `a�b`) before the fix.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { UPLOAD_MESSAGES } from '@pesan/contracts/upload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/db/schema/messages.ts';
import { users } from '../src/db/schema/users.ts';
import { applications } from '../src/db/schema/applications.ts';
import { uploads } from '../src/db/schema/uploads.ts';
import { createTestApp, sameOrigin, type TestApp } from './harness.ts';
import { signUpWithOrganization, TEST_PASSWORD } from './accounts-helper.ts';
import { createAppWithToken, v1Post, type AppWithTokens } from './v1-helper.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpWithOrganization>>;
let v: AppWithTokens;
let h: { origin: string; cookie: string };
let appId: string;

beforeAll(async () => {
  t = await createTestApp({ workers: false, env: { AUTH_RATE_LIMIT: '1000' } });
  a = await signUpWithOrganization(t);
  h = { ...sameOrigin, cookie: a.cookie };
  v = await createAppWithToken(t, { channels: ['sms', 'whatsapp', 'email'] });
  appId = (await t.app.inject({ method: 'POST', url: '/api/application', headers: h, payload: { applicationName: 'Kept', channels: [{ channel: 'sms' }] } })).json().id;
});
afterAll(async () => t.close());

const db = () => t.ctx.database.db;
const userCount = async () => Number((await db().select({ n: count() }).from(users))[0]!.n);
const messageCount = async () => Number((await db().select({ n: count() }).from(messages))[0]!.n);

/** Asserts a 400 invalid_request envelope whose message and detail name `path`. */
function expect400(res: { statusCode: number; body: string; json(): any; headers: Record<string, unknown> }, path: string, what: RegExp) {
  expect(res.statusCode, res.body).toBe(400);
  const { error } = res.json();
  expect(error.code).toBe('invalid_request');
  expect(error.request_id).toBe(res.headers['x-request-id']);
  expect(error.message).toMatch(what);
  expect(error.message).toContain(`\`${path}\``);
  expect(error.details).toContainEqual({ path, message: error.message });
}

const NUL = /must not contain NUL characters/;
const SURROGATE = /must be valid Unicode text/;
/** A JSON body with a lone surrogate escape, which JSON.stringify of a JS string cannot produce readably. */
const withSurrogate = (json: string) => json.replace('@@', '\\ud800');

describe('NUL bytes (defect 1)', () => {
  it('refuses NUL in the anonymous sign-in and registration bodies with 400 naming the field, storing nothing', async () => {
    expect400(await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: sameOrigin, payload: { email: 'a\u0000b@example.com', password: 'x' } }), 'email', NUL);
    expect400(await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: sameOrigin, payload: { email: 'a@example.com', password: 'p\u0000' } }), 'password', NUL);
    const before = await userCount();
    const register = { fullName: 'Budi\u0000', email: 'nul@example.com', phoneNumber: '081234567890', password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD };
    expect400(await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: sameOrigin, payload: register }), 'fullName', NUL);
    expect(await userCount()).toBe(before);
  });

  it('refuses NUL in /v1 sends, nested fields included, storing no message', async () => {
    const before = await messageCount();
    expect400(await v1Post(t, '/sms/messages', v.tokens.sms.accessToken, { to: '081234567890', text: 'a\u0000b' }), 'text', NUL);
    const template = { to: '081234567890', template: { name: 'otp', language: 'id', parameters: ['ok', 'x\u0000'] } };
    expect400(await v1Post(t, '/whatsapp/messages', v.tokens.whatsapp.accessToken, template), 'template.parameters.1', NUL);
    expect400(await v1Post(t, '/email/messages', v.tokens.email.accessToken, { to: 'a@example.com', subject: 'S\u0000', text: 'x' }), 'subject', NUL);
    expect(await messageCount()).toBe(before);
  });

  it('refuses NUL in console bodies, queries and path parameters and changes nothing', async () => {
    expect400(await t.app.inject({ method: 'PUT', url: `/api/application/${appId}`, headers: h, payload: { applicationName: 'X\u0000' } }), 'applicationName', NUL);
    expect400(await t.app.inject({ method: 'POST', url: '/api/application/list', headers: h, payload: { search: '\u0000' } }), 'search', NUL);
    expect400(await t.app.inject({ method: 'GET', url: `/api/application/${appId}%00`, headers: h }), 'id', NUL);
    const records = { application_id: appId, channel: 'sms', search: { key: 'number', value: '0812\u0000' } };
    expect400(await t.app.inject({ method: 'POST', url: '/api/records', headers: h, payload: records }), 'search.value', NUL);
    expect((await db().select().from(applications).where(eq(applications.id, appId)))[0]!.name).toBe('Kept');
  });
});

describe('lone UTF-16 surrogates (defect 2)', () => {
  it('refuses a lone surrogate in a /v1 body with 400 instead of a jsonb error, storing nothing', async () => {
    const before = await messageCount();
    expect400(await v1Post(t, '/sms/messages', v.tokens.sms.accessToken, withSurrogate('{"to":"081234567890","text":"a@@b"}')), 'text', SURROGATE);
    expect(await messageCount()).toBe(before);
    // A well-formed pair (an emoji written as escapes) is text like any other.
    const emoji = await v1Post(t, '/sms/messages', v.tokens.sms.accessToken, '{"to":"081234567890","text":"hi \\ud83d\\ude00"}');
    expect(emoji.statusCode).toBe(202);
    const [row] = await db().select().from(messages).where(eq(messages.id, emoji.json().id));
    expect((row!.body as { text: string }).text).toBe('hi 😀');
  });

  it('refuses a lone surrogate in /api instead of silently storing U+FFFD', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/user/${a.user.id}`, headers: { ...h, 'content-type': 'application/json' }, payload: withSurrogate('{"fullName":"a@@b"}') });
    expect400(res, 'fullName', SURROGATE);
    const [user] = await db().select().from(users).where(eq(users.id, a.user.id));
    expect(user!.fullName).toBe(a.user.fullName);
  });
});

describe('dates outside 2000–2100 (defect 4)', () => {
  it('answers year 0000 and 9999 in /api/records with 400 naming the field', async () => {
    const q = (startDate: string, endDate: string) => t.app.inject({ method: 'POST', url: '/api/records', headers: h, payload: { application_id: appId, channel: 'sms', startDate, endDate } });
    expect400(await q('0000-01-01T00:00:00Z', '0000-01-02T00:00:00Z'), 'startDate', /must be between the years 2000 and 2100/);
    expect400(await q('2026-01-01T00:00:00Z', '9999-01-01T00:00:00Z'), 'endDate', /must be between the years 2000 and 2100/);
    const ok = await q('2000-01-01T00:00:00Z', '2000-01-02T00:00:00+07:00');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ data: [], total: 0 });
  });
});

describe('truncated multipart uploads (defect 5)', () => {
  it('answers a body cut off inside its part with 400 every time over a real socket, storing nothing', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const body = '--BOUND\r\nContent-Disposition: form-data; name="image"; filename="a"\r\n\r\nabc';
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${base}/api/upload`, { method: 'POST', headers: { ...h, 'content-type': 'multipart/form-data; boundary=BOUND' }, body });
      const json = (await res.json()) as { error: { code: string; message: string } };
      statuses.push(res.status);
      expect(json.error).toMatchObject({ code: 'invalid_request', message: UPLOAD_MESSAGES.malformed });
    }
    expect(statuses).toEqual(Array(20).fill(400));
    expect(existsSync(join(t.dataDir, 'uploads')) ? readdirSync(join(t.dataDir, 'uploads')) : []).toEqual([]);
    expect(await db().select().from(uploads)).toEqual([]);
  });
});
