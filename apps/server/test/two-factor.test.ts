/**
 * Two-factor sign-in (ARCHITECTURE.md §5.1): TOTP against the RFC 6238 test vectors, setup and
 * enable with recovery codes, the two-step login (no cookie before the second step), replayed and
 * wrong codes, the 5-wrong-codes end of a challenge, single-use recovery codes, disable with
 * password and code, require_2fa, audit entries, e-mails (EN and ID) and that no secret is stored
 * or recorded in the clear. Bodies AND database state.
 */
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MAX_CHALLENGE_ATTEMPTS, TEAMS_MESSAGES } from '@pesan/contracts/teams';
import { TEAMS_MESSAGES_ID } from '@pesan/contracts/messages-id';
import { AUTH_MESSAGES } from '@pesan/contracts/auth';
import { organizations } from '../src/db/schema/organizations.ts';
import { auditLog, loginChallenges, recoveryCodes } from '../src/db/schema/teams.ts';
import { loginFailures, users } from '../src/db/schema/users.ts';
import { base32OfAscii, totpCode, totpStep } from '../src/modules/auth/totp.ts';
import { cookieFrom, createTestApp, sameOrigin, type TestApp } from './harness.ts';
import { readMails, signUpVerifiedUser, signUpWithOrganization, waitForAccountMailJobs, waitForMails } from './accounts-helper.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe('TOTP (RFC 6238 Appendix B, SHA-1)', () => {
  it('gives the published 8-digit codes for the ASCII secret 12345678901234567890', () => {
    const secret = base32OfAscii('12345678901234567890');
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of vectors) expect(totpCode(secret, seconds * 1000, 8), String(seconds)).toBe(code);
  });
});

