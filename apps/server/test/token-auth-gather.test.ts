/**
 * /v1 authentication at rate (ARCHITECTURE.md §6.5, issue 24): the token lookups of concurrent
 * requests go to the database together, a token's RSA signature is checked once per process, and
 * nothing of a token's validity is cached: revoked, it is refused on the very next request.
 */
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokens } from '../src/db/schema/applications.ts';
import { createTestApp, testDbKind, type TestApp } from './harness.ts';
import { createAppWithToken, v1Post } from './v1-helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { V1_RATE_LIMIT: '100000' }, workers: false });
});
afterAll(async () => t?.close());

describe('bearer token lookups', () => {
  it('refuses a token revoked after it was verified, on the next request', async () => {
    const a = await createAppWithToken(t, { channels: ['sms'] });
    const send = () => v1Post(t, '/sms/messages', a.tokens.sms.accessToken, { to: '081234567890', text: 'hi' });
    expect((await send()).statusCode).toBe(202);
    expect((await send()).statusCode).toBe(202);
    await t.ctx.database.db.update(accessTokens).set({ isRevoke: true }).where(eq(accessTokens.id, a.tokens.sms.tokenId));
    const refused = await send();
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('unauthorized');
  });

  it('refuses a token whose payload was altered after the original was verified', async () => {
    const a = await createAppWithToken(t, { channels: ['sms'] });
    const jwt = a.tokens.sms.accessToken;
    expect((await v1Post(t, '/sms/messages', jwt, { to: '081234567890', text: 'hi' })).statusCode).toBe(202);
    const [h, p, s] = jwt.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...payload, org: '00000000-0000-4000-8000-000000000000' })).toString('base64url')}.${s}`;
    expect((await v1Post(t, '/sms/messages', forged, { to: '081234567890', text: 'hi' })).statusCode).toBe(401);
  });

  it.runIf(testDbKind() === 'postgres')('looks up the tokens of 100 concurrent sends in a few statements', async () => {
    const a = await createAppWithToken(t, { channels: ['sms'] });
    let lookups = 0;
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
      if (text && /from access_tokens/i.test(text)) lookups++;
      return (original as (...x: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    try {
      const answers = await Promise.all(Array.from({ length: 100 }, () => v1Post(t, '/sms/messages', a.tokens.sms.accessToken, { to: '081234567890', text: 'hi' })));
      expect(answers.every((r) => r.statusCode === 202)).toBe(true);
    } finally {
      pg.Client.prototype.query = original;
    }
    expect(lookups).toBeGreaterThan(0);
    expect(lookups).toBeLessThan(20);
  });
});
