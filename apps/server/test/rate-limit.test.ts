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
