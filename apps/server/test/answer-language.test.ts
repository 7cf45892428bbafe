/**
 * Server answers follow the request's language (ARCHITECTURE.md §10): Accept-Language, or the
 * signed-in user's saved choice; /v1 by its header only. English answers stay as they are.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@pesan/contracts/auth';
import { AUTH_MESSAGES_ID, SERVER_MESSAGES_ID, WA_SEND_MESSAGES_ID, ZOD_MESSAGES_ID } from '@pesan/contracts/messages-id';
import { SERVER_MESSAGES } from '@pesan/contracts/server-messages';
import { waTemplates } from '../src/db/schema/templates.ts';
import { createTestApp, sameOrigin, type TestApp } from './harness.ts';
import { signUpVerifiedUser } from './accounts-helper.ts';
import { createAppWithToken, v1Post, type AppWithTokens } from './v1-helper.ts';

let t: TestApp;
let a: AppWithTokens;
beforeAll(async () => {
  t = await createTestApp({ workers: false, env: { AUTH_RATE_LIMIT: '1000' } });
  a = await createAppWithToken(t, { channels: ['sms'] });
});
afterAll(async () => t.close());

const login = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { ...sameOrigin, ...headers }, payload: { email: 'nobody@example.com', password: 'Wrong#123' } });

describe('answer language', () => {
  it('answers a failed sign-in in Indonesian for Accept-Language: id-ID, in English without it', async () => {
    const id = await login({ 'accept-language': 'id-ID,id;q=0.9,en;q=0.8' });
    expect(id.statusCode).toBe(401);
    expect(id.json().error.message).toBe(AUTH_MESSAGES_ID.invalidCredentials);
    expect(id.json().error.message).toBe('Email atau kata sandi salah');
    expect(id.headers['content-language']).toBe('id');
    expect(String(id.headers['vary'])).toMatch(/Accept-Language/i);

    const en = await login();
    expect(en.json().error.message).toBe(AUTH_MESSAGES.invalidCredentials);
    expect(en.headers['content-language']).toBe('en');
  });

  it('translates validation details and success messages', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { ...sameOrigin, 'accept-language': 'id' }, payload: {} });
    expect(res.statusCode).toBe(400);
    const error = res.json().error;
    expect(error.message).toBe(AUTH_MESSAGES_ID.emailRequired);
    expect(error.details).toEqual([
      { path: 'email', message: AUTH_MESSAGES_ID.emailRequired },
      { path: 'password', message: AUTH_MESSAGES_ID.passwordRequired },
    ]);
    const forgot = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', headers: { ...sameOrigin, 'accept-language': 'id' }, payload: { email: 'nobody@example.com' } });
    if (forgot.statusCode === 200 && typeof forgot.json().description === 'string') expect(forgot.json().description).toBe(AUTH_MESSAGES_ID.forgotDescription);
  });

  it('follows a signed-in user’s saved language without the header', async () => {
    const { cookie, user } = await signUpVerifiedUser(t);
    const saved = await t.app.inject({ method: 'PUT', url: `/api/user/${user.id}`, headers: { ...sameOrigin, cookie }, payload: { fullName: user.fullName, language: 'id' } });
    expect(saved.statusCode).toBe(200);
    // Another user's profile: a 404 in Indonesian, though no Accept-Language is sent.
    const other = await t.app.inject({ method: 'GET', url: '/api/user/00000000-0000-4000-8000-000000000000', headers: { cookie } });
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe(SERVER_MESSAGES_ID.notFound('Pengguna'));
    expect(other.headers['content-language']).toBe('id');
    // Validation of the same user's PUT: Indonesian too.
    const bad = await t.app.inject({ method: 'PUT', url: `/api/user/${user.id}`, headers: { ...sameOrigin, cookie }, payload: { fullName: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(AUTH_MESSAGES_ID.fullNameRequired);
    // Signed out: the session message follows the header (none: English).
    const anon = await t.app.inject({ method: 'GET', url: `/api/user/${user.id}` });
    expect(anon.json().error.message).toBe(SERVER_MESSAGES.sessionEnded);
    const anonId = await t.app.inject({ method: 'GET', url: `/api/user/${user.id}`, headers: { 'accept-language': 'id' } });
    expect(anonId.json().error.message).toBe(SERVER_MESSAGES_ID.sessionEnded);
  });

  it('answers a /v1 validation error in Indonesian by its header only', async () => {
    const token = a.tokens.sms.accessToken;
    const id = await v1Post(t, '/sms/messages', token, { to: '081234567890' }, { 'accept-language': 'id' });
    expect(id.statusCode).toBe(400);
    const error = id.json().error;
    expect(error.code).toBe('invalid_request');
    expect(error.message).toBe(ZOD_MESSAGES_ID.required('`text`'));
    expect(error.message).toBe('`text` wajib diisi');
    expect(error.details).toEqual([{ path: 'text', message: '`text` wajib diisi' }]);

    const en = await v1Post(t, '/sms/messages', token, { to: '081234567890' });
    expect(en.json().error.message).toBe('`text` is required');
    expect(en.json().error.details).toEqual([{ path: 'text', message: '`text` is required' }]);
  });

  it('answers a /v1 WhatsApp template parameter mismatch in Indonesian by its header only', async () => {
    const wa = await createAppWithToken(t, { channels: ['whatsapp'] });
    await t.ctx.database.db.insert(waTemplates).values({
      organizationId: wa.organizationId,
      applicationId: wa.applicationId,
      name: 'order_shipped',
      language: 'id',
      category: 'UTILITY',
      status: 'APPROVED',
      components: [{ type: 'BODY', text: 'Halo {{1}}, pesanan {{2}} Anda sudah dikirim.' }],
    });
    const body = { to: '081234567890', template: { name: 'order_shipped', language: 'id', parameters: ['Budi'] } };
    const id = await v1Post(t, '/whatsapp/messages', wa.tokens.whatsapp.accessToken, body, { 'accept-language': 'id' });
    expect(id.statusCode).toBe(400);
    expect(id.json().error.message).toBe(WA_SEND_MESSAGES_ID.missingParameter('body', '2'));
    expect(id.json().error.details).toEqual([{ path: 'template.parameters', message: 'Parameter body {{2}} belum dikirim' }]);

    const en = await v1Post(t, '/whatsapp/messages', wa.tokens.whatsapp.accessToken, body);
    expect(en.statusCode).toBe(400);
    expect(en.json().error.message).toBe('Missing body parameter {{2}}');
    expect(en.json().error.details).toEqual([{ path: 'template.parameters', message: 'Missing body parameter {{2}}' }]);
  });

  it('translates the 404 of an unknown route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here', headers: { 'accept-language': 'id' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(SERVER_MESSAGES_ID.noRoute('GET', '/api/nothing-here'));
  });
});
