/**
 * Members of an organization and its security setting (SQL only; ARCHITECTURE.md §5.1). A member is
 * a user whose organization_id is the organization's; their role is users.role (set exactly when
 * organization_id is, a CHECK of migration 0019). Every query is scoped by organization.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Role } from '@pesan/contracts/roles';
import type { Db } from '../../db/client.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { sessions, users } from '../../db/schema/users.ts';

/** A member as the members list shows them. */
export interface MemberRow {
  userId: string;
  fullName: string;
  email: string;
  role: Role;
  /** Whether the member has two-factor sign-in on. */
  twoFactor: boolean;
  /** The latest last-seen time of any of their sessions; null when they have none. */
  lastSeenAt: Date | null;
  joinedAt: Date | null;
}

const memberColumns = {
  userId: users.id,
  fullName: users.fullName,
  email: users.email,
  role: users.role,
  twoFactor: sql<boolean>`(${users.totpEnabledAt} is not null)`.mapWith(Boolean),
  lastSeenAt: sql<Date | null>`(select max(${sessions.lastSeenAt}) from ${sessions} where ${sessions.userId} = ${users.id})`.mapWith(sessions.lastSeenAt),
  joinedAt: users.joinedAt,
};

const asMember = (row: { role: Role | null } & Omit<MemberRow, 'role'>): MemberRow => ({ ...row, role: row.role ?? 'viewer' });

/**
 * Locks organization `organizationId` (SELECT … FOR UPDATE) until the surrounding transaction ends:
 * every change of membership (role, removal, invitation) takes this lock first, so the owner count
 * and the pending invitations read afterwards cannot change under it. Returns its name, or null
 * when there is no such organization.
 */
export async function lockOrganization(db: Db, organizationId: string): Promise<{ name: string } | null> {
  const [row] = await db.select({ name: organizations.businessName }).from(organizations).where(eq(organizations.id, organizationId)).for('update');
  return row ?? null;
}

/** The members of `organizationId`: owners first, then by name (case-insensitive), then e-mail. */
export async function listMembers(db: Db, organizationId: string): Promise<MemberRow[]> {
  const rows = await db
    .select(memberColumns)
    .from(users)
    .where(eq(users.organizationId, organizationId))
    .orderBy(sql`(${users.role} = 'owner') desc`, sql`lower(${users.fullName})`, asc(users.email));
  return rows.map(asMember);
}

/** The member `userId` (a UUID) of `organizationId`, or null when the user is unknown or of another organization. */
export async function findMember(db: Db, organizationId: string, userId: string): Promise<MemberRow | null> {
  const [row] = await db
    .select(memberColumns)
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.id, userId)))
    .limit(1);
  return row ? asMember(row) : null;
}

/** Whether the lower-cased `email` belongs to a member of `organizationId`. */
export async function isMemberEmail(db: Db, organizationId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.email, email)))
    .limit(1);
  return row !== undefined;
}

/** How many owners `organizationId` has. */
export async function countOwners(db: Db, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.role, 'owner')));
  return Number(row?.n ?? 0);
}

/** Sets the role of member `userId` of `organizationId` at `now`; false when they are not (or no longer) a member. */
export async function setMemberRole(db: Db, organizationId: string, userId: string, role: Role, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ role, updatedAt: now })
    .where(and(eq(users.organizationId, organizationId), eq(users.id, userId)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/**
 * Takes member `userId` out of `organizationId` at `now`: organization, role and joined time become
 * null (the account stays; it may create or join another organization). False when not a member.
 */
export async function detachMember(db: Db, organizationId: string, userId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ organizationId: null, role: null, joinedAt: null, updatedAt: now })
    .where(and(eq(users.organizationId, organizationId), eq(users.id, userId)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** The require_2fa setting of `organizationId`, or null when there is no such organization. */
export async function findRequire2fa(db: Db, organizationId: string): Promise<boolean | null> {
  const [row] = await db.select({ require2fa: organizations.require2fa }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  return row ? row.require2fa : null;
}

/** Sets require_2fa of `organizationId` at `now`; false when there is no such organization. */
export async function setRequire2fa(db: Db, organizationId: string, value: boolean, now: Date): Promise<boolean> {
  const rows = await db.update(organizations).set({ require2fa: value, updatedAt: now }).where(eq(organizations.id, organizationId)).returning({ id: organizations.id });
  return rows.length === 1;
}
