/**
 * Rate limits are shared by every process on the database (issue 6): two app instances on one
 * database (what two API processes are) count against one limit, in PostgreSQL/PGlite by default
 * and in Redis when REDIS_URL is set. Token generation is limited per user, GET /v1/messages/{id}
 * per access token.
 */
import { createConnection } from 'node:net';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createAppContext } from '../src/services.ts';
import { loadConfig } from '../src/config.ts';
import { accessTokens } from '../src/db/schema/applications.ts';
import { rateLimits } from '../src/db/schema/security.ts';
import { messages } from '../src/db/schema/messages.ts';
import { createTestApp, PUBLIC_URL, sameOrigin, type TestApp } from './harness.ts';
import { signUpWithOrganization } from './accounts-helper.ts';
import { createAppWithToken, v1Get, v1Post } from './v1-helper.ts';

const open: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});
afterAll(async () => {
  while (open.length) await open.pop()!.close();
});

/** A second app instance on the same database and configuration: what a second API process is. */
async function secondProcess(t: TestApp, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = loadConfig({ DATA_DIR: t.dataDir, SESSION_SECRET: t.ctx.config.sessionSecret, LOG_LEVEL: 'silent', PUBLIC_URL, ...env }, []);
  const { database, boss, mailer, now } = t.ctx;
  const app = await buildApp(createAppContext({ config, database, boss, mailer, now }), { logger: false, serveWeb: false });
  await app.ready();
  open.push(app);
  return app;
}

async function testApp(env: Record<string, string>): Promise<TestApp> {
  const t = await createTestApp({ workers: false, env });
  open.push(t);
  return t;
}

const post = (app: FastifyInstance, path: string, token: string, body: unknown) =>
  app.inject({ method: 'POST', url: `/v1${path}`, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: JSON.stringify(body) });

const login = (app: FastifyInstance) =>
  app.inject({ method: 'POST', url: '/api/auth/login', headers: sameOrigin, payload: { email: 'nobody@example.com', password: 'Wrong#1234' } });

