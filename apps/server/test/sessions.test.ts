/**
 * The caller's sessions (ARCHITECTURE.md §5.1 Security page): list with IP, User-Agent and the
 * current one marked, under an opaque id (neither the cookie nor its stored hash); end one (its
 * cookie gets 401 at once), end every other, 404 for an id that is not the caller's; audit entries.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { TEAMS_MESSAGES } from '@pesan/contracts/teams';
import { AUTH_MESSAGES } from '@pesan/contracts/auth';
import { auditLog } from '../src/db/schema/teams.ts';
import { sessions } from '../src/db/schema/users.ts';
import { cookieFrom, createTestApp, sameOrigin, type TestApp } from './harness.ts';
import { signUpVerifiedUser, signUpWithOrganization, TEST_PASSWORD } from './accounts-helper.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe('sessions API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ workers: false, env: { AUTH_RATE_LIMIT: '1000' } });
  });
  afterAll(async () => t.close());

  const db = () => t.ctx.database.db;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, headers: Record<string, string> = {}, payload?: object) =>
    t.app.inject({ method, url, headers: { ...sameOrigin, ...(cookie ? { cookie } : {}), ...headers }, ...(payload ? { payload } : {}) });
  const list = async (cookie: string) => {
    const res = await call('GET', '/api/user/sessions', cookie);
    expect(res.statusCode).toBe(200);
    return res.json().data as { id: string; created_at: string; last_seen_at: string; ip: string; user_agent: string; current: boolean }[];
  };
  /** Signs `email` in again from a browser with `userAgent`; the new session's cookie. */
  const signInFrom = async (email: string, userAgent: string) => {
    const res = await call('POST', '/api/auth/login', undefined, { 'user-agent': userAgent }, { email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    return cookieFrom(res);
  };
  /** The raw session id inside a `pesan_session=…` cookie (unsigned). */
  const rawId = (cookie: string) => t.app.unsignCookie(decodeURIComponent(cookie.slice('pesan_session='.length))).value!;

  it('lists the live sessions with IP, User-Agent, times and the current one; ids are neither the cookie nor its hash', async () => {
    const { cookie, user } = await signUpVerifiedUser(t);
    const phone = await signInFrom(user.email, 'Mozilla/5.0 (iPhone) Mobile Safari/604.1');
    const laptop = await signInFrom(user.email, 'Mozilla/5.0 (Windows NT 10.0) Chrome/131.0');
    const rows = await list(laptop);
    // Verification link, helper's login, phone, laptop.
    expect(rows).toHaveLength(4);
    const current = rows.filter((r) => r.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ ip: '127.0.0.1', user_agent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/131.0' });
    expect(rows.map((r) => r.user_agent)).toContain('Mozilla/5.0 (iPhone) Mobile Safari/604.1');
    for (const r of rows) {
      expect(r.id).toMatch(/^[0-9a-f]{32}$/);
      expect(Number.isNaN(Date.parse(r.created_at))).toBe(false);
      expect(Number.isNaN(Date.parse(r.last_seen_at))).toBe(false);
    }
    const stored = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    const forbidden = [cookie, phone, laptop].flatMap((c) => [rawId(c), sha256(rawId(c))]).concat(stored.map((s) => s.idHash));
    for (const r of rows) for (const f of forbidden) expect(f.includes(r.id)).toBe(false);
    // Another session of the same user sees the same ids, with itself as current.
    const fromPhone = await list(phone);
    expect(fromPhone.map((r) => r.id).sort()).toEqual(rows.map((r) => r.id).sort());
    expect(fromPhone.find((r) => r.current)!.user_agent).toContain('iPhone');
  });

  it('needs a session', async () => {
    expect((await call('GET', '/api/user/sessions')).statusCode).toBe(401);
    expect((await call('DELETE', '/api/user/sessions')).statusCode).toBe(401);
    expect((await call('DELETE', '/api/user/sessions/0123456789abcdef0123456789abcdef')).statusCode).toBe(401);
  });

  it('ending one session makes its cookie 401 at once and records auth.session_revoked; the others go on', async () => {
    const { cookie, user, organizationId } = await signUpWithOrganization(t);
    const phone = await signInFrom(user.email, 'PhoneBrowser/1.0');
    const target = (await list(cookie)).find((r) => r.user_agent === 'PhoneBrowser/1.0')!;
    const res = await call('DELETE', `/api/user/sessions/${target.id}`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(TEAMS_MESSAGES.sessionRevoked);
    expect(res.headers['set-cookie']).toBeUndefined();
    const refused = await call('GET', '/api/user/sessions', phone);
    expect(refused.statusCode).toBe(401);
    expect((await call('GET', '/api/auth/session', phone)).json().data).toBeNull();
    expect((await list(cookie)).map((r) => r.id)).not.toContain(target.id);
    const revoked = await db().select().from(sessions).where(eq(sessions.idHash, sha256(rawId(phone))));
    expect(revoked[0]!.revokedAt).not.toBeNull();
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.organizationId, organizationId), eq(auditLog.action, 'auth.session_revoked')));
    expect(entry).toMatchObject({ actorId: user.id, targetType: 'session', targetId: target.id, targetName: 'PhoneBrowser/1.0', details: { current: false } });
    // Again: it is gone, 404.
    expect((await call('DELETE', `/api/user/sessions/${target.id}`, cookie)).statusCode).toBe(404);
  });

  it("another user's session id, or an unknown id, is a 404 that ends nothing", async () => {
    const a = await signUpVerifiedUser(t);
    const b = await signUpVerifiedUser(t);
    const bSessions = await list(b.cookie);
    for (const id of [bSessions[0]!.id, '0123456789abcdef0123456789abcdef', 'x']) {
      const res = await call('DELETE', `/api/user/sessions/${id}`, a.cookie);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error.message).toBe(TEAMS_MESSAGES.sessionNotFound);
    }
    expect(await list(b.cookie)).toHaveLength(bSessions.length);
    // The stored hash itself is not an id either.
    const [stored] = await db().select().from(sessions).where(eq(sessions.idHash, sha256(rawId(a.cookie))));
    expect((await call('DELETE', `/api/user/sessions/${stored!.idHash.slice(0, 64)}`, a.cookie)).statusCode).toBe(404);
  });

  it('ending the current session signs out (cookie cleared, then 401)', async () => {
    const { cookie } = await signUpVerifiedUser(t);
    const me = (await list(cookie)).find((r) => r.current)!;
    const res = await call('DELETE', `/api/user/sessions/${me.id}`, cookie);
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/pesan_session=;/);
    expect((await call('GET', '/api/user/sessions', cookie)).statusCode).toBe(401);
  });

  it('ending every other session keeps the current one', async () => {
    const { cookie, user, organizationId } = await signUpWithOrganization(t);
    const other1 = await signInFrom(user.email, 'Other/1');
    const other2 = await signInFrom(user.email, 'Other/2');
    const res = await call('DELETE', '/api/user/sessions', cookie);
    expect(res.statusCode).toBe(200);
    // The verification session, Other/1 and Other/2.
    expect(res.json()).toEqual({ data: { revoked: 3 }, message: TEAMS_MESSAGES.otherSessionsRevoked });
    expect((await call('GET', '/api/user/sessions', other1)).statusCode).toBe(401);
    expect((await call('GET', '/api/user/sessions', other2)).statusCode).toBe(401);
    const left = await list(cookie);
    expect(left).toHaveLength(1);
    expect(left[0]!.current).toBe(true);
    const live = await db().select().from(sessions).where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    expect(live.map((s) => s.idHash)).toEqual([sha256(rawId(cookie))]);
    const entries = await db().select().from(auditLog).where(and(eq(auditLog.organizationId, organizationId), eq(auditLog.action, 'auth.session_revoked')));
    expect(entries.map((e) => e.details)).toEqual([{ others: true, count: 3 }]);
  });

  it('changing the password ends the other sessions too', async () => {
    const { cookie, user } = await signUpVerifiedUser(t);
    const other = await signInFrom(user.email, 'Other/3');
    const res = await call('POST', `/api/auth/change_password/${user.id}`, cookie, {}, { oldPassword: TEST_PASSWORD, password: 'Newer#Pass123', confirmPassword: 'Newer#Pass123' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(AUTH_MESSAGES.passwordChanged);
    expect((await call('GET', '/api/user/sessions', other)).statusCode).toBe(401);
    expect((await list(cookie)).map((r) => r.current)).toEqual([true]);
  });
});
