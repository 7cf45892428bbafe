/**
 * Accounts API: register, e-mail verification, sign-in, session, logout, forgot/reset and change
 * password (console.md §2, §4, §5, §8; ARCHITECTURE.md §5, §7). Bodies AND database state.
 */
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { AUTH_MESSAGES, REMEMBER_TTL_SECONDS } from '@pesan/contracts/auth';
import { emailTokens, loginFailures, sessions, users } from '../src/db/schema/users.ts';
import { cookieFrom, createTestApp, sameOrigin, type TestApp } from './harness.ts';
import { readMails, resetTokenFor, signUpVerifiedUser, TEST_PASSWORD, tokenFromMail, waitForAccountMailJobs, waitForMails } from './accounts-helper.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
let seq = 0;
const email = (tag = 'u') => `${tag}-${Date.now().toString(36)}-${++seq}@example.com`;
const registration = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Siti Rahma',
  email: email(),
  phoneNumber: '0812 3456 7890',
  password: TEST_PASSWORD,
  confirmPassword: TEST_PASSWORD,
  ...overrides,
});

describe('auth API', () => {
  let t: TestApp;
  const realNow = () => new Date();
  beforeAll(async () => {
    // With workers: forgot_password and send_verification mail through the account-mail job.
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: '1000' } });
  });
  afterAll(async () => t.close());
  afterEach(() => {
    t.ctx.now = realNow;
  });

  const db = () => t.ctx.database.db;
  const post = (url: string, payload?: unknown, cookie?: string) =>
    t.app.inject({ method: 'POST', url, headers: { ...sameOrigin, ...(cookie ? { cookie } : {}) }, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const patch = (url: string, payload?: unknown, cookie?: string) =>
    t.app.inject({ method: 'PATCH', url, headers: { ...sameOrigin, ...(cookie ? { cookie } : {}) }, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const session = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
  /** Whether `cookie` is a live session: the session probe answers 200 either way, with the user or `{data: null}`. */
  const signedIn = async (cookie: string) => {
    const res = await session(cookie);
    expect(res.statusCode).toBe(200);
    return res.json().data !== null;
  };
  const userCount = async () => Number((await db().select({ n: count() }).from(users))[0]!.n);
  const userByEmail = async (e: string) => (await db().select().from(users).where(eq(users.email, e)))[0];
  const shiftClock = (ms: number) => {
    t.ctx.now = () => new Date(Date.now() + ms);
  };
  const detailsOf = (res: { json(): { error: { details?: { path: string; message: string }[] } } }) =>
    Object.fromEntries((res.json().error.details ?? []).map((d) => [d.path, d.message]));

  describe('POST /api/auth/register', () => {
    it('creates an unverified account with an argon2id hash and e-mails a verification link', async () => {
      const body = registration({ email: 'Siti.Rahma@Example.COM' });
      const res = await post('/api/auth/register', body);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ data: { email: 'siti.rahma@example.com' }, message: AUTH_MESSAGES.registered });
      expect(res.body).not.toMatch(/argon2|password/i);

      const row = await userByEmail('siti.rahma@example.com');
      expect(row).toBeDefined();
      expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$/);
      expect(row!.passwordHash).not.toContain(TEST_PASSWORD);
      expect(row!.emailVerifiedAt).toBeNull();
      expect(row!.fullName).toBe('Siti Rahma');
      expect(row!.phoneNumber).toBe('+6281234567890');
      expect(row!.organizationId).toBeNull();

      const mails = readMails(t, 'siti.rahma@example.com');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Verify your Pesan account');
      const token = tokenFromMail(t, 'siti.rahma@example.com');
      expect(mails[0]!.text).toContain(`http://localhost:3000/auth/email_verification/${token}`);
      expect(mails[0]!.html).toContain(`http://localhost:3000/auth/email_verification/${token}`);

      const tokens = await db().select().from(emailTokens).where(eq(emailTokens.userId, row!.id));
      expect(tokens).toHaveLength(1);
      expect(tokens[0]!.kind).toBe('verify');
      expect(tokens[0]!.tokenHash).toBe(sha256(token));
      expect(tokens[0]!.tokenHash).not.toContain(token);
      const hours = (tokens[0]!.expiresAt.getTime() - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(23.9);
      expect(hours).toBeLessThanOrEqual(24);
    });

    it('refuses a registered e-mail (any case) with 409 under the email field, and changes nothing', async () => {
      const first = registration();
      expect((await post('/api/auth/register', first)).statusCode).toBe(201);
      const before = await userCount();
      const res = await post('/api/auth/register', { ...registration(), email: first.email.toUpperCase() });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'conflict',
        message: AUTH_MESSAGES.emailTaken,
        details: [{ path: 'email', message: AUTH_MESSAGES.emailTaken }],
      });
      expect(await userCount()).toBe(before);
      expect(readMails(t, first.email)).toHaveLength(1);
    });

    it('answers each missing field with its own message under the field', async () => {
      const before = await userCount();
      const res = await post('/api/auth/register', {});
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_request');
      expect(detailsOf(res)).toMatchObject({
        fullName: AUTH_MESSAGES.fullNameRequired,
        email: AUTH_MESSAGES.emailRequired,
        phoneNumber: AUTH_MESSAGES.phoneRequired,
        password: AUTH_MESSAGES.passwordRequired,
        confirmPassword: AUTH_MESSAGES.confirmRequired,
      });
      const blank = await post('/api/auth/register', { fullName: '  ', email: '', phoneNumber: '', password: '', confirmPassword: '' });
      expect(detailsOf(blank)).toMatchObject({
        fullName: AUTH_MESSAGES.fullNameRequired,
        email: AUTH_MESSAGES.emailRequired,
        phoneNumber: AUTH_MESSAGES.phoneRequired,
        password: AUTH_MESSAGES.passwordRequired,
        confirmPassword: AUTH_MESSAGES.confirmRequired,
      });
      expect(await userCount()).toBe(before);
    });

    it.each([
      ['email', { email: 'not-an-email' }, AUTH_MESSAGES.emailInvalid],
      ['phoneNumber', { phoneNumber: 'call me' }, AUTH_MESSAGES.phoneInvalid],
      ['password', { password: 'short1A!', confirmPassword: 'short1A!' }, null],
      ['password', { password: 'alllowercase1!', confirmPassword: 'alllowercase1!' }, AUTH_MESSAGES.passwordInvalid],
      ['password', { password: 'NoDigits!!', confirmPassword: 'NoDigits!!' }, AUTH_MESSAGES.passwordInvalid],
      ['password', { password: 'NoSpecial123', confirmPassword: 'NoSpecial123' }, AUTH_MESSAGES.passwordInvalid],
      ['password', { password: 'Short1!', confirmPassword: 'Short1!' }, AUTH_MESSAGES.passwordInvalid],
    ])('refuses a bad %s (%j) and stores nothing', async (field, patchBody, message) => {
      const before = await userCount();
      const body = registration(patchBody);
      const res = await post('/api/auth/register', body);
      if (message === null) {
        expect(res.statusCode).toBe(201); // 8 characters with every rule is valid
        return;
      }
      expect(res.statusCode).toBe(400);
      expect(detailsOf(res)[field]).toBe(message);
      expect(await userCount()).toBe(before);
      expect(readMails(t, body.email as string)).toHaveLength(0);
    });

    it('puts both mismatch messages under their fields', async () => {
      const body = registration({ confirmPassword: 'Other#123' });
      const res = await post('/api/auth/register', body);
      expect(res.statusCode).toBe(400);
      expect(detailsOf(res)).toMatchObject({ password: AUTH_MESSAGES.passwordMismatch, confirmPassword: AUTH_MESSAGES.confirmMismatch });
      expect(await userByEmail(body.email as string)).toBeUndefined();
    });
  });

  describe('email verification', () => {
    it('verifies once, signs in, and refuses the link a second time', async () => {
      const body = registration();
      await post('/api/auth/register', body);
      const token = tokenFromMail(t, body.email as string);
      const res = await patch(`/api/auth/email_verification/${token}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Your email has been verified');
      expect(res.json().data).toMatchObject({ email: body.email, fullName: 'Siti Rahma', emailVerified: true, organizationId: null, avatar: null });
      expect(Object.keys(res.json().data).sort()).toEqual(['avatar', 'email', 'emailVerified', 'fullName', 'id', 'language', 'organizationId', 'phoneNumber', 'role', 'timeZone', 'twoFactorEnabled', 'twoFactorSetupRequired']);
      const cookie = cookieFrom(res);
      expect(cookie).toMatch(/^pesan_session=/);
      const me = await session(cookie);
      expect(me.statusCode).toBe(200);
      expect(me.json().data.email).toBe(body.email);
      expect((await userByEmail(body.email as string))!.emailVerifiedAt).toBeInstanceOf(Date);

      const again = await patch(`/api/auth/email_verification/${token}`);
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toMatchObject({ code: 'invalid_request', message: AUTH_MESSAGES.invalidVerification });
      expect(again.headers['set-cookie']).toBeUndefined();
    });

    it('refuses an unknown token and an expired one, leaving the account unverified', async () => {
      const bogus = await patch('/api/auth/email_verification/not-a-real-token');
      expect(bogus.statusCode).toBe(400);
      expect(bogus.json().error.message).toBe(AUTH_MESSAGES.invalidVerification);

      const body = registration();
      await post('/api/auth/register', body);
      const token = tokenFromMail(t, body.email as string);
      shiftClock(24 * 3_600_000 + 60_000);
      const expired = await patch(`/api/auth/email_verification/${token}`);
      expect(expired.statusCode).toBe(400);
      expect(expired.json().error.message).toBe(AUTH_MESSAGES.invalidVerification);
      expect(expired.headers['set-cookie']).toBeUndefined();
      expect((await userByEmail(body.email as string))!.emailVerifiedAt).toBeNull();
      const [tok] = await db().select().from(emailTokens).where(eq(emailTokens.tokenHash, sha256(token)));
      expect(tok!.usedAt).toBeNull();
    });

    it('resends for an unverified account only, with the same answer for every address', async () => {
      const body = registration();
      await post('/api/auth/register', body);
      const oldToken = tokenFromMail(t, body.email as string);

      const unknownAddr = email('nobody');
      const a = await post('/api/auth/send_verification', { email: unknownAddr });
      const b = await post('/api/auth/send_verification', { email: body.email });
      expect(a.statusCode).toBe(200);
      expect(b.statusCode).toBe(200);
      expect(a.json()).toEqual({ description: AUTH_MESSAGES.verificationDescription });
      expect(b.json()).toEqual(a.json());
      expect(await waitForMails(t, body.email as string, 2)).toHaveLength(2);
      expect(readMails(t, unknownAddr)).toHaveLength(0);
      const newToken = tokenFromMail(t, body.email as string);
      expect(newToken).not.toBe(oldToken);

      // the older link stops working; the new one works
      expect((await patch(`/api/auth/email_verification/${oldToken}`)).statusCode).toBe(400);
      expect((await patch(`/api/auth/email_verification/${newToken}`)).statusCode).toBe(200);

      // verified: nothing more is sent
      const c = await post('/api/auth/send_verification', { email: body.email });
      expect(c.json()).toEqual(a.json());
      await waitForAccountMailJobs(t);
      expect(readMails(t, body.email as string)).toHaveLength(2);

      const bad = await post('/api/auth/send_verification', { email: 'nope' });
      expect(bad.statusCode).toBe(400);
      expect(detailsOf(bad).email).toBe(AUTH_MESSAGES.emailInvalid);
    });
  });

  describe('POST /api/auth/login', () => {
    it('signs in with a session cookie (no Max-Age), or a 30-day cookie with remember', async () => {
      const { user, password } = await signUpVerifiedUser(t);
      const res = await post('/api/auth/login', { email: user.email.toUpperCase(), password });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: user });
      const set = String(res.headers['set-cookie']);
      expect(set).toMatch(/^pesan_session=/);
      expect(set).toMatch(/HttpOnly/);
      expect(set).toMatch(/SameSite=Lax/);
      expect(set).not.toMatch(/Secure/);
      expect(set).not.toMatch(/Max-Age/);
      expect((await session(cookieFrom(res))).json().data.id).toBe(user.id);

      const remembered = await post('/api/auth/login', { email: user.email, password, remember: true });
      expect(String(remembered.headers['set-cookie'])).toMatch(new RegExp(`Max-Age=${REMEMBER_TTL_SECONDS}`));
      const rows = await db().select().from(sessions).where(eq(sessions.userId, user.id));
      const longest = Math.max(...rows.map((r) => r.expiresAt.getTime()));
      expect(longest - Date.now()).toBeGreaterThan((REMEMBER_TTL_SECONDS - 60) * 1000);
    });

    it('answers a wrong e-mail and a wrong password identically', async () => {
      const { user } = await signUpVerifiedUser(t);
      const wrongEmail = await post('/api/auth/login', { email: email('ghost'), password: TEST_PASSWORD });
      const wrongPassword = await post('/api/auth/login', { email: user.email, password: 'Wrong#1234' });
      for (const res of [wrongEmail, wrongPassword]) {
        expect(res.statusCode).toBe(401);
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      const strip = (b: { error: Record<string, unknown> }) => ({ ...b.error, request_id: undefined });
      expect(strip(wrongEmail.json())).toEqual(strip(wrongPassword.json()));
      expect(wrongEmail.json().error).toMatchObject({ code: 'unauthorized', message: AUTH_MESSAGES.invalidCredentials });
    });

    it('refuses an unverified account with the right password with 403 email_not_verified', async () => {
      const body = registration();
      await post('/api/auth/register', body);
      const sessionsBefore = Number((await db().select({ n: count() }).from(sessions))[0]!.n);
      const res = await post('/api/auth/login', { email: body.email, password: body.password });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'email_not_verified', message: AUTH_MESSAGES.emailNotVerified });
      expect(res.headers['set-cookie']).toBeUndefined();
      const wrong = await post('/api/auth/login', { email: body.email, password: 'Wrong#1234' });
      expect(wrong.statusCode).toBe(401);
      expect(Number((await db().select({ n: count() }).from(sessions))[0]!.n)).toBe(sessionsBefore);
    });

    it('requires e-mail and password', async () => {
      const res = await post('/api/auth/login', {});
      expect(res.statusCode).toBe(400);
      expect(detailsOf(res)).toMatchObject({ email: AUTH_MESSAGES.emailRequired, password: AUTH_MESSAGES.passwordRequired });
      const blank = await post('/api/auth/login', { email: ' ', password: '' });
      expect(detailsOf(blank)).toMatchObject({ email: AUTH_MESSAGES.emailRequired, password: AUTH_MESSAGES.passwordRequired });
    });

    it('locks an address for one client after 10 failures in 15 minutes, even for the right password, saying when to retry, until they age out', async () => {
      const { user, password } = await signUpVerifiedUser(t);
      for (let i = 0; i < 10; i++) {
        const res = await post('/api/auth/login', { email: user.email, password: `Wrong#${i}abc` });
        expect(res.statusCode).toBe(401);
      }
      const failures = await db().select().from(loginFailures).where(eq(loginFailures.email, user.email));
      expect(failures).toHaveLength(10);
      expect(new Set(failures.map((f) => f.client))).toEqual(new Set(['127.0.0.1']));
      const locked = await post('/api/auth/login', { email: user.email, password });
      expect(locked.statusCode).toBe(429);
      expect(locked.json().error).toMatchObject({ code: 'rate_limited', message: 'Too many sign-in attempts. Please try again in 15 minutes.' });
      expect(locked.json().error.request_id).toBe(locked.headers['x-request-id']);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(900);
      expect(locked.headers['set-cookie']).toBeUndefined();
      // unknown addresses are counted too
      const ghost = email('ghost');
      for (let i = 0; i < 10; i++) await post('/api/auth/login', { email: ghost, password: 'Wrong#1234' });
      expect((await post('/api/auth/login', { email: ghost, password: 'Wrong#1234' })).statusCode).toBe(429);

      // The message counts down with the lock.
      shiftClock(10 * 60_000);
      expect((await post('/api/auth/login', { email: user.email, password })).json().error.message).toBe('Too many sign-in attempts. Please try again in 5 minutes.');
      shiftClock(15 * 60_000 - 30_000);
      expect((await post('/api/auth/login', { email: user.email, password })).json().error.message).toMatch(/^Too many sign-in attempts\. Please try again in \d+ seconds\.$/);
      shiftClock(15 * 60_000 + 1_000);
      const later = await post('/api/auth/login', { email: user.email, password });
      expect(later.statusCode).toBe(200);
      expect(await db().select().from(loginFailures).where(eq(loginFailures.email, user.email))).toHaveLength(0);
    });

    it('does not let failures from another client lock the owner out (issue 6)', async () => {
      const { user, password } = await signUpVerifiedUser(t);
      const from = (remoteAddress: string, pw: string) =>
        t.app.inject({ method: 'POST', url: '/api/auth/login', headers: sameOrigin, remoteAddress, payload: { email: user.email, password: pw } });
      for (let i = 0; i < 10; i++) expect((await from('203.0.113.66', `Wrong#${i}abc`)).statusCode).toBe(401);
      expect((await from('203.0.113.66', password)).statusCode).toBe(429);
      const owner = await from('198.51.100.7', password);
      expect(owner.statusCode).toBe(200);
      expect(owner.json().data.email).toBe(user.email);
      // The owner's success clears only the owner's client; the attacker stays locked.
      expect((await from('203.0.113.66', password)).statusCode).toBe(429);
    });
  });

  describe('session and logout', () => {
    it('GET /api/auth/session answers 200 {data: null} without a cookie or with a forged one (issue 23 item 13: no error for an anonymous page load)', async () => {
      const none = await t.app.inject({ method: 'GET', url: '/api/auth/session' });
      expect(none.statusCode).toBe(200);
      expect(none.json()).toEqual({ data: null });
      expect(none.headers['cache-control']).toBe('no-store');
      const forged = await session('pesan_session=abc.def');
      expect(forged.statusCode).toBe(200);
      expect(forged.json()).toEqual({ data: null });
      // Routes that need a session still refuse anonymous callers with 401.
      expect((await t.app.inject({ method: 'GET', url: '/api/organization' })).statusCode).toBe(401);
    });

    it('logout revokes the session on the server: the replayed cookie is anonymous', async () => {
      const { cookie, user } = await signUpVerifiedUser(t);
      expect(await signedIn(cookie)).toBe(true);
      const res = await post('/api/auth/logout', undefined, cookie);
      expect(res.statusCode).toBe(204);
      expect(String(res.headers['set-cookie'])).toMatch(/pesan_session=;/);
      const replay = await session(cookie);
      expect(replay.json()).toEqual({ data: null });
      // only this session ends (the one the verification link started stays)
      const rows = await db().select().from(sessions).where(eq(sessions.userId, user.id));
      expect(rows.filter((r) => r.revokedAt !== null)).toHaveLength(1);
      // logging out without a session is harmless
      expect((await post('/api/auth/logout')).statusCode).toBe(204);
    });

    it('refuses cross-origin state changes before doing anything', async () => {
      const body = registration();
      const before = await userCount();
      const reg = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { origin: 'https://evil.example' }, payload: body });
      expect(reg.statusCode).toBe(403);
      expect(reg.json().error.code).toBe('forbidden');
      expect(await userCount()).toBe(before);

      const { cookie, user, password } = await signUpVerifiedUser(t);
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'sec-fetch-site': 'cross-site' }, payload: { email: user.email, password } });
      expect(login.statusCode).toBe(403);
      expect(login.headers['set-cookie']).toBeUndefined();
      const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { origin: 'https://evil.example', cookie } });
      expect(logout.statusCode).toBe(403);
      expect(await signedIn(cookie)).toBe(true);
    });
  });

  describe('forgot and reset password', () => {
    it('answers the same for every address and e-mails a reset link only to accounts', async () => {
      const { user } = await signUpVerifiedUser(t);
      const unknownAddr = email('nobody');
      const a = await post('/api/auth/forgot_password', { email: unknownAddr });
      const b = await post('/api/auth/forgot_password', { email: user.email });
      expect(a.statusCode).toBe(200);
      expect(a.json()).toEqual({ description: AUTH_MESSAGES.forgotDescription });
      expect(b.json()).toEqual(a.json());
      const token = await resetTokenFor(t, user.email);
      await waitForAccountMailJobs(t);
      expect(readMails(t, unknownAddr)).toHaveLength(0);
      const mail = readMails(t, user.email).at(-1)!;
      expect(mail.subject).toBe('Reset your Pesan password');
      expect(mail.text).toContain(`http://localhost:3000/auth/reset-password?token=${token}`);
      const [row] = await db().select().from(emailTokens).where(eq(emailTokens.tokenHash, sha256(token)));
      expect(row!.kind).toBe('reset');
      const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(59);
      expect(minutes).toBeLessThanOrEqual(60);
    });

    it('validates the e-mail', async () => {
      const missing = await post('/api/auth/forgot_password', {});
      expect(missing.statusCode).toBe(400);
      expect(detailsOf(missing).email).toBe(AUTH_MESSAGES.emailRequired);
      const invalid = await post('/api/auth/forgot_password', { email: 'x@' });
      expect(detailsOf(invalid).email).toBe(AUTH_MESSAGES.emailInvalid);
    });

    it('resets once, ends every session, sends the notice, and the new password works', async () => {
      const { cookie, user, password } = await signUpVerifiedUser(t);
      await post('/api/auth/forgot_password', { email: user.email });
      const token = await resetTokenFor(t, user.email);
      const hashBefore = (await userByEmail(user.email))!.passwordHash;

      // a bad body changes nothing and leaves the token usable
      const bad = await patch(`/api/auth/reset_password/${token}`, { password: 'New#Pass1', confirmPassword: 'Other#Pass1' });
      expect(bad.statusCode).toBe(400);
      expect(detailsOf(bad)).toMatchObject({ password: AUTH_MESSAGES.passwordMismatch, confirmPassword: AUTH_MESSAGES.confirmMismatch });
      expect((await userByEmail(user.email))!.passwordHash).toBe(hashBefore);

      const res = await patch(`/api/auth/reset_password/${token}`, { password: 'New#Pass1', confirmPassword: 'New#Pass1' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Your password has been reset' });
      expect((await userByEmail(user.email))!.passwordHash).toMatch(/^\$argon2id\$/);
      expect((await userByEmail(user.email))!.passwordHash).not.toBe(hashBefore);
      expect(await signedIn(cookie)).toBe(false);
      expect(readMails(t, user.email).at(-1)!.subject).toBe('Your Pesan password has been changed');

      expect((await post('/api/auth/login', { email: user.email, password })).statusCode).toBe(401);
      expect((await post('/api/auth/login', { email: user.email, password: 'New#Pass1' })).statusCode).toBe(200);

      const again = await patch(`/api/auth/reset_password/${token}`, { password: 'Again#Pass2', confirmPassword: 'Again#Pass2' });
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toMatchObject({ code: 'invalid_request', message: AUTH_MESSAGES.resetExpired });
    });

    it('refuses an expired, an unknown and a verification token', async () => {
      const { user } = await signUpVerifiedUser(t);
      await post('/api/auth/forgot_password', { email: user.email });
      const token = await resetTokenFor(t, user.email);
      const hashBefore = (await userByEmail(user.email))!.passwordHash;
      shiftClock(61 * 60_000);
      const expired = await patch(`/api/auth/reset_password/${token}`, { password: 'New#Pass1', confirmPassword: 'New#Pass1' });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().error.message).toBe(AUTH_MESSAGES.resetExpired);
      expect((await userByEmail(user.email))!.passwordHash).toBe(hashBefore);
      t.ctx.now = realNow;
      const unknown = await patch('/api/auth/reset_password/abc', { password: 'New#Pass1', confirmPassword: 'New#Pass1' });
      expect(unknown.json().error.message).toBe(AUTH_MESSAGES.resetExpired);

      const body = registration();
      await post('/api/auth/register', body);
      const verifyToken = tokenFromMail(t, body.email as string);
      const wrongKind = await patch(`/api/auth/reset_password/${verifyToken}`, { password: 'New#Pass1', confirmPassword: 'New#Pass1' });
      expect(wrongKind.statusCode).toBe(400);
    });

    it('validates the new password pair', async () => {
      const empty = await patch('/api/auth/reset_password/abc', {});
      expect(detailsOf(empty)).toMatchObject({ password: AUTH_MESSAGES.passwordRequired, confirmPassword: AUTH_MESSAGES.confirmRequired });
      const weak = await patch('/api/auth/reset_password/abc', { password: 'weakpass', confirmPassword: 'weakpass' });
      expect(detailsOf(weak).password).toBe(AUTH_MESSAGES.passwordInvalid);
    });
  });

  describe('POST /api/auth/change_password/:userId', () => {
    it('changes the password, keeps this session, ends the others and sends the notice', async () => {
      const { cookie, user, password } = await signUpVerifiedUser(t);
      const other = cookieFrom(await post('/api/auth/login', { email: user.email, password }));
      expect(await signedIn(other)).toBe(true);
      const res = await post(`/api/auth/change_password/${user.id}`, { oldPassword: password, password: 'Changed#123', confirmPassword: 'Changed#123' }, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Your password has been changed' });
      expect(await signedIn(cookie)).toBe(true);
      expect(await signedIn(other)).toBe(false);
      expect(readMails(t, user.email).at(-1)!.subject).toBe('Your Pesan password has been changed');
      expect((await post('/api/auth/login', { email: user.email, password: 'Changed#123' })).statusCode).toBe(200);
    });

    it('refuses a wrong current password under oldPassword and changes nothing', async () => {
      const { cookie, user } = await signUpVerifiedUser(t);
      const hashBefore = (await userByEmail(user.email))!.passwordHash;
      const res = await post(`/api/auth/change_password/${user.id}`, { oldPassword: 'Wrong#1234', password: 'Changed#123', confirmPassword: 'Changed#123' }, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'invalid_request', details: [{ path: 'oldPassword', message: 'Current password is incorrect' }] });
      expect((await userByEmail(user.email))!.passwordHash).toBe(hashBefore);
    });

    it("is 404 for another user's id and 401 without a session", async () => {
      const a = await signUpVerifiedUser(t);
      const b = await signUpVerifiedUser(t);
      const hashBefore = (await userByEmail(b.user.email))!.passwordHash;
      const res = await post(`/api/auth/change_password/${b.user.id}`, { oldPassword: a.password, password: 'Changed#123', confirmPassword: 'Changed#123' }, a.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
      expect((await userByEmail(b.user.email))!.passwordHash).toBe(hashBefore);
      const anon = await post(`/api/auth/change_password/${a.user.id}`, { oldPassword: a.password, password: 'Changed#123', confirmPassword: 'Changed#123' });
      expect(anon.statusCode).toBe(401);
    });

    it('validates every field', async () => {
      const { cookie, user } = await signUpVerifiedUser(t);
      const empty = await post(`/api/auth/change_password/${user.id}`, {}, cookie);
      expect(empty.statusCode).toBe(400);
      expect(detailsOf(empty)).toMatchObject({
        oldPassword: AUTH_MESSAGES.currentPasswordRequired,
        password: AUTH_MESSAGES.passwordRequired,
        confirmPassword: AUTH_MESSAGES.confirmRequired,
      });
      const mismatch = await post(`/api/auth/change_password/${user.id}`, { oldPassword: 'x', password: 'Changed#123', confirmPassword: 'Changed#124' }, cookie);
      expect(detailsOf(mismatch)).toMatchObject({ password: AUTH_MESSAGES.passwordMismatch, confirmPassword: AUTH_MESSAGES.confirmMismatch });
      const weak = await post(`/api/auth/change_password/${user.id}`, { oldPassword: 'x', password: 'changed', confirmPassword: 'changed' }, cookie);
      expect(detailsOf(weak).password).toBe(AUTH_MESSAGES.passwordInvalid);
    });
  });
});

