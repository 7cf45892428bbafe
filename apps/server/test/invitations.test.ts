/**
 * Invitations (ARCHITECTURE.md §5.1): send (the e-mail with a working link, in the invitee's or the
 * inviter's language), list, revoke, read the link without a session, and accept it, once, as the
 * signed-in invited user or by creating the account. The table never holds the token. Bodies AND
 * database state, and the audit entries.
 */
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@pesan/contracts/auth';
import { INVITATION_TTL_DAYS, TEAMS_MESSAGES } from '@pesan/contracts/teams';
import type { Role } from '@pesan/contracts/roles';
import { auditLog, invitations } from '../src/db/schema/teams.ts';
import { termsAcceptances, users } from '../src/db/schema/users.ts';
import { cookieFrom, createTestApp, PUBLIC_URL, sameOrigin, type TestApp } from './harness.ts';
import { readMails, signUpVerifiedUser, signUpWithOrganization, TEST_PASSWORD } from './accounts-helper.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
let seq = 0;
const address = (tag: string) => `${tag}-${Date.now().toString(36)}-${++seq}@example.com`;
const account = { fullName: 'Dewi Lestari', phoneNumber: '0812 3456 7890', password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD };
const DAY_MS = 24 * 60 * 60 * 1000;

describe('invitations API', () => {
  let t: TestApp;
  const realNow = () => new Date();
  beforeAll(async () => {
    t = await createTestApp({ workers: false, env: { AUTH_RATE_LIMIT: '1000' } });
  });
  afterAll(async () => t.close());
  afterEach(() => {
    t.ctx.now = realNow;
  });

  const db = () => t.ctx.database.db;
  const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, cookie?: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...sameOrigin, ...headers, ...(cookie ? { cookie } : {}) }, ...(payload ? { payload } : {}) });
  const invite = (cookie: string, email: string, role: Role = 'developer', headers: Record<string, string> = {}) =>
    call('POST', '/api/organization/invitations', cookie, { email, role }, headers);
  const tokenOf = (email: string) => {
    const mail = readMails(t, email).at(-1);
    if (!mail) throw new Error(`no mail to ${email}`);
    return /\/auth\/invitation\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  };
  const invitationRows = (organizationId: string) => db().select().from(invitations).where(eq(invitations.organizationId, organizationId));
  const userByEmail = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0];
  const auditOf = async (organizationId: string, action: string) =>
    db().select().from(auditLog).where(and(eq(auditLog.organizationId, organizationId), eq(auditLog.action, action)));

  describe('POST /api/organization/invitations', () => {
    it('stores the invitation (7 days, token only as SHA-256), e-mails a working link naming organization, inviter and role', async () => {
      const owner = await signUpWithOrganization(t, { fullName: 'Rina Owner', email: address('owner') });
      await call('PUT', `/api/organization/${owner.organizationId}`, owner.cookie, {
        business_name: 'Toko Maju',
        business_phone: '0215550100',
        business_address: 'Jl. Test No. 1, Jakarta',
        website_url: '',
      });
      const email = address('Invitee').toUpperCase();
      const res = await invite(owner.cookie, email, 'admin');
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(body.message).toBe(TEAMS_MESSAGES.invitationSent);
      expect(body.data).toMatchObject({ email: email.toLowerCase(), role: 'admin', invited_by: owner.user.email });
      expect(Object.keys(body.data).sort()).toEqual(['created_at', 'email', 'expires_at', 'id', 'invited_by', 'role']);
      const days = (new Date(body.data.expires_at).getTime() - new Date(body.data.created_at).getTime()) / DAY_MS;
      expect(days).toBe(INVITATION_TTL_DAYS);

      const mails = readMails(t, email.toLowerCase());
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.subject).toBe('You are invited to join Toko Maju on Pesan');
      expect(mail.text).toContain('Rina Owner');
      expect(mail.text).toContain(owner.user.email);
      expect(mail.text).toContain('as Admin');
      const token = tokenOf(email.toLowerCase());
      expect(token.length).toBeGreaterThanOrEqual(43);
      expect(mail.text).toContain(`${PUBLIC_URL}/auth/invitation/${token}`);
      expect(mail.html).toContain(`${PUBLIC_URL}/auth/invitation/${token}`);
      expect(mail.html).toContain('<html lang="en">');

      // The row: SHA-256 of the token, never the token, in any column.
      const rows = await invitationRows(owner.organizationId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: body.data.id, email: email.toLowerCase(), role: 'admin', tokenHash: sha256(token), invitedBy: owner.user.id, acceptedAt: null, revokedAt: null });
      expect(JSON.stringify(rows)).not.toContain(token);
      // Audited with the e-mail as target, never the token.
      const audit = await auditOf(owner.organizationId, 'member.invited');
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorId: owner.user.id, targetType: 'invitation', targetId: body.data.id, targetName: email.toLowerCase(), details: { role: 'admin' } });
      expect(JSON.stringify(audit)).not.toContain(token);

      // The link works: the page reads it without a session.
      const info = await t.app.inject({ method: 'GET', url: `/api/auth/invitation/${token}` });
      expect(info.statusCode).toBe(200);
      expect(info.json()).toEqual({ data: { organization_name: 'Toko Maju', email: email.toLowerCase(), role: 'admin', has_account: false } });
    });

    it("writes the e-mail in the invitee account's language, else the inviter's request language", async () => {
      const owner = await signUpWithOrganization(t, { email: address('owner') });
      const existing = await signUpVerifiedUser(t, { email: address('bahasa') });
      await db().update(users).set({ language: 'id' }).where(eq(users.id, existing.user.id));
      expect((await invite(owner.cookie, existing.user.email)).statusCode).toBe(201);
      const id = readMails(t, existing.user.email).at(-1)!;
      expect(id.subject).toMatch(/^Anda diundang bergabung dengan /);
      expect(id.html).toContain('<html lang="id">');

      const fresh = address('fresh');
      expect((await invite(owner.cookie, fresh, 'viewer', { 'accept-language': 'id-ID,id;q=0.9' })).statusCode).toBe(201);
      expect(readMails(t, fresh).at(-1)!.subject).toMatch(/^Anda diundang/);
      const english = address('english');
      expect((await invite(owner.cookie, english, 'viewer', { 'accept-language': 'en-US' })).statusCode).toBe(201);
      expect(readMails(t, english).at(-1)!.subject).toMatch(/^You are invited/);
    });

    it('refuses a member (409), a pending invitation (409), an owner invited by an admin (403), bad input (400): nothing stored or sent', async () => {
      const owner = await signUpWithOrganization(t, { email: address('owner') });
      const adminEmail = address('admin');
      await invite(owner.cookie, adminEmail, 'admin');
      const accepted = await call('POST', `/api/auth/invitation/${tokenOf(adminEmail)}/accept`, undefined, account);
      expect(accepted.statusCode, accepted.body).toBe(200);
      const admin = cookieFrom(accepted);
      const pendingEmail = address('pending');
      await invite(owner.cookie, pendingEmail);
      const before = (await invitationRows(owner.organizationId)).length;
      const mailsBefore = readMails(t).length;

      const member = await invite(owner.cookie, owner.user.email.toUpperCase(), 'viewer');
      expect(member.statusCode).toBe(409);
      expect(member.json().error).toMatchObject({ code: 'conflict', message: TEAMS_MESSAGES.alreadyMember, details: [{ path: 'email', message: TEAMS_MESSAGES.alreadyMember }] });
      const twice = await invite(admin, pendingEmail, 'viewer');
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error.message).toBe(TEAMS_MESSAGES.alreadyInvited);
      const ownerByAdmin = await invite(admin, address('boss'), 'owner');
      expect(ownerByAdmin.statusCode).toBe(403);
      expect(ownerByAdmin.json().error.message).toBe(TEAMS_MESSAGES.ownersOnly);
      const badEmail = await invite(owner.cookie, 'not-an-email');
      expect(badEmail.statusCode).toBe(400);
      expect(badEmail.json().error.details).toEqual([{ path: 'email', message: AUTH_MESSAGES.emailInvalid }]);
      const badRole = await call('POST', '/api/organization/invitations', owner.cookie, { email: address('x'), role: 'king' });
      expect(badRole.statusCode).toBe(400);
      expect(badRole.json().error.details).toEqual([{ path: 'role', message: TEAMS_MESSAGES.roleInvalid }]);
      expect((await invitationRows(owner.organizationId)).length).toBe(before);
      expect(readMails(t).length).toBe(mailsBefore);

      // An address of a user in another organization may be invited (they get 409 on accepting).
      const elsewhere = await signUpWithOrganization(t, { email: address('elsewhere') });
      expect((await invite(owner.cookie, elsewhere.user.email)).statusCode).toBe(201);
      // Owners may invite owners.
      expect((await invite(owner.cookie, address('co-owner'), 'owner')).statusCode).toBe(201);
    });

    it('refuses developers and viewers (403) and callers without a session (401)', async () => {
      const owner = await signUpWithOrganization(t, { email: address('owner') });
      const devEmail = address('dev');
      await invite(owner.cookie, devEmail, 'developer');
      const dev = cookieFrom(await call('POST', `/api/auth/invitation/${tokenOf(devEmail)}/accept`, undefined, account));
      const res = await invite(dev, address('x'), 'viewer');
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(TEAMS_MESSAGES.roleForbidden);
      expect((await call('GET', '/api/organization/invitations', dev)).statusCode).toBe(403);
      expect((await call('POST', '/api/organization/invitations', undefined, { email: address('x'), role: 'viewer' })).statusCode).toBe(401);
    });

    it('refuses a 4th e-mail to one address within 15 minutes (429), storing nothing', async () => {
      const owner = await signUpWithOrganization(t, { email: address('owner') });
      const email = address('spam');
      for (let i = 0; i < 3; i++) {
        const sent = await invite(owner.cookie, email);
        expect(sent.statusCode, sent.body).toBe(201);
        expect((await call('DELETE', `/api/organization/invitations/${sent.json().data.id}`, owner.cookie)).statusCode).toBe(200);
      }
      const limited = await invite(owner.cookie, email);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error).toMatchObject({ code: 'rate_limited', message: TEAMS_MESSAGES.invitationMailLimit });
      expect(await invitationRows(owner.organizationId)).toHaveLength(3);
      expect(readMails(t, email)).toHaveLength(3);
    });
  });

  describe('GET and DELETE /api/organization/invitations', () => {
    it('lists pending invitations only (newest first, with the sender) and revokes one: its link then answers 404', async () => {
      const owner = await signUpWithOrganization(t, { email: address('owner') });
      const [a, b, c, d] = [address('a'), address('b'), address('c'), address('d')];
      for (const e of [a, b, c, d]) expect((await invite(owner.cookie, e, 'viewer')).statusCode).toBe(201);
      // b accepted, c expired, d revoked below; a stays pending.
      expect((await call('POST', `/api/auth/invitation/${tokenOf(b)}/accept`, undefined, account)).statusCode).toBe(200);
      await db().update(invitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invitations.email, c));
      const rows = await invitationRows(owner.organizationId);
      const dId = rows.find((r) => r.email === d)!.id;

      const revoked = await call('DELETE', `/api/organization/invitations/${dId}`, owner.cookie);
      expect(revoked.statusCode, revoked.body).toBe(200);
      expect(revoked.json()).toEqual({ message: TEAMS_MESSAGES.invitationRevoked });
      expect((await db().select().from(invitations).where(eq(invitations.id, dId)))[0]!.revokedAt).not.toBeNull();
      const audit = await auditOf(owner.organizationId, 'member.invitation_revoked');
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorId: owner.user.id, targetId: dId, targetName: d, details: { role: 'viewer' } });

      const e = address('e');
      await new Promise((r) => setTimeout(r, 5));
      expect((await invite(owner.cookie, e, 'admin')).statusCode).toBe(201);
      const list = await call('GET', '/api/organization/invitations', owner.cookie);
      expect(list.statusCode).toBe(200);
      expect(list.json().data).toEqual([
        expect.objectContaining({ email: e, role: 'admin', invited_by: owner.user.email }),
        expect.objectContaining({ email: a, role: 'viewer', invited_by: owner.user.email }),
      ]);

      const link = await t.app.inject({ method: 'GET', url: `/api/auth/invitation/${tokenOf(d)}` });
      expect(link.statusCode).toBe(404);
      expect(link.json().error).toMatchObject({ code: 'not_found', message: TEAMS_MESSAGES.invitationNotFound });
      const accept = await call('POST', `/api/auth/invitation/${tokenOf(d)}/accept`, undefined, account);
      expect(accept.statusCode).toBe(404);
      expect(await userByEmail(d)).toBeUndefined();
      // Revoking again, or an unknown or malformed id, is a 404.
      for (const id of [dId, '00000000-0000-4000-8000-000000000000', 'nope']) {
        const res = await call('DELETE', `/api/organization/invitations/${id}`, owner.cookie);
        expect(res.statusCode).toBe(404);
      }
    });

    it("answers 404 for another organization's invitation and refuses an admin revoking an owner's invitation (403)", async () => {
      const owner = await signUpWithOrganization(t, { email: address('owner') });
      const other = await signUpWithOrganization(t, { email: address('other') });
      await invite(other.cookie, address('theirs'));
      const theirs = (await invitationRows(other.organizationId))[0]!;
      const res = await call('DELETE', `/api/organization/invitations/${theirs.id}`, owner.cookie);
      expect(res.statusCode).toBe(404);
      expect((await db().select().from(invitations).where(eq(invitations.id, theirs.id)))[0]!.revokedAt).toBeNull();
      expect((await call('GET', '/api/organization/invitations', owner.cookie)).json().data).toEqual([]);

      const adminEmail = address('admin');
      await invite(owner.cookie, adminEmail, 'admin');
      const admin = cookieFrom(await call('POST', `/api/auth/invitation/${tokenOf(adminEmail)}/accept`, undefined, account));
      await invite(owner.cookie, address('boss'), 'owner');
      const ownerInvite = (await invitationRows(owner.organizationId)).find((r) => r.role === 'owner')!;
      const refused = await call('DELETE', `/api/organization/invitations/${ownerInvite.id}`, admin);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(TEAMS_MESSAGES.ownersOnly);
      expect((await db().select().from(invitations).where(eq(invitations.id, ownerInvite.id)))[0]!.revokedAt).toBeNull();
    });
  });

  describe('GET /api/auth/invitation/{token} and POST …/accept', () => {
    it('accepts as the signed-in invited user (any case): joins with the role, once', async () => {
      const owner = await signUpWithOrganization(t, { email: address('owner') });
      const invitee = await signUpVerifiedUser(t, { email: address('Invitee') });
      expect((await invite(owner.cookie, invitee.user.email.toUpperCase(), 'developer')).statusCode).toBe(201);
      const token = tokenOf(invitee.user.email);
      const info = await t.app.inject({ method: 'GET', url: `/api/auth/invitation/${token}` });
      expect(info.json().data).toMatchObject({ email: invitee.user.email, role: 'developer', has_account: true });

      const res = await call('POST', `/api/auth/invitation/${token}/accept`, invitee.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ data: { id: invitee.user.id, organizationId: owner.organizationId, role: 'developer' }, message: TEAMS_MESSAGES.invitationAccepted });
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await userByEmail(invitee.user.email)).toMatchObject({ organizationId: owner.organizationId, role: 'developer' });
      expect((await userByEmail(invitee.user.email))!.joinedAt).not.toBeNull();
      const row = (await invitationRows(owner.organizationId))[0]!;
      expect(row.acceptedBy).toBe(invitee.user.id);
      expect(row.acceptedAt).not.toBeNull();
      const audit = await auditOf(owner.organizationId, 'member.invitation_accepted');
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorId: invitee.user.id, actorEmail: invitee.user.email, targetId: row.id, details: { role: 'developer' } });
      // The same session now works in the organization.
      expect((await call('GET', '/api/organization/members', invitee.cookie)).json().data).toHaveLength(2);

      // Used: the link is a 404 from now on.
      const again = await call('POST', `/api/auth/invitation/${token}/accept`, invitee.cookie);
      expect(again.statusCode).toBe(404);
      expect(again.json().error.message).toBe(TEAMS_MESSAGES.invitationNotFound);
      expect((await t.app.inject({ method: 'GET', url: `/api/auth/invitation/${token}` })).statusCode).toBe(404);
    });

    it('creates the account from the link: e-mail verified, joined, signed in; the terms are still to accept', async () => {
      const owner = await signUpWithOrganization(t, { email: address('owner') });
      const email = address('new');
      await invite(owner.cookie, email, 'viewer');
      const token = tokenOf(email);

      const empty = await call('POST', `/api/auth/invitation/${token}/accept`);
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.details).toEqual([
        { path: 'fullName', message: AUTH_MESSAGES.fullNameRequired },
        { path: 'phoneNumber', message: AUTH_MESSAGES.phoneRequired },
        { path: 'password', message: AUTH_MESSAGES.passwordRequired },
        { path: 'confirmPassword', message: AUTH_MESSAGES.confirmRequired },
      ]);
      const mismatch = await call('POST', `/api/auth/invitation/${token}/accept`, undefined, { ...account, confirmPassword: 'Other#1234' });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().error.details).toEqual(
        expect.arrayContaining([{ path: 'confirmPassword', message: AUTH_MESSAGES.confirmMismatch }]),
      );
      const weak = await call('POST', `/api/auth/invitation/${token}/accept`, undefined, { ...account, password: 'short', confirmPassword: 'short' });
      expect(weak.statusCode).toBe(400);
      expect(await userByEmail(email)).toBeUndefined();

      const res = await call('POST', `/api/auth/invitation/${token}/accept`, undefined, account);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ email, fullName: 'Dewi Lestari', organizationId: owner.organizationId, role: 'viewer', emailVerified: true, phoneNumber: '+6281234567890' });
      const row = await userByEmail(email);
      expect(row!.emailVerifiedAt).not.toBeNull();
      expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row).toMatchObject({ organizationId: owner.organizationId, role: 'viewer' });
      const cookie = cookieFrom(res);
      const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
      expect(session.json().data).toMatchObject({ id: row!.id, organizationId: owner.organizationId, role: 'viewer' });
      // The terms modal applies as after a registration: nothing accepted them.
      const terms = await t.app.inject({ method: 'GET', url: `/api/user/agreement-tnc/${row!.id}?check=true&pp_version=1.9&tnc_version=1.2.2`, headers: { cookie } });
      expect(terms.json()).toEqual({ data: { tnc_accept: false } });
      expect(await db().select().from(termsAcceptances).where(eq(termsAcceptances.userId, row!.id))).toHaveLength(0);
      // The new account can sign in with its password.
      const login = await call('POST', '/api/auth/login', undefined, { email, password: TEST_PASSWORD });
      expect(login.statusCode).toBe(200);
      const audit = await auditOf(owner.organizationId, 'member.invitation_accepted');
      expect(audit[0]).toMatchObject({ actorId: row!.id, actorEmail: email });
      expect(JSON.stringify(audit)).not.toContain(TEST_PASSWORD);

      // Used twice: 404, no second account.
      const again = await call('POST', `/api/auth/invitation/${token}/accept`, undefined, account);
      expect(again.statusCode).toBe(404);
      expect(Number((await db().select({ n: count() }).from(users).where(eq(users.email, email)))[0]!.n)).toBe(1);
    });

    it('refuses a new account for an address that has one (409: sign in), changing nothing', async () => {
      const owner = await signUpWithOrganization(t, { email: address('owner') });
      const existing = await signUpVerifiedUser(t, { email: address('existing') });
      await invite(owner.cookie, existing.user.email);
      const token = tokenOf(existing.user.email);
      const res = await call('POST', `/api/auth/invitation/${token}/accept`, undefined, account);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'conflict', message: TEAMS_MESSAGES.accountExists });
      expect(res.headers['set-cookie']).toBeUndefined();
      expect((await invitationRows(owner.organizationId))[0]!.acceptedAt).toBeNull();
      expect((await userByEmail(existing.user.email))!.organizationId).toBeNull();
      // Signing in then accepting works.
      expect((await call('POST', `/api/auth/invitation/${token}/accept`, existing.cookie)).statusCode).toBe(200);
    });

    it('refuses the wrong signed-in account (403) and a member of another organization (409); the invitation stays pending', async () => {
      const owner = await signUpWithOrganization(t, { email: address('owner') });
      const stranger = await signUpVerifiedUser(t, { email: address('stranger') });
      const elsewhere = await signUpWithOrganization(t, { email: address('elsewhere') });
      const invitedEmail = address('invited');
      await invite(owner.cookie, invitedEmail);
      await invite(owner.cookie, elsewhere.user.email);

      const wrong = await call('POST', `/api/auth/invitation/${tokenOf(invitedEmail)}/accept`, stranger.cookie);
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().error).toMatchObject({ code: 'forbidden', message: TEAMS_MESSAGES.invitationWrongAccount });
      expect((await userByEmail(stranger.user.email))!.organizationId).toBeNull();

      const busy = await call('POST', `/api/auth/invitation/${tokenOf(elsewhere.user.email)}/accept`, elsewhere.cookie);
      expect(busy.statusCode).toBe(409);
      expect(busy.json().error).toMatchObject({ code: 'conflict', message: TEAMS_MESSAGES.otherOrganization });
      expect((await userByEmail(elsewhere.user.email))).toMatchObject({ organizationId: elsewhere.organizationId, role: 'owner' });

      const rows = await invitationRows(owner.organizationId);
      expect(rows.every((r) => r.acceptedAt === null)).toBe(true);
      expect((await call('GET', '/api/organization/invitations', owner.cookie)).json().data).toHaveLength(2);
    });

    it('answers 404 for an expired invitation (7 days later), an unknown token and a revoked one', async () => {
      const owner = await signUpWithOrganization(t, { email: address('owner') });
      const email = address('late');
      await invite(owner.cookie, email);
      const token = tokenOf(email);
      t.ctx.now = () => new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS + 60_000);
      const info = await t.app.inject({ method: 'GET', url: `/api/auth/invitation/${token}` });
      expect(info.statusCode).toBe(404);
      expect(info.json().error.message).toBe(TEAMS_MESSAGES.invitationNotFound);
      expect((await call('POST', `/api/auth/invitation/${token}/accept`, undefined, account)).statusCode).toBe(404);
      expect((await call('GET', '/api/organization/invitations', owner.cookie)).json().data).toEqual([]);
      expect(await userByEmail(email)).toBeUndefined();
      // An expired invitation no longer blocks a new one.
      expect((await invite(owner.cookie, email)).statusCode).toBe(201);
      t.ctx.now = realNow;

      for (const bad of ['unknown-token', 'x'.repeat(43)]) {
        const res = await t.app.inject({ method: 'GET', url: `/api/auth/invitation/${bad}` });
        expect(res.statusCode).toBe(404);
        expect(res.json().error.message).toBe(TEAMS_MESSAGES.invitationNotFound);
      }
    });

    it('never writes the token to the log (request URLs are redacted)', async () => {
      const lines: string[] = [];
      const { Writable } = await import('node:stream');
      const logStream = new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      });
      const logged = await createTestApp({ workers: false, logStream, env: { AUTH_RATE_LIMIT: '1000' } });
      try {
        const owner = await signUpWithOrganization(logged, { email: address('owner') });
        const email = address('logged');
        const sent = await logged.app.inject({ method: 'POST', url: '/api/organization/invitations', headers: { ...sameOrigin, cookie: owner.cookie }, payload: { email, role: 'viewer' } });
        expect(sent.statusCode).toBe(201);
        const token = /\/auth\/invitation\/([A-Za-z0-9_-]+)/.exec(readMails(logged, email).at(-1)!.text)![1]!;
        expect((await logged.app.inject({ method: 'GET', url: `/api/auth/invitation/${token}` })).statusCode).toBe(200);
        expect((await logged.app.inject({ method: 'POST', url: `/api/auth/invitation/${token}/accept`, headers: sameOrigin, payload: account })).statusCode).toBe(200);
        expect(lines.join('\n')).toContain('/api/auth/invitation/[redacted]');
        expect(lines.join('\n')).not.toContain(token);
        expect(lines.join('\n')).not.toContain(TEST_PASSWORD);
      } finally {
        await logged.close();
      }
    });

    it('lets only one of two concurrent accepts of one link through', async () => {
      const owner = await signUpWithOrganization(t, { email: address('owner') });
      const email = address('race');
      await invite(owner.cookie, email);
      const token = tokenOf(email);
      const results = await Promise.all([1, 2].map(() => call('POST', `/api/auth/invitation/${token}/accept`, undefined, account)));
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect([404, 409]).toContain(results.find((r) => r.statusCode !== 200)!.statusCode);
      expect(Number((await db().select({ n: count() }).from(users).where(eq(users.email, email)))[0]!.n)).toBe(1);
    });
  });
});
