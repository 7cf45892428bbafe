/**
 * Members, their roles and the organization's security setting (ARCHITECTURE.md §5.1). The route's
 * permission (plugins/permissions.ts) has already refused callers whose role lacks it; the rules
 * here are the ones a permission cannot say: only an owner makes, changes or removes an owner
 * (contracts roles.ts assignableRoles), an organization keeps at least one owner, and nobody
 * changes or removes themself here. Every change of membership runs in one transaction that first
 * locks the organization's row (members.repo.ts lockOrganization), so two concurrent demotions can
 * never leave an organization without an owner. Another organization's user is a 404 identical to
 * an unknown id.
 */
import { TEAMS_MESSAGES, type Member, type SecuritySettings } from '@pesan/contracts/teams';
import { assignableRoles, can, type Role } from '@pesan/contracts/roles';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { revokeUserSessions, type SessionRow } from '../auth/session.service.ts';
import * as repo from './members.repo.ts';

/** What the members service uses of the application context. */
export type MembersDeps = Pick<AppContext, 'database' | 'now'>;

/** A session of a member of an organization (requireOrganization's answer). */
export type MemberSession = SessionRow & { organizationId: string };

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 404 `not_found` TEAMS_MESSAGES.memberNotFound: unknown, malformed or another organization's user alike. */
export const memberNotFound = () => new AppError('not_found', TEAMS_MESSAGES.memberNotFound);

/** The members list JSON of a member row (contracts memberSchema). */
export function toMember(row: repo.MemberRow): Member {
  return {
    user_id: row.userId,
    full_name: row.fullName,
    email: row.email,
    role: row.role,
    two_factor: row.twoFactor,
    last_seen_at: row.lastSeenAt ? row.lastSeenAt.toISOString() : null,
    joined_at: row.joinedAt ? row.joinedAt.toISOString() : null,
  };
}

/**
 * The members of the caller's organization (GET /api/organization/members): owners first, then by
 * name; `last_seen_at` is the latest of the member's sessions (null when none).
 */
export async function listMembers(ctx: MembersDeps, session: MemberSession): Promise<Member[]> {
  return (await repo.listMembers(ctx.database.db, session.organizationId)).map(toMember);
}

/**
 * The checks shared by a role change and a removal, inside the locked transaction: the target is a
 * member (404), not the caller (409 notYourself), the caller is still a member who may manage
 * members (403), taking an owner away leaves another owner (409 lastOwner), and the caller may
 * touch the target's role and give `newRole` (403 ownersOnly: only owners touch owners).
 */
async function checkChange(db: Db, session: MemberSession, userId: string, newRole: Role | null): Promise<repo.MemberRow> {
  const target = UUID_RE.test(userId) ? await repo.findMember(db, session.organizationId, userId) : null;
  if (!target) throw memberNotFound();
  if (target.userId === session.userId) throw new AppError('conflict', TEAMS_MESSAGES.notYourself);
  // The caller as the database has them now (a concurrent change may have demoted or removed them).
  const actor = await repo.findMember(db, session.organizationId, session.userId);
  if (!actor || !can(actor.role, 'members.manage')) throw new AppError('forbidden', TEAMS_MESSAGES.roleForbidden);
  if (target.role === 'owner' && newRole !== 'owner' && (await repo.countOwners(db, session.organizationId)) <= 1) {
    throw new AppError('conflict', TEAMS_MESSAGES.lastOwner);
  }
  const allowed = assignableRoles(actor.role);
  if (!allowed.includes(target.role) || (newRole !== null && !allowed.includes(newRole))) throw new AppError('forbidden', TEAMS_MESSAGES.ownersOnly);
  return target;
}

/**
 * Gives member `userId` of the caller's organization `role` (PUT /api/organization/members/{userId}).
 * @returns the member after the change and their role before it (`from` equals `member.role` when
 *   nothing changed).
 * @throws 404 `not_found` for an unknown, malformed or another organization's user id; 409
 *   `conflict` TEAMS_MESSAGES.notYourself for the caller's own id; 409 TEAMS_MESSAGES.lastOwner
 *   when the organization's only owner would be demoted; 403 `forbidden` TEAMS_MESSAGES.ownersOnly
 *   when a non-owner touches an owner or gives the owner role. Nothing changes on error.
 */
export async function updateMemberRole(ctx: MembersDeps, session: MemberSession, userId: string, role: Role): Promise<{ member: Member; from: Role }> {
  const now = ctx.now();
  return ctx.database.db.transaction(async (tx) => {
    if (!(await repo.lockOrganization(tx, session.organizationId))) throw memberNotFound();
    const target = await checkChange(tx, session, userId, role);
    if (target.role !== role && !(await repo.setMemberRole(tx, session.organizationId, userId, role, now))) throw memberNotFound();
    const after = await repo.findMember(tx, session.organizationId, userId);
    if (!after) throw memberNotFound();
    return { member: toMember(after), from: target.role };
  });
}

/**
 * Removes member `userId` from the caller's organization (DELETE /api/organization/members/{userId}):
 * their organization and role become null (the account stays and may create or join another
 * organization) and every session of theirs is revoked in the same transaction, so their cookie gets
 * 401 on its next call.
 * @returns the member as they were before the removal.
 * @throws as updateMemberRole: 404, 409 notYourself, 409 lastOwner, 403 ownersOnly (a non-owner
 *   removing an owner). Nothing changes on error.
 */
export async function removeMember(ctx: MembersDeps, session: MemberSession, userId: string): Promise<Member> {
  const now = ctx.now();
  return ctx.database.db.transaction(async (tx) => {
    if (!(await repo.lockOrganization(tx, session.organizationId))) throw memberNotFound();
    const target = await checkChange(tx, session, userId, null);
    if (!(await repo.detachMember(tx, session.organizationId, userId, now))) throw memberNotFound();
    await revokeUserSessions(tx, userId, now);
    return toMember(target);
  });
}

/** The caller's organization's security settings (GET /api/organization/security). */
export async function getSecurity(ctx: MembersDeps, session: MemberSession): Promise<SecuritySettings> {
  const require2fa = await repo.findRequire2fa(ctx.database.db, session.organizationId);
  if (require2fa === null) throw memberNotFound();
  return { require_2fa: require2fa };
}

/**
 * Saves the caller's organization's require_2fa (PUT /api/organization/security). Members without
 * 2FA then get 403 on every console route until they set it up (plugins/permissions.ts).
 * @returns the saved settings and the value before (`from`).
 * @throws 409 `conflict` TEAMS_MESSAGES.twoFactorSelfFirst when turning it on while the caller has no
 *   2FA themself (they would lock themself out); nothing changes.
 */
export async function updateSecurity(ctx: MembersDeps, session: MemberSession, input: SecuritySettings): Promise<{ settings: SecuritySettings; from: boolean }> {
  if (input.require_2fa && !session.twoFactorEnabled) throw new AppError('conflict', TEAMS_MESSAGES.twoFactorSelfFirst);
  const now = ctx.now();
  return ctx.database.db.transaction(async (tx) => {
    if (!(await repo.lockOrganization(tx, session.organizationId))) throw memberNotFound();
    const from = await repo.findRequire2fa(tx, session.organizationId);
    if (from === null || !(await repo.setRequire2fa(tx, session.organizationId, input.require_2fa, now))) throw memberNotFound();
    return { settings: { require_2fa: input.require_2fa }, from };
  });
}
