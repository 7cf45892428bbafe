/**
 * Terms agreement API (console.md §2 Terms modal, §4 Terms, §7 User, §9 versions).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@pesan/contracts/auth';
import { termsAcceptances } from '../src/db/schema/users.ts';
import { createTestApp, sameOrigin, type TestApp } from './harness.ts';
import { signUpVerifiedUser } from './accounts-helper.ts';

const query = 'check=true&pp_version=1.9&tnc_version=1.2.2';

describe('terms API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
  });
  afterAll(async () => t.close());

  const rows = (userId: string) => t.ctx.database.db.select().from(termsAcceptances).where(eq(termsAcceptances.userId, userId));
  const call = (method: 'GET' | 'POST', userId: string, cookie?: string, q = query) =>
    t.app.inject({ method, url: `/api/user/agreement-tnc/${userId}?${q}`, headers: { ...sameOrigin, ...(cookie ? { cookie } : {}) } });

  it('reports not accepted, records the acceptance once, then reports accepted', async () => {
    const { cookie, user } = await signUpVerifiedUser(t);
    const check = await call('GET', user.id, cookie);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ data: { tnc_accept: false } });

    const accept = await call('POST', user.id, cookie);
    expect(accept.statusCode).toBe(200);
    expect(accept.json()).toEqual({ data: { tnc_accept: true }, message: 'Terms of Conditions Submitted' });
    expect(await rows(user.id)).toEqual([expect.objectContaining({ userId: user.id, ppVersion: '1.9', tncVersion: '1.2.2' })]);

    expect((await call('POST', user.id, cookie)).statusCode).toBe(200);
    expect(await rows(user.id)).toHaveLength(1);
    expect((await call('GET', user.id, cookie)).json()).toEqual({ data: { tnc_accept: true } });
    expect((await call('GET', user.id, cookie, 'pp_version=1.9&tnc_version=1.2.2')).json()).toEqual({ data: { tnc_accept: true } });
  });

  it('refuses other versions with 400 and records nothing', async () => {
    const { cookie, user } = await signUpVerifiedUser(t);
    for (const q of ['check=true&pp_version=2.0&tnc_version=1.2.2', 'check=true&pp_version=1.9&tnc_version=1.2.1', 'check=true', '']) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await call(method, user.id, cookie, q);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe('invalid_request');
      }
    }
    const res = await call('POST', user.id, cookie, 'pp_version=2.0&tnc_version=1.2.2');
    expect(res.json().error.details).toContainEqual({ path: 'pp_version', message: AUTH_MESSAGES.termsVersionInvalid });
    expect(await rows(user.id)).toHaveLength(0);
  });

  it("is 404 for another user's id and 401 without a session", async () => {
    const a = await signUpVerifiedUser(t);
    const b = await signUpVerifiedUser(t);
    expect((await call('GET', b.user.id, a.cookie)).statusCode).toBe(404);
    const post = await call('POST', b.user.id, a.cookie);
    expect(post.statusCode).toBe(404);
    expect(post.json().error.code).toBe('not_found');
    expect(await rows(b.user.id)).toHaveLength(0);
    expect((await call('GET', a.user.id)).statusCode).toBe(401);
    expect((await call('POST', a.user.id)).statusCode).toBe(401);
  });
});