describe('shared rate limits', () => {
  it('counts sign-in bursts of one IP across two processes on the database, with Retry-After', async () => {
    const t = await testApp({ AUTH_RATE_LIMIT: '3' });
    const other = await secondProcess(t, { AUTH_RATE_LIMIT: '3' });
    expect((await login(t.app)).statusCode).toBe(401);
    expect((await login(other)).statusCode).toBe(401);
    expect((await login(t.app)).statusCode).toBe(401);
    const limited = await login(other);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    const [row] = await t.ctx.database.db.select({ n: count() }).from(rateLimits);
    expect(Number(row!.n)).toBeGreaterThan(0);
  });

  it('limits sends per application in messages across two processes, a batch counting its items', { timeout: 90_000 }, async () => {
    const t = await testApp({ V1_RATE_LIMIT: '40' });
    const other = await secondProcess(t, { V1_RATE_LIMIT: '40' });
    const a = await createAppWithToken(t, { channels: ['sms', 'email'] });
    const b = await createAppWithToken(t, { channels: ['sms'] });
    const sms = { to: '081234567890', text: 'x' };
    // 30 messages in a batch on one process, 8 single sends on the other (another channel's token too): 38 of 40 a minute.
    expect((await post(t.app, '/sms/messages/batch', a.tokens.sms.accessToken, { messages: Array(30).fill(sms) })).statusCode).toBe(202);
    for (let i = 0; i < 4; i++) expect((await post(other, '/sms/messages', a.tokens.sms.accessToken, sms)).statusCode).toBe(202);
    for (let i = 0; i < 4; i++) expect((await post(other, '/email/messages', a.tokens.email.accessToken, { to: 'a@example.com', subject: 'S', text: 'x' })).statusCode).toBe(202);
    // A batch of 5 no longer fits: refused whole, nothing stored.
    const limited = await post(t.app, '/sms/messages/batch', a.tokens.sms.accessToken, { messages: Array(5).fill(sms) });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    const [stored] = await t.ctx.database.db.select({ n: count() }).from(messages).where(eq(messages.applicationId, a.applicationId));
    expect(Number(stored!.n)).toBe(38);
    // Another application keeps its own budget.
    expect((await post(other, '/sms/messages', b.tokens.sms.accessToken, sms)).statusCode).toBe(202);
  });

  it('applies the messages per second the operator set for an application', { timeout: 90_000 }, async () => {
    const t = await testApp({ V1_RATE_LIMIT: '100000' });
    const a = await createAppWithToken(t, { channels: ['sms'] });
    const rate = await t.ctx.services.admin.runAdminCommand({ command: 'rate', app: a.applicationId, 'per-second': '3' }, new Date());
    expect(rate.output).toContain('send limit changed from the default (V1_RATE_LIMIT messages per minute) to 3 messages per second');
    const sms = { to: '081234567890', text: 'x' };
    // Four messages never fit in a second of three.
    const limited = await post(t.app, '/sms/messages/batch', a.tokens.sms.accessToken, { messages: Array(4).fill(sms) });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('1');
    expect((await post(t.app, '/sms/messages/batch', a.tokens.sms.accessToken, { messages: Array(3).fill(sms) })).statusCode).toBe(202);
  });

  it('refuses bad rate commands with one message and changes nothing', async () => {
    const t = await testApp({});
    const a = await createAppWithToken(t, { channels: ['sms'] });
    for (const bad of ['0', '-1', '1.5', 'fast', '1000001']) {
      await expect(t.ctx.services.admin.runAdminCommand({ command: 'rate', app: a.applicationId, 'per-second': bad }, new Date())).rejects.toThrow(/--per-second must be a whole number/);
    }
    await expect(t.ctx.services.admin.runAdminCommand({ command: 'rate', app: '00000000-0000-4000-8000-000000000000', 'per-second': '5' }, new Date())).rejects.toThrow(/not found/);
    const back = await t.ctx.services.admin.runAdminCommand({ command: 'rate', app: a.applicationId, 'per-second': 'default' }, new Date());
    expect(back.output).toContain('send limit is already the default');
  });

  it('limits GET /v1/messages/{id} per access token', async () => {
    const t = await testApp({ V1_RATE_LIMIT: '3' });
    const a = await createAppWithToken(t, { channels: ['sms'] });
    const b = await createAppWithToken(t, { channels: ['sms'] });
    const sent = (await v1Post(t, '/sms/messages', a.tokens.sms.accessToken, { to: '081234567890', text: 'x' })).json();
    for (let i = 0; i < 3; i++) expect((await v1Get(t, sent.id, a.tokens.sms.accessToken)).statusCode).toBe(200);
    const limited = await v1Get(t, sent.id, a.tokens.sms.accessToken);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    // Another token keeps its own allowance.
    expect((await v1Get(t, sent.id, b.tokens.sms.accessToken)).statusCode).toBe(404);
  });

  it('limits token generation per user (TOKEN_RATE_LIMIT per minute) and stores no key for the refused one', async () => {
    const t = await testApp({ TOKEN_RATE_LIMIT: '2', AUTH_RATE_LIMIT: '1000' });
    const owner = await signUpWithOrganization(t);
    const other = await signUpWithOrganization(t);
    const h = { ...sameOrigin, cookie: owner.cookie };
    const appId = (await t.app.inject({ method: 'POST', url: '/api/application', headers: h, payload: { applicationName: 'A', channels: [{ channel: 'sms' }] } })).json().id;
    const gen = (headers: Record<string, string>, id: string) => t.app.inject({ method: 'POST', url: `/api/channel/generate/access-token/${id}`, headers, payload: { channel: 'sms' } });
    expect((await gen(h, appId)).statusCode).toBe(200);
    expect((await gen(h, appId)).statusCode).toBe(200);
    const tokensBefore = await t.ctx.database.db.select().from(accessTokens).where(eq(accessTokens.applicationId, appId));
    const limited = await gen(h, appId);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({ code: 'rate_limited' });
    expect(limited.json().error.message).toMatch(/^Too many access tokens generated\. Please try again in \d+ (second|minute)/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.ctx.database.db.select().from(accessTokens).where(eq(accessTokens.applicationId, appId))).toEqual(tokensBefore);
    const otherApp = (await t.app.inject({ method: 'POST', url: '/api/application', headers: { ...sameOrigin, cookie: other.cookie }, payload: { applicationName: 'B', channels: [{ channel: 'sms' }] } })).json().id;
    expect((await gen({ ...sameOrigin, cookie: other.cookie }, otherApp)).statusCode).toBe(200);
  });
});

/** Whether a Redis server answers on 127.0.0.1:6379 (CI's machine runs one). */
const redisUp = await new Promise<boolean>((resolve) => {
  const socket = createConnection({ host: '127.0.0.1', port: 6379 }, () => {
    socket.end();
    resolve(true);
  });
  socket.on('error', () => resolve(false));
  socket.setTimeout(500, () => {
    socket.destroy();
    resolve(false);
  });
});

describe.skipIf(!redisUp && !process.env.CI)('shared rate limits in Redis (REDIS_URL)', () => {
  it('counts one token across two processes in Redis, not in the database', async () => {
    const env = { V1_RATE_LIMIT: '2', REDIS_URL: 'redis://127.0.0.1:6379' };
    const t = await testApp(env);
    const other = await secondProcess(t, env);
    const a = await createAppWithToken(t, { channels: ['sms'] });
    const id = '00000000-0000-4000-8000-000000000000';
    const get = (app: FastifyInstance) => app.inject({ method: 'GET', url: `/v1/messages/${id}`, headers: { authorization: `Bearer ${a.tokens.sms.accessToken}` } });
    expect((await get(t.app)).statusCode).toBe(404);
    expect((await get(other)).statusCode).toBe(404);
    expect((await get(t.app)).statusCode).toBe(429);
    const [row] = await t.ctx.database.db.select({ n: count() }).from(rateLimits);
    expect(Number(row!.n)).toBe(0);
  });
});
