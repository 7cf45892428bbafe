/**
 * Members and the organization's security setting (ARCHITECTURE.md §5.1): the members list, role
 * changes and removals with their rules (only owners touch owners, the last owner stays, nobody
 * changes themself, another organization's user is a 404), sessions ended at once on removal, and
 * require_2fa. Bodies AND database state, and the audit entries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { TEAMS_MESSAGES } from '@pesan/contracts/teams';
import { TEAMS_MESSAGES_ID } from '@pesan/contracts/messages-id';
import type { Role } from '@pesan/contracts/roles';
import { auditLog } from '../src/db/schema/teams.ts';
import { organizations } from '../src/db/schema/organizations.ts';
import { sessions, users } from '../src/db/schema/users.ts';
import { cookieFrom, createTestApp, sameOrigin, type TestApp } from './harness.ts';
import { readMails, signUpWithOrganization, TEST_PASSWORD } from './accounts-helper.ts';

let seq = 0;
const address = (tag: string) => `${tag}-${Date.now().toString(36)}-${++seq}@example.com`;

describe('members API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ workers: false, env: { AUTH_RATE_LIMIT: '1000' } });
  });
  afterAll(async () => t.close());

  const db = () => t.ctx.database.db;
  const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { ...sameOrigin, cookie }, ...(payload ? { payload } : {}) });
  const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
  const lastAudit = async (organizationId: string, action: string) =>
    (await db().select().from(auditLog).where(and(eq(auditLog.organizationId, organizationId), eq(auditLog.action, action))).orderBy(desc(auditLog.at)).limit(1))[0];

  /** A new member of the organization of `ownerCookie` with `role`, through an invitation accepted with a new account. */
  async function addMember(ownerCookie: string, role: Role, fullName = 'Member'): Promise<{ id: string; email: string; cookie: string }> {
    const email = address(role);
    const invite = await call('POST', '/api/organization/invitations', ownerCookie, { email, role });
    expect(invite.statusCode, invite.body).toBe(201);
    const token = /\/auth\/invitation\/([A-Za-z0-9_-]+)/.exec(readMails(t, email).at(-1)!.text)![1]!;
    const accept = await t.app.inject({
      method: 'POST',
      url: `/api/auth/invitation/${token}/accept`,
      headers: sameOrigin,
      payload: { fullName, phoneNumber: '081234567890', password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD },
    });
    expect(accept.statusCode, accept.body).toBe(200);
    return { id: accept.json().data.id, email, cookie: cookieFrom(accept) };
  }

  async function team() {
    const owner = await signUpWithOrganization(t, { fullName: 'Zed Owner', email: address('owner') });
    const admin = await addMember(owner.cookie, 'admin', 'Ani Admin');
    const developer = await addMember(owner.cookie, 'developer', 'budi Developer');
    const viewer = await addMember(owner.cookie, 'viewer', 'Citra Viewer');
    return { owner, admin, developer, viewer, organizationId: owner.organizationId };
  }

  describe('GET /api/organization/members', () => {
    it('lists every member with role, 2FA, last seen and joined times: owners first, then by name', async () => {
      const { owner, admin, developer, viewer } = await team();
      const second = await addMember(owner.cookie, 'owner', 'Agus Owner');
      // A member with no session at all has no last-seen time.
      await db().delete(sessions).where(eq(sessions.userId, viewer.id));
      await db().update(users).set({ totpEnabledAt: new Date() }).where(eq(users.id, admin.id));

      const res = await call('GET', '/api/organization/members', owner.cookie);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data as { user_id: string; full_name: string; email: string; role: string; two_factor: boolean; last_seen_at: string | null; joined_at: string | null }[];
      expect(data.map((m) => m.full_name)).toEqual(['Agus Owner', 'Zed Owner', 'Ani Admin', 'budi Developer', 'Citra Viewer']);
      expect(data.map((m) => m.role)).toEqual(['owner', 'owner', 'admin', 'developer', 'viewer']);
      const byId = Object.fromEntries(data.map((m) => [m.user_id, m]));
      expect(Object.keys(data[0]!).sort()).toEqual(['email', 'full_name', 'joined_at', 'last_seen_at', 'role', 'two_factor', 'user_id']);
      expect(byId[admin.id]).toMatchObject({ email: admin.email, two_factor: true });
      expect(byId[developer.id]!.two_factor).toBe(false);
      expect(byId[viewer.id]!.last_seen_at).toBeNull();
      // last_seen_at is the latest of the member's sessions; joined_at when they joined.
      const ownerSessions = await db().select().from(sessions).where(eq(sessions.userId, owner.user.id));
      const latest = Math.max(...ownerSessions.map((s) => s.lastSeenAt.getTime()));
      expect(new Date(byId[owner.user.id]!.last_seen_at!).getTime()).toBe(latest);
      expect(byId[second.id]!.joined_at).toBe((await userRow(second.id)).joinedAt!.toISOString());
      expect(byId[owner.user.id]!.joined_at).not.toBeNull();
      // Only this organization's members.
      const other = await signUpWithOrganization(t, { email: address('other') });
      expect(data.some((m) => m.user_id === other.user.id)).toBe(false);
      expect(data).toHaveLength(5);
      expect((await call('GET', '/api/organization/members', other.cookie)).json().data).toHaveLength(1);
    });

    it('is read by every role and refused without a session (401)', async () => {
      const { viewer } = await team();
      expect((await call('GET', '/api/organization/members', viewer.cookie)).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/organization/members' })).statusCode).toBe(401);
    });
  });

  describe('PUT /api/organization/members/{userId}', () => {
    it('changes a role: answers the member, stores it and records member.role_changed {from, to}', async () => {
      const { owner, developer, organizationId } = await team();
      const res = await call('PUT', `/api/organization/members/${developer.id}`, owner.cookie, { role: 'admin' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ data: { user_id: developer.id, email: developer.email, role: 'admin' }, message: TEAMS_MESSAGES.roleChanged });
      expect((await userRow(developer.id)).role).toBe('admin');
      const entry = await lastAudit(organizationId, 'member.role_changed');
      expect(entry).toMatchObject({ actorId: owner.user.id, targetType: 'user', targetId: developer.id, targetName: developer.email, details: { from: 'developer', to: 'admin' } });
      // The member's next request carries the new role.
      const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: developer.cookie } });
      expect(session.json().data.role).toBe('admin');
    });

    it('lets an owner make another owner, and an admin manage non-owners', async () => {
      const { owner, admin, developer, viewer } = await team();
      expect((await call('PUT', `/api/organization/members/${viewer.id}`, admin.cookie, { role: 'developer' })).statusCode).toBe(200);
      expect((await userRow(viewer.id)).role).toBe('developer');
      expect((await call('PUT', `/api/organization/members/${developer.id}`, owner.cookie, { role: 'owner' })).statusCode).toBe(200);
      expect((await userRow(developer.id)).role).toBe('owner');
      // Now two owners: one owner may demote the other.
      expect((await call('PUT', `/api/organization/members/${developer.id}`, owner.cookie, { role: 'viewer' })).statusCode).toBe(200);
      expect((await userRow(developer.id)).role).toBe('viewer');
    });

    it('refuses an admin making an owner or touching an owner (403 ownersOnly), changing nothing', async () => {
      const { owner, admin, developer, organizationId } = await team();
      const second = await addMember(owner.cookie, 'owner', 'Second Owner');
      const before = await db().select().from(auditLog).where(eq(auditLog.organizationId, organizationId));
      const promote = await call('PUT', `/api/organization/members/${developer.id}`, admin.cookie, { role: 'owner' });
      expect(promote.statusCode).toBe(403);
      expect(promote.json().error).toMatchObject({ code: 'forbidden', message: TEAMS_MESSAGES.ownersOnly });
      const demote = await call('PUT', `/api/organization/members/${second.id}`, admin.cookie, { role: 'viewer' });
      expect(demote.statusCode).toBe(403);
      expect(demote.json().error.message).toBe(TEAMS_MESSAGES.ownersOnly);
      expect((await userRow(developer.id)).role).toBe('developer');
      expect((await userRow(second.id)).role).toBe('owner');
      expect(await db().select().from(auditLog).where(eq(auditLog.organizationId, organizationId))).toHaveLength(before.length);
    });

    it('refuses demoting the last owner (409 lastOwner) and changing your own role (409 notYourself)', async () => {
      const { owner, admin } = await team();
      const last = await call('PUT', `/api/organization/members/${owner.user.id}`, admin.cookie, { role: 'admin' });
      expect(last.statusCode).toBe(409);
      expect(last.json().error).toMatchObject({ code: 'conflict', message: TEAMS_MESSAGES.lastOwner });
      expect((await userRow(owner.user.id)).role).toBe('owner');
      const self = await call('PUT', `/api/organization/members/${owner.user.id}`, owner.cookie, { role: 'admin' });
      expect(self.statusCode).toBe(409);
      expect(self.json().error).toMatchObject({ code: 'conflict', message: TEAMS_MESSAGES.notYourself });
      const selfAdmin = await call('PUT', `/api/organization/members/${admin.id}`, admin.cookie, { role: 'viewer' });
      expect(selfAdmin.statusCode).toBe(409);
      expect((await userRow(owner.user.id)).role).toBe('owner');
      expect((await userRow(admin.id)).role).toBe('admin');
    });

    it('keeps one owner when two owners demote each other at the same time', async () => {
      const { owner, organizationId } = await team();
      const second = await addMember(owner.cookie, 'owner', 'Second Owner');
      const [a, b] = await Promise.all([
        call('PUT', `/api/organization/members/${second.id}`, owner.cookie, { role: 'admin' }),
        call('PUT', `/api/organization/members/${owner.user.id}`, second.cookie, { role: 'admin' }),
      ]);
      expect([a.statusCode, b.statusCode].filter((s) => s === 200)).toHaveLength(1);
      expect([403, 409]).toContain([a, b].find((r) => r.statusCode !== 200)!.statusCode);
      const owners = await db().select().from(users).where(and(eq(users.organizationId, organizationId), eq(users.role, 'owner')));
      expect(owners).toHaveLength(1);
    });

    it("answers 404 alike for another organization's user, an unknown id and a malformed id", async () => {
      const { owner } = await team();
      const other = await signUpWithOrganization(t, { email: address('other') });
      const foreign = await call('PUT', `/api/organization/members/${other.user.id}`, owner.cookie, { role: 'viewer' });
      const unknown = await call('PUT', '/api/organization/members/00000000-0000-4000-8000-000000000000', owner.cookie, { role: 'viewer' });
      const malformed = await call('PUT', '/api/organization/members/not-a-uuid', owner.cookie, { role: 'viewer' });
      for (const res of [foreign, unknown, malformed]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toMatchObject({ code: 'not_found', message: TEAMS_MESSAGES.memberNotFound });
      }
      expect((await userRow(other.user.id)).role).toBe('owner');
    });

    it('refuses roles without members.manage (403) and a bad role (400), changing nothing', async () => {
      const { developer, viewer } = await team();
      const dev = await call('PUT', `/api/organization/members/${viewer.id}`, developer.cookie, { role: 'admin' });
      expect(dev.statusCode).toBe(403);
      expect(dev.json().error.message).toBe(TEAMS_MESSAGES.roleForbidden);
      const { owner } = await team();
      const bad = await call('PUT', `/api/organization/members/${viewer.id}`, owner.cookie, { role: 'king' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.details).toEqual([{ path: 'role', message: TEAMS_MESSAGES.roleInvalid }]);
      expect((await userRow(viewer.id)).role).toBe('viewer');
    });
  });

  describe('DELETE /api/organization/members/{userId}', () => {
    it('removes a member: account kept without organization, every session ended at once, audited', async () => {
      const { admin, developer, organizationId } = await team();
      // A second session of the developer (another device).
      const again = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: sameOrigin, payload: { email: developer.email, password: TEST_PASSWORD } });
      const otherDevice = cookieFrom(again);
      expect((await call('GET', '/api/organization/members', otherDevice)).statusCode).toBe(200);

      const res = await call('DELETE', `/api/organization/members/${developer.id}`, admin.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: TEAMS_MESSAGES.memberRemoved });
      const row = await userRow(developer.id);
      expect(row).toMatchObject({ organizationId: null, role: null, joinedAt: null, email: developer.email });
      expect(await db().select().from(sessions).where(and(eq(sessions.userId, developer.id), isNull(sessions.revokedAt)))).toHaveLength(0);
      for (const cookie of [developer.cookie, otherDevice]) {
        expect((await call('GET', '/api/organization/members', cookie)).statusCode).toBe(401);
        expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json().data).toBeNull();
      }
      expect((await call('GET', '/api/organization/members', admin.cookie)).json().data.some((m: { user_id: string }) => m.user_id === developer.id)).toBe(false);
      expect(await lastAudit(organizationId, 'member.removed')).toMatchObject({ actorId: admin.id, targetId: developer.id, targetName: developer.email, details: { role: 'developer' } });

      // They can still sign in, have no organization, and may create one of their own.
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: sameOrigin, payload: { email: developer.email, password: TEST_PASSWORD } });
      expect(login.statusCode, login.body).toBe(200);
      expect(login.json().data).toMatchObject({ organizationId: null, role: null });
      const cookie = cookieFrom(login);
      expect((await call('GET', '/api/organization/members', cookie)).statusCode).toBe(403);
      const created = await call('POST', '/api/organization', cookie, { business_name: 'Budi Co', business_phone: '0215550100', business_address: 'Jl. Baru 2', website_url: '' });
      expect(created.statusCode, created.body).toBe(201);
      expect((await userRow(developer.id)).role).toBe('owner');
    });

    it('refuses: admin removing an owner (403), the last owner (409), yourself (409), another organization (404)', async () => {
      const { owner, admin } = await team();
      const last = await call('DELETE', `/api/organization/members/${owner.user.id}`, admin.cookie);
      expect(last.statusCode).toBe(409);
      expect(last.json().error.message).toBe(TEAMS_MESSAGES.lastOwner);
      const second = await addMember(owner.cookie, 'owner', 'Second Owner');
      const ownerByAdmin = await call('DELETE', `/api/organization/members/${second.id}`, admin.cookie);
      expect(ownerByAdmin.statusCode).toBe(403);
      expect(ownerByAdmin.json().error.message).toBe(TEAMS_MESSAGES.ownersOnly);
      const self = await call('DELETE', `/api/organization/members/${owner.user.id}`, owner.cookie);
      expect(self.statusCode).toBe(409);
      expect(self.json().error.message).toBe(TEAMS_MESSAGES.notYourself);
      const other = await signUpWithOrganization(t, { email: address('other') });
      const foreign = await call('DELETE', `/api/organization/members/${other.user.id}`, owner.cookie);
      expect(foreign.statusCode).toBe(404);
      for (const id of [owner.user.id, second.id, other.user.id]) expect((await userRow(id)).organizationId).not.toBeNull();
      // Nobody's session ended.
      expect((await call('GET', '/api/organization/members', second.cookie)).statusCode).toBe(200);
      // An owner may remove another owner.
      expect((await call('DELETE', `/api/organization/members/${second.id}`, owner.cookie)).statusCode).toBe(200);
      expect((await userRow(second.id)).organizationId).toBeNull();
    });
  });

  describe('GET and PUT /api/organization/security', () => {
    it('reads and saves require_2fa; turning it on needs your own 2FA first (409)', async () => {
      const { owner, developer, viewer, organizationId } = await team();
      const read = await call('GET', '/api/organization/security', viewer.cookie);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({ data: { require_2fa: false } });

      const refused = await call('PUT', '/api/organization/security', owner.cookie, { require_2fa: true });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'conflict', message: TEAMS_MESSAGES.twoFactorSelfFirst });
      const indonesian = await t.app.inject({ method: 'PUT', url: '/api/organization/security', headers: { ...sameOrigin, cookie: owner.cookie, 'accept-language': 'id' }, payload: { require_2fa: true } });
      expect(indonesian.json().error.message).toBe(TEAMS_MESSAGES_ID.twoFactorSelfFirst);
      expect((await db().select().from(organizations).where(eq(organizations.id, organizationId)))[0]!.require2fa).toBe(false);

      expect((await call('PUT', '/api/organization/security', developer.cookie, { require_2fa: false })).statusCode).toBe(403);
      expect((await call('PUT', '/api/organization/security', owner.cookie, { require_2fa: 'yes' })).statusCode).toBe(400);

      // With 2FA on for the owner (set up through the 2FA flow; here directly).
      await db().update(users).set({ totpEnabledAt: new Date() }).where(eq(users.id, owner.user.id));
      const saved = await call('PUT', '/api/organization/security', owner.cookie, { require_2fa: true });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({ data: { require_2fa: true }, message: TEAMS_MESSAGES.securitySaved });
      expect((await db().select().from(organizations).where(eq(organizations.id, organizationId)))[0]!.require2fa).toBe(true);
      expect(await lastAudit(organizationId, 'organization.require_2fa_changed')).toMatchObject({
        actorId: owner.user.id,
        targetType: 'organization',
        targetId: organizationId,
        details: { from: false, to: true },
      });
      // The owner keeps working; a member without 2FA is sent to set it up.
      expect((await call('GET', '/api/organization/security', owner.cookie)).json()).toEqual({ data: { require_2fa: true } });
      expect((await call('GET', '/api/organization/members', owner.cookie)).statusCode).toBe(200);
      const blocked = await call('GET', '/api/organization/members', developer.cookie);
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().error.message).toBe(TEAMS_MESSAGES.twoFactorSetupFirst);

      // Turning it off is always allowed; saving the same value records nothing new.
      const auditCount = async () => (await db().select().from(auditLog).where(eq(auditLog.action, 'organization.require_2fa_changed'))).length;
      const before = await auditCount();
      expect((await call('PUT', '/api/organization/security', owner.cookie, { require_2fa: true })).statusCode).toBe(200);
      expect(await auditCount()).toBe(before);
      expect((await call('PUT', '/api/organization/security', owner.cookie, { require_2fa: false })).statusCode).toBe(200);
      expect(await auditCount()).toBe(before + 1);
      expect((await call('GET', '/api/organization/members', developer.cookie)).statusCode).toBe(200);
    });
  });
});