describe('two-factor sign-in API', () => {
  let t: TestApp;
  const realNow = () => new Date();
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: '1000' } });
  });
  afterAll(async () => t.close());
  afterEach(() => {
    t.ctx.now = realNow;
  });

  const db = () => t.ctx.database.db;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, opts: { payload?: object; cookie?: string; headers?: Record<string, string> } = {}) =>
    t.app.inject({ method, url, headers: { ...sameOrigin, ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers }, ...(opts.payload ? { payload: opts.payload } : {}) });
  const post = (url: string, payload?: object, cookie?: string, headers?: Record<string, string>) => call('POST', url, { ...(payload ? { payload } : {}), ...(cookie ? { cookie } : {}), ...(headers ? { headers } : {}) });
  const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
  const detailsOf = (res: { json(): { error: { details?: { path: string; message: string }[] } } }) =>
    Object.fromEntries((res.json().error.details ?? []).map((d) => [d.path, d.message]));
  /** Sets the server clock `ms` ahead of real time. */
  const shiftClock = (ms: number) => {
    t.ctx.now = () => new Date(Date.now() + ms);
  };
  /** The code of `secret` at the server clock now (plus `stepsAhead` 30-second steps). */
  const codeNow = (secret: string, stepsAhead = 0) => totpCode(secret, t.ctx.now().getTime() + stepsAhead * 30_000);
  /**
   * Moves the server clock `steps` 30-second steps past the last one a test used, one second into
   * the step (a fresh, unused step; a code made now is checked in the same step).
   */
  let offset = 0;
  const nextStep = (steps = 2) => {
    const target = (Math.floor((Date.now() + offset) / 30_000) + steps) * 30_000 + 1000;
    offset = target - Date.now();
    shiftClock(offset);
  };
  const auditOf = async (organizationId: string, action: string) =>
    db().select().from(auditLog).where(and(eq(auditLog.organizationId, organizationId), eq(auditLog.action, action)));

  /** A member with an organization and 2FA on: its secret, recovery codes, password and cookie. */
  async function memberWithTwoFactor(overrides: { email?: string } = {}) {
    const account = await signUpWithOrganization(t, overrides);
    const setup = await post('/api/user/2fa/setup', undefined, account.cookie);
    expect(setup.statusCode).toBe(200);
    const secret = setup.json().data.secret as string;
    nextStep();
    const enable = await post('/api/user/2fa/enable', { code: codeNow(secret) }, account.cookie);
    expect(enable.statusCode).toBe(200);
    return { ...account, secret, recoveryCodes: enable.json().data.recovery_codes as string[] };
  }

  async function challengeFor(email: string, password: string, remember = false, headers?: Record<string, string>): Promise<string> {
    const res = await post('/api/auth/login', { email, password, remember }, undefined, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.two_factor_required).toBe(true);
    return res.json().data.challenge as string;
  }

  describe('setup and enable', () => {
    it('setup answers a base32 secret and an otpauth URL (issuer Pesan, the e-mail as label), stores it sealed and leaves 2FA off', async () => {
      const { cookie, user } = await signUpVerifiedUser(t);
      const res = await post('/api/user/2fa/setup', undefined, cookie);
      expect(res.statusCode).toBe(200);
      const { secret, otpauth_url } = res.json().data;
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const url = new URL(otpauth_url);
      expect(url.protocol).toBe('otpauth:');
      expect(url.host).toBe('totp');
      expect(decodeURIComponent(url.pathname)).toBe(`/Pesan:${user.email}`);
      expect(url.searchParams.get('issuer')).toBe('Pesan');
      expect(url.searchParams.get('secret')).toBe(secret);
      expect(url.searchParams.get('algorithm')).toBe('SHA1');
      expect(url.searchParams.get('digits')).toBe('6');
      expect(url.searchParams.get('period')).toBe('30');
      const row = await userRow(user.id);
      expect(row.totpSecret).toBeTruthy();
      expect(row.totpSecret).not.toContain(secret);
      expect(row.totpEnabledAt).toBeNull();
      expect((await call('GET', '/api/auth/session', { cookie })).json().data.twoFactorEnabled).toBe(false);
    });

    it('needs a session, and a code needs a setup first', async () => {
      expect((await post('/api/user/2fa/setup')).statusCode).toBe(401);
      expect((await post('/api/user/2fa/enable', { code: '123456' })).statusCode).toBe(401);
      const { cookie } = await signUpVerifiedUser(t);
      const res = await post('/api/user/2fa/enable', { code: '123456' }, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(TEAMS_MESSAGES.twoFactorNotSetUp);
      const bad = await post('/api/user/2fa/enable', { code: '12ab' }, cookie);
      expect(bad.statusCode).toBe(400);
      expect(detailsOf(bad)).toEqual({ code: TEAMS_MESSAGES.codeRequired });
    });

    it('a wrong code is a field error that changes nothing; the right one turns 2FA on with 10 recovery codes kept as SHA-256 only', async () => {
      const { cookie, user, organizationId } = await signUpWithOrganization(t);
      const secret = (await post('/api/user/2fa/setup', undefined, cookie)).json().data.secret as string;
      nextStep();
      const right = codeNow(secret);
      const wrong = right === '000000' ? '111111' : '000000';
      const bad = await post('/api/user/2fa/enable', { code: wrong }, cookie);
      expect(bad.statusCode).toBe(400);
      expect(detailsOf(bad)).toEqual({ code: TEAMS_MESSAGES.codeInvalid });
      expect((await userRow(user.id)).totpEnabledAt).toBeNull();
      expect(await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual([]);
      // Counted like a failed sign-in of the address from this client.
      expect((await db().select().from(loginFailures).where(eq(loginFailures.email, user.email))).length).toBe(1);

      const res = await post('/api/user/2fa/enable', { code: right }, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(TEAMS_MESSAGES.twoFactorEnabled);
      const codes = res.json().data.recovery_codes as string[];
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      for (const c of codes) expect(c).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
      const row = await userRow(user.id);
      expect(row.totpEnabledAt).not.toBeNull();
      expect(row.totpLastStep).toBe(totpStep(t.ctx.now().getTime()));
      const stored = await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
      expect(stored.map((r) => r.codeHash).sort()).toEqual(codes.map((c) => sha256(c.replace('-', ''))).sort());
      expect(stored.every((r) => r.usedAt === null)).toBe(true);

      const session = (await call('GET', '/api/auth/session', { cookie })).json().data;
      expect(session.twoFactorEnabled).toBe(true);
      // Already on: setup and enable are refused and change nothing.
      expect((await post('/api/user/2fa/setup', undefined, cookie)).statusCode).toBe(409);
      expect((await post('/api/user/2fa/enable', { code: codeNow(secret, 1) }, cookie)).statusCode).toBe(409);
      expect((await userRow(user.id)).totpSecret).toBe(row.totpSecret);

      const [entry] = await auditOf(organizationId, 'auth.2fa_enabled');
      expect(entry).toMatchObject({ actorId: user.id, actorEmail: user.email, targetType: 'user', targetId: user.id });
      const mails = await waitForMails(t, user.email, 2);
      expect(mails.map((m) => m.subject)).toContain('Two-factor sign-in is on for your Pesan account');
    });

    it('a second setup before enabling replaces the pending secret: codes of the first no longer work', async () => {
      const { cookie } = await signUpVerifiedUser(t);
      const first = (await post('/api/user/2fa/setup', undefined, cookie)).json().data.secret as string;
      const second = (await post('/api/user/2fa/setup', undefined, cookie)).json().data.secret as string;
      expect(second).not.toBe(first);
      nextStep();
      const stale = await post('/api/user/2fa/enable', { code: codeNow(first) }, cookie);
      expect(stale.statusCode).toBe(400);
      expect((await post('/api/user/2fa/enable', { code: codeNow(second) }, cookie)).statusCode).toBe(200);
    });
  });

  describe('two-step sign-in', () => {
    it('login answers a challenge and no cookie; the second step with a code sets the session cookie and answers the user', async () => {
      const m = await memberWithTwoFactor();
      const login = await post('/api/auth/login', { email: m.user.email, password: m.password, remember: true });
      expect(login.statusCode).toBe(200);
      expect(login.headers['set-cookie']).toBeUndefined();
      const { challenge } = login.json().data;
      expect(login.json().data).toEqual({ two_factor_required: true, challenge });
      const stored = (await db().select().from(loginChallenges).where(eq(loginChallenges.idHash, sha256(challenge))))[0]!;
      expect(stored).toMatchObject({ userId: m.user.id, remember: true, attempts: 0, endedAt: null });
      expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBe(600_000);

      nextStep();
      const res = await post('/api/auth/login/2fa', { challenge, code: codeNow(m.secret) });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id: m.user.id, email: m.user.email, role: 'owner', twoFactorEnabled: true, twoFactorSetupRequired: false, organizationId: m.organizationId });
      const cookie = cookieFrom(res);
      expect(cookie).toMatch(/^pesan_session=/);
      // remember: a persistent cookie (30 days).
      expect(String(res.headers['set-cookie'])).toMatch(/Max-Age=2592000/);
      const session = await call('GET', '/api/auth/session', { cookie });
      expect(session.json().data.id).toBe(m.user.id);
      // The challenge is used: it cannot start a second session.
      nextStep();
      const again = await post('/api/auth/login/2fa', { challenge, code: codeNow(m.secret) });
      expect(again.statusCode).toBe(401);
      expect(again.json().error.message).toBe(TEAMS_MESSAGES.challengeEnded);
      const signIns = await auditOf(m.organizationId, 'auth.sign_in');
      expect(signIns.some((e) => e.actorId === m.user.id && e.details.method === 'totp')).toBe(true);
    });

    it('a code already accepted (same 30-second step) is refused: no replay', async () => {
      const m = await memberWithTwoFactor();
      // The step used by enable.
      const used = codeNow(m.secret);
      const challenge = await challengeFor(m.user.email, m.password);
      const replay = await post('/api/auth/login/2fa', { challenge, code: used });
      expect(replay.statusCode).toBe(400);
      expect(detailsOf(replay)).toEqual({ code: TEAMS_MESSAGES.codeInvalid });
      expect(replay.headers['set-cookie']).toBeUndefined();
      nextStep();
      const code = codeNow(m.secret);
      const ok = await post('/api/auth/login/2fa', { challenge, code });
      expect(ok.statusCode).toBe(200);
      // The same code at once in another sign-in: refused.
      const other = await challengeFor(m.user.email, m.password);
      expect((await post('/api/auth/login/2fa', { challenge: other, code })).statusCode).toBe(400);
    });

    it('accepts the code of the previous or next step (clock drift), not two steps away', async () => {
      const m = await memberWithTwoFactor();
      nextStep(4);
      const challenge = await challengeFor(m.user.email, m.password);
      expect((await post('/api/auth/login/2fa', { challenge, code: codeNow(m.secret, -3) })).statusCode).toBe(400);
      expect((await post('/api/auth/login/2fa', { challenge, code: codeNow(m.secret, 1) })).statusCode).toBe(200);
    });

    it(`${MAX_CHALLENGE_ATTEMPTS} wrong codes end the challenge: then even the right code is refused with 401`, async () => {
      const m = await memberWithTwoFactor();
      const challenge = await challengeFor(m.user.email, m.password);
      nextStep();
      const right = codeNow(m.secret);
      const wrong = right === '999999' ? '888888' : '999999';
      for (let i = 1; i < MAX_CHALLENGE_ATTEMPTS; i++) {
        const res = await post('/api/auth/login/2fa', { challenge, code: wrong });
        expect(res.statusCode, `attempt ${i}`).toBe(400);
        expect(detailsOf(res)).toEqual({ code: TEAMS_MESSAGES.codeInvalid });
      }
      const last = await post('/api/auth/login/2fa', { challenge, code: wrong });
      expect(last.statusCode).toBe(401);
      expect(last.json().error).toMatchObject({ code: 'unauthorized', message: TEAMS_MESSAGES.challengeEnded });
      const row = (await db().select().from(loginChallenges).where(eq(loginChallenges.idHash, sha256(challenge))))[0]!;
      expect(row.attempts).toBe(MAX_CHALLENGE_ATTEMPTS);
      expect(row.endedAt).not.toBeNull();
      const late = await post('/api/auth/login/2fa', { challenge, code: right });
      expect(late.statusCode).toBe(401);
      expect(late.headers['set-cookie']).toBeUndefined();
      // The step was not used up by the refused call: a new challenge takes the same code.
      const fresh = await challengeFor(m.user.email, m.password);
      expect((await post('/api/auth/login/2fa', { challenge: fresh, code: right })).statusCode).toBe(200);
      const failed = await auditOf(m.organizationId, 'auth.sign_in_failed');
      expect(failed.filter((e) => e.actorId === m.user.id && e.details.reason === 'two_factor')).toHaveLength(MAX_CHALLENGE_ATTEMPTS);
    });

    it('an unknown or expired challenge is refused with 401', async () => {
      expect((await post('/api/auth/login/2fa', { challenge: 'nope', code: '123456' })).statusCode).toBe(401);
      const m = await memberWithTwoFactor();
      const challenge = await challengeFor(m.user.email, m.password);
      shiftClock(offset + 601_000);
      const res = await post('/api/auth/login/2fa', { challenge, code: codeNow(m.secret) });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe(TEAMS_MESSAGES.challengeEnded);
    });

    it('wrong codes count towards the 10-failures lock of the address: the 11th check answers 429', async () => {
      const m = await memberWithTwoFactor();
      nextStep();
      const right = codeNow(m.secret);
      const wrong = right === '999999' ? '888888' : '999999';
      let challenge = '';
      // 4 + 4 + 2 wrong codes on three challenges (none reaches the 5 that end one).
      for (const n of [4, 4, 2]) {
        challenge = await challengeFor(m.user.email, m.password);
        for (let i = 0; i < n; i++) expect((await post('/api/auth/login/2fa', { challenge, code: wrong })).statusCode).toBe(400);
      }
      const locked = await post('/api/auth/login/2fa', { challenge, code: right });
      expect(locked.statusCode).toBe(429);
      expect(locked.headers['retry-after']).toBeTruthy();
    });

    it('a recovery code signs in once (case and spaces forgiven), is marked used and audited; the same code again is refused', async () => {
      const m = await memberWithTwoFactor();
      const code = m.recoveryCodes[3]!;
      const challenge = await challengeFor(m.user.email, m.password);
      const res = await post('/api/auth/login/2fa', { challenge, recovery_code: ` ${code.toUpperCase()} ` });
      expect(res.statusCode).toBe(200);
      expect(cookieFrom(res)).toMatch(/^pesan_session=/);
      const rows = await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, m.user.id));
      expect(rows.filter((r) => r.usedAt !== null).map((r) => r.codeHash)).toEqual([sha256(code.replace('-', ''))]);
      const [used] = await auditOf(m.organizationId, 'auth.recovery_code_used');
      expect(used).toMatchObject({ actorId: m.user.id, details: { remaining: 9 } });

      const again = await challengeFor(m.user.email, m.password);
      const res2 = await post('/api/auth/login/2fa', { challenge: again, recovery_code: code });
      expect(res2.statusCode).toBe(400);
      expect(detailsOf(res2)).toEqual({ recovery_code: TEAMS_MESSAGES.recoveryCodeInvalid });
      expect((await post('/api/auth/login/2fa', { challenge: again, recovery_code: m.recoveryCodes[4]! })).statusCode).toBe(200);
    });

    it('a wrong password for an account in an organization is audited as auth.sign_in_failed without the password', async () => {
      const { user, organizationId } = await signUpWithOrganization(t);
      const res = await post('/api/auth/login', { email: user.email, password: 'Wrong#Pass99' });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe(AUTH_MESSAGES.invalidCredentials);
      const [entry] = await auditOf(organizationId, 'auth.sign_in_failed');
      expect(entry).toMatchObject({ actorId: user.id, actorEmail: user.email, details: { reason: 'password' } });
      expect(JSON.stringify(entry)).not.toContain('Wrong#Pass99');
    });
  });

  describe('disable', () => {
    it('needs the password and a current code: a wrong one is a field error that changes nothing; then the secret and recovery codes are gone', async () => {
      const m = await memberWithTwoFactor();
      nextStep();
      const wrongPw = await post('/api/user/2fa/disable', { password: 'Wrong#Pass99', code: codeNow(m.secret) }, m.cookie);
      expect(wrongPw.statusCode).toBe(400);
      expect(detailsOf(wrongPw)).toEqual({ password: TEAMS_MESSAGES.passwordWrong });
      const right = codeNow(m.secret);
      const wrongCode = await post('/api/user/2fa/disable', { password: m.password, code: right === '000000' ? '111111' : '000000' }, m.cookie);
      expect(wrongCode.statusCode).toBe(400);
      expect(detailsOf(wrongCode)).toEqual({ code: TEAMS_MESSAGES.codeInvalid });
      const before = await userRow(m.user.id);
      expect(before.totpEnabledAt).not.toBeNull();
      expect((await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, m.user.id))).length).toBe(10);

      const res = await post('/api/user/2fa/disable', { password: m.password, code: right }, m.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(TEAMS_MESSAGES.twoFactorDisabled);
      const after = await userRow(m.user.id);
      expect(after).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null });
      expect(await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, m.user.id))).toEqual([]);
      expect(await auditOf(m.organizationId, 'auth.2fa_disabled')).toHaveLength(1);
      // Off: disable again is a conflict; sign-in needs the password only.
      expect((await post('/api/user/2fa/disable', { password: m.password, code: right }, m.cookie)).statusCode).toBe(409);
      const login = await post('/api/auth/login', { email: m.user.email, password: m.password });
      expect(login.statusCode).toBe(200);
      expect(login.json().data).toMatchObject({ id: m.user.id, twoFactorEnabled: false });
      const mails = await waitForMails(t, m.user.email, 3);
      expect(mails.map((x) => x.subject)).toContain('Two-factor sign-in is off for your Pesan account');
    });

    it('is refused with 403 while the organization requires 2FA', async () => {
      const m = await memberWithTwoFactor();
      await db().update(organizations).set({ require2fa: true }).where(eq(organizations.id, m.organizationId));
      nextStep();
      const res = await post('/api/user/2fa/disable', { password: m.password, code: codeNow(m.secret) }, m.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(TEAMS_MESSAGES.twoFactorRequiredCannotDisable);
      expect((await userRow(m.user.id)).totpEnabledAt).not.toBeNull();
      expect((await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, m.user.id))).length).toBe(10);
    });
  });

  describe('require_2fa', () => {
    it('a member without 2FA is told to set it up (login JSON, session, 403 on console routes) and can set it up himself', async () => {
      const account = await signUpWithOrganization(t);
      await db().update(organizations).set({ require2fa: true }).where(eq(organizations.id, account.organizationId));
      const login = await post('/api/auth/login', { email: account.user.email, password: account.password });
      expect(login.json().data).toMatchObject({ twoFactorEnabled: false, twoFactorSetupRequired: true, role: 'owner' });
      const cookie = cookieFrom(login);
      expect((await call('GET', '/api/auth/session', { cookie })).json().data.twoFactorSetupRequired).toBe(true);
      const blocked = await call('POST', '/api/application/list', { cookie, payload: { channel_id: [], search: '', page: 1, limit: 10 } });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().error.message).toBe(TEAMS_MESSAGES.twoFactorSetupFirst);

      const secret = (await post('/api/user/2fa/setup', undefined, cookie)).json().data.secret as string;
      nextStep();
      expect((await post('/api/user/2fa/enable', { code: codeNow(secret) }, cookie)).statusCode).toBe(200);
      expect((await call('GET', '/api/auth/session', { cookie })).json().data).toMatchObject({ twoFactorEnabled: true, twoFactorSetupRequired: false });
      expect((await call('POST', '/api/application/list', { cookie, payload: { channel_id: [], search: '', page: 1, limit: 10 } })).statusCode).toBe(200);
    });
  });

  describe('e-mails', () => {
    it('a sign-in from a new device (User-Agent) is e-mailed with device and IP; the same device is not', async () => {
      const { user, password } = await signUpVerifiedUser(t);
      const ua = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' };
      const first = await post('/api/auth/login', { email: user.email, password }, undefined, ua);
      expect(first.statusCode).toBe(200);
      const mails = await waitForMails(t, user.email, 2);
      const notice = mails.find((x) => x.subject === 'New sign-in to your Pesan account');
      expect(notice).toBeDefined();
      expect(notice!.text).toContain('Firefox/140.0');
      expect(notice!.text).toContain('IP address: 127.0.0.1');
      expect(notice!.html).toContain('lang="en"');
      await post('/api/auth/login', { email: user.email, password }, undefined, ua);
      await waitForAccountMailJobs(t);
      expect(readMails(t, user.email).filter((x) => x.subject === 'New sign-in to your Pesan account')).toHaveLength(1);
    });

    it('the first sign-in of an account sends no new-device notice', async () => {
      const { user } = await signUpVerifiedUser(t);
      await waitForAccountMailJobs(t);
      // Verification link (first session) and the helper's login with the same browser: nothing.
      expect(readMails(t, user.email).map((x) => x.subject)).toEqual(['Verify your Pesan account']);
    });

    it('are in Indonesian for a user who chose it', async () => {
      const m = await signUpWithOrganization(t);
      await db().update(users).set({ language: 'id' }).where(eq(users.id, m.user.id));
      const secret = (await post('/api/user/2fa/setup', undefined, m.cookie)).json().data.secret as string;
      nextStep();
      expect((await post('/api/user/2fa/enable', { code: codeNow(secret) }, m.cookie)).statusCode).toBe(200);
      const challenge = await challengeFor(m.user.email, m.password, false, { 'user-agent': 'Safari/605.1.15' });
      nextStep();
      const res = await post('/api/auth/login/2fa', { challenge, code: codeNow(secret) }, undefined, { 'user-agent': 'Safari/605.1.15' });
      expect(res.statusCode).toBe(200);
      const mails = await waitForMails(t, m.user.email, 3);
      expect(mails.map((x) => x.subject)).toEqual(
        expect.arrayContaining(['Verifikasi dua langkah aktif untuk akun Pesan Anda', 'Ada yang masuk ke akun Pesan Anda']),
      );
      const notice = mails.find((x) => x.subject === 'Ada yang masuk ke akun Pesan Anda')!;
      expect(notice.text).toContain('Perangkat: Safari/605.1.15');
      expect(notice.html).toContain('lang="id"');
    });

    it('answers in Indonesian for an Indonesian caller', async () => {
      const m = await memberWithTwoFactor();
      const res = await post('/api/auth/login/2fa', { challenge: 'nope', code: '123456' }, undefined, { 'accept-language': 'id' });
      expect(res.json().error.message).toBe(TEAMS_MESSAGES_ID.challengeEnded);
      expect(m.secret).toBeTruthy();
    });
  });

  it('no secret is stored or recorded in the clear: TOTP secret, recovery codes, challenge, codes, password, cookie', async () => {
    const m = await memberWithTwoFactor();
    const challenge = await challengeFor(m.user.email, m.password);
    nextStep();
    const code = codeNow(m.secret);
    const wrong = code === '999999' ? '888888' : '999999';
    await post('/api/auth/login/2fa', { challenge, code: wrong });
    const res = await post('/api/auth/login/2fa', { challenge, code });
    expect(res.statusCode).toBe(200);
    const rawCookie = decodeURIComponent(cookieFrom(res).slice('pesan_session='.length));
    const sessionId = t.app.unsignCookie(rawCookie).value!;
    expect(sessionId).toBeTruthy();
    const recovery = m.recoveryCodes[0]!;
    const other = await challengeFor(m.user.email, m.password);
    await post('/api/auth/login/2fa', { challenge: other, recovery_code: recovery });

    const secrets = [m.secret, challenge, other, code, wrong, m.password, rawCookie, sessionId, ...m.recoveryCodes, ...m.recoveryCodes.map((c) => c.replace('-', ''))];
    const dump: string[] = [];
    for (const table of ['users', 'recovery_codes', 'login_challenges', 'audit_log', 'sessions', 'login_failures']) {
      const { rows } = await t.ctx.database.executor.executeSql(`select t::text as row from ${table} t`);
      dump.push(...(rows as { row: string }[]).map((r) => r.row));
    }
    const { rows: jobs } = await t.ctx.boss.getDb().executeSql(`select data::text as row from pgboss.job`, []);
    dump.push(...(jobs as { row: string }[]).map((r) => r.row));
    const text = dump.join('\n');
    expect(text).toContain(m.user.email);
    for (const s of secrets) expect(text.includes(s), `stored in the clear: ${s.slice(0, 4)}…`).toBe(false);
    // Mails do not carry codes either.
    const mailText = readMails(t, m.user.email)
      .map((x) => x.text + x.html)
      .join('\n');
    for (const s of [m.secret, code, ...m.recoveryCodes]) expect(mailText.includes(s)).toBe(false);
  });
});