describe('auth cookies and burst limit', () => {
  it('sets Secure, HttpOnly and SameSite=Lax when PUBLIC_URL is https', async () => {
    const t = await createTestApp({ workers: false, env: { PUBLIC_URL: 'https://console.pesan.example' } });
    try {
      const origin = { origin: 'https://console.pesan.example' };
      const body = registration();
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: origin, payload: body })).statusCode).toBe(201);
      const token = tokenFromMail(t, body.email as string);
      expect(readMails(t, body.email as string)[0]!.text).toContain(`https://console.pesan.example/auth/email_verification/${token}`);
      const verified = await t.app.inject({ method: 'PATCH', url: `/api/auth/email_verification/${token}`, headers: origin });
      for (const res of [verified, await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: origin, payload: { email: body.email, password: body.password, remember: true } })]) {
        expect(res.statusCode).toBe(200);
        const set = String(res.headers['set-cookie']);
        expect(set).toMatch(/HttpOnly/);
        expect(set).toMatch(/SameSite=Lax/);
        expect(set).toMatch(/Secure/);
        expect(set).toMatch(/Path=\//);
      }
    } finally {
      await t.close();
    }
  });

  it('limits bursts per IP on the anonymous auth calls with a 429 envelope', async () => {
    const t = await createTestApp({ workers: false, env: { AUTH_RATE_LIMIT: '3' } });
    try {
      const hit = (url: string, payload: object, method: 'POST' | 'PATCH' = 'POST') =>
        t.app.inject({ method, url, headers: sameOrigin, payload });
      for (const [url, payload, method] of [
        ['/api/auth/login', { email: 'a@example.com', password: 'x' }, 'POST'],
        ['/api/auth/forgot_password', { email: 'a@example.com' }, 'POST'],
        ['/api/auth/send_verification', { email: 'a@example.com' }, 'POST'],
        ['/api/auth/register', {}, 'POST'],
        ['/api/auth/reset_password/abc', {}, 'PATCH'],
      ] as const) {
        for (let i = 0; i < 3; i++) expect((await hit(url, payload, method)).statusCode).not.toBe(429);
        const res = await hit(url, payload, method);
        expect(res.statusCode).toBe(429);
        expect(res.json().error).toMatchObject({ code: 'rate_limited', message: AUTH_MESSAGES.tooManyRequests });
        expect(res.json().error.request_id).toBe(res.headers['x-request-id']);
        const retryAfter = Number(res.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(60);
      }
      expect(readMails(t, 'a@example.com')).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});
