/**
 * Sessions table access (SQL only). The cookie holds a random session id; the table keeps its SHA-256.
 */
import { and, desc, eq, gt, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import type { Role } from '@pesan/contracts/roles';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/users.ts';
import { organizations } from '../../db/schema/organizations.ts';

export interface SessionRow {
  idHash: string;
  userId: string;
  organizationId: string | null;
  email: string;
  fullName: string;
  phoneNumber: string;
  avatar: string | null;
  language: string | null;
  /** The organization's IANA time zone, null without an organization. */
  timeZone: string | null;
  emailVerified: boolean;
  expiresAt: Date;
  /** The user's role in their organization (ARCHITECTURE.md §5.1); null without one. */
  role: Role | null;
  /** Whether the user has two-factor sign-in on. */
  twoFactorEnabled: boolean;
  /** Whether the user's organization requires 2FA. */
  require2fa: boolean;
  /** The organization requires 2FA and this user has none yet: only self-service routes answer. */
  twoFactorSetupRequired: boolean;
  /** When this session last made a request (updated at most once a minute). */
  lastSeenAt: Date;
}

/** A session as its owner sees it in the sessions list (ARCHITECTURE.md §5.1). */
export interface SessionListRow {
  idHash: string;
  createdAt: Date;
  lastSeenAt: Date;
  ip: string;
  userAgent: string;
}

/** Stores a session: the SHA-256 hex of its random id, its user and its expiry. */
export async function insertSession(db: Db, row: { idHash: string; userId: string; expiresAt: Date; ip?: string; userAgent?: string }): Promise<void> {
  await db.insert(sessions).values(row);
}

/** The live (not revoked, not expired) session with its user and their organization's time zone, or null. */
export async function findLiveSession(db: Db, idHash: string, now: Date): Promise<SessionRow | null> {
  const [row] = await db
    .select({
      idHash: sessions.idHash,
      userId: users.id,
      organizationId: users.organizationId,
      email: users.email,
      fullName: users.fullName,
      phoneNumber: users.phoneNumber,
      avatar: users.avatar,
      language: users.language,
      timeZone: organizations.timeZone,
      emailVerifiedAt: users.emailVerifiedAt,
      expiresAt: sessions.expiresAt,
      role: users.role,
      totpEnabledAt: users.totpEnabledAt,
      require2fa: organizations.require2fa,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(eq(sessions.idHash, idHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  const { emailVerifiedAt, totpEnabledAt, require2fa, ...rest } = row;
  const organized = rest.organizationId !== null;
  return {
    ...rest,
    role: organized ? rest.role : null,
    emailVerified: emailVerifiedAt !== null,
    twoFactorEnabled: totpEnabledAt !== null,
    require2fa: organized && require2fa === true,
    twoFactorSetupRequired: organized && require2fa === true && totpEnabledAt === null,
  };
}

/** Sets the session's last-seen time to `now` (the session plugin calls it at most once a minute). */
export async function touchSession(db: Db, idHash: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
}

/** The live sessions of `userId`, most recently seen first. */
export async function listLiveSessions(db: Db, userId: string, now: Date): Promise<SessionListRow[]> {
  return db
    .select({ idHash: sessions.idHash, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, ip: sessions.ip, userAgent: sessions.userAgent })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt));
}

/** Marks the session revoked at `now` (its cookie then gets 401). */
export async function revokeSession(db: Db, idHash: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.idHash, idHash));
}

/** Revokes every session of `userId`, except `keepIdHash` when given. */
export async function revokeUserSessions(db: Db, userId: string, now: Date, keepIdHash?: string): Promise<void> {
  const where = keepIdHash
    ? and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.idHash, keepIdHash))
    : and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await db.update(sessions).set({ revokedAt: now }).where(where);
}

/** Deletes sessions that expired, or were revoked, before `before` (maintenance job). Returns how many. */
export async function deleteSessionsEndedBefore(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, before), lt(sessions.revokedAt, before)))
    .returning({ idHash: sessions.idHash });
  return rows.length;
}

/** Of sessions `idHashes`, the live ones with their user's organization id. */
export function liveSessionOrganizations(db: Db, idHashes: readonly string[], now: Date): Promise<{ idHash: string; organizationId: string | null }[]> {
  return db
    .select({ idHash: sessions.idHash, organizationId: users.organizationId })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.idHash, [...idHashes]), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
}
