/**
 * Invitations to an organization (SQL only; ARCHITECTURE.md §5.1, migration 0019). The table keeps
 * the SHA-256 hex of the link's token, never the token. Pending = not accepted, not revoked and
 * `expires_at` after now.
 */
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Role } from '@pesan/contracts/roles';
import type { Db } from '../../db/client.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { invitations } from '../../db/schema/teams.ts';
import { users } from '../../db/schema/users.ts';

export type InvitationRow = typeof invitations.$inferSelect;

/** A pending invitation with the e-mail of the member who sent it (null when that account is gone). */
export interface PendingInvitationRow {
  id: string;
  email: string;
  role: Role;
  expiresAt: Date;
  createdAt: Date;
  invitedByEmail: string | null;
}

const pending = (now: Date) => and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now));

/** Stores an invitation (`tokenHash` the SHA-256 hex of the token) and returns the row. */
export async function insertInvitation(
  db: Db,
  row: { organizationId: string; email: string; role: Role; tokenHash: string; invitedBy: string; expiresAt: Date; createdAt: Date },
): Promise<InvitationRow> {
  const [created] = await db.insert(invitations).values(row).returning();
  return created!;
}

/** Whether `organizationId` has a pending invitation (at `now`) for the lower-cased `email`. */
export async function hasPendingInvitation(db: Db, organizationId: string, email: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.organizationId, organizationId), eq(invitations.email, email), pending(now)))
    .limit(1);
  return row !== undefined;
}

/** The pending invitations of `organizationId` at `now`, newest first, with the sender's e-mail. */
export async function listPendingInvitations(db: Db, organizationId: string, now: Date): Promise<PendingInvitationRow[]> {
  return db
    .select({
      id: invitations.id,
      email: invitations.email,
      role: invitations.role,
      expiresAt: invitations.expiresAt,
      createdAt: invitations.createdAt,
      invitedByEmail: users.email,
    })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(eq(invitations.organizationId, organizationId), pending(now)))
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
}

/** The pending invitation `id` (a UUID) of `organizationId` at `now`, or null (unknown, of another organization, or no longer pending). */
export async function findPendingInvitation(db: Db, organizationId: string, id: string, now: Date): Promise<InvitationRow | null> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.organizationId, organizationId), eq(invitations.id, id), pending(now)))
    .limit(1);
  return row ?? null;
}

/** Revokes the pending invitation `id` of `organizationId` at `now`; the row, or null when it was not pending. */
export async function revokeInvitation(db: Db, organizationId: string, id: string, now: Date): Promise<InvitationRow | null> {
  const [row] = await db
    .update(invitations)
    .set({ revokedAt: now })
    .where(and(eq(invitations.organizationId, organizationId), eq(invitations.id, id), pending(now)))
    .returning();
  return row ?? null;
}

/** The pending invitation (at `now`) whose token has the SHA-256 hex `tokenHash`, with its organization's name, or null. */
export async function findPendingInvitationByHash(db: Db, tokenHash: string, now: Date): Promise<(InvitationRow & { organizationName: string }) | null> {
  const [row] = await db
    .select({ invitation: invitations, organizationName: organizations.businessName })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .where(and(eq(invitations.tokenHash, tokenHash), pending(now)))
    .limit(1);
  return row ? { ...row.invitation, organizationName: row.organizationName } : null;
}

/**
 * Marks the pending invitation with `tokenHash` accepted by `userId` at `now`, in one conditional
 * UPDATE (single use: of two concurrent accepts only one gets the row). Null when it was not pending.
 */
export async function consumeInvitation(db: Db, tokenHash: string, userId: string, now: Date): Promise<InvitationRow | null> {
  const [row] = await db
    .update(invitations)
    .set({ acceptedAt: now, acceptedBy: userId })
    .where(and(eq(invitations.tokenHash, tokenHash), pending(now)))
    .returning();
  return row ?? null;
}
