/**
 * Two-factor sign-in storage (SQL only; ARCHITECTURE.md §5.1, migration 0019): the sealed TOTP
 * secret and last accepted step on users, recovery codes (SHA-256 hex only) and sign-in challenges
 * (SHA-256 hex of the random id only).
 */
import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { loginChallenges, recoveryCodes } from '../../db/schema/teams.ts';
import { sessions, users } from '../../db/schema/users.ts';

export type AccountRow = typeof users.$inferSelect;

/** A user with what the console's user JSON needs of their organization. */
export interface AccountWithOrganization {
  user: AccountRow;
  /** The organization's IANA zone, null without an organization. */
  timeZone: string | null;
  /** Whether the organization requires 2FA (false without one). */
  require2fa: boolean;
}

/** A sign-in challenge as stored. */
export type ChallengeRow = typeof loginChallenges.$inferSelect;

/** The user `userId` with their organization's time zone and require_2fa, or null. */
export async function findAccount(db: Db, userId: string): Promise<AccountWithOrganization | null> {
  const [row] = await db
    .select({ user: users, timeZone: organizations.timeZone, require2fa: organizations.require2fa })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  return { user: row.user, timeZone: row.timeZone ?? null, require2fa: row.user.organizationId !== null && row.require2fa === true };
}

/** Stores a new sealed secret for a user whose 2FA is off (forgets the last step); false when 2FA is on or the user is gone. */
export async function setPendingSecret(db: Db, userId: string, sealed: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpSecret: sealed, totpLastStep: null, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Records `step` as the last accepted TOTP step when it is later than the stored one; false for a replayed step. */
export async function claimStep(db: Db, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

/**
 * Turns 2FA on with the pending secret `sealed` (still the stored one) at `now`, records `step` as
 * the last accepted one and replaces the recovery codes with `codeHashes`, in one transaction.
 * False (nothing changed) when 2FA is already on, the secret changed meanwhile or `step` was used.
 */
export async function enableTwoFactor(db: Db, userId: string, sealed: string, step: number, codeHashes: string[], now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(users)
      .set({ totpEnabledAt: now, totpLastStep: step, updatedAt: now })
      .where(
        and(eq(users.id, userId), isNull(users.totpEnabledAt), eq(users.totpSecret, sealed), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))),
      )
      .returning({ id: users.id });
    if (rows.length !== 1) return false;
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
    return true;
  });
}

/** Turns 2FA off: forgets the secret and last step and deletes every recovery code, in one transaction. */
export async function disableTwoFactor(db: Db, userId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: now }).where(eq(users.id, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  });
}

/** Marks the unused recovery code with SHA-256 hex `codeHash` of `userId` used at `now`; false when there is none. */
export async function useRecoveryCode(db: Db, userId: string, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ userId: recoveryCodes.userId });
  return rows.length === 1;
}

/** How many unused recovery codes `userId` has. */
export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/** Stores a sign-in challenge (SHA-256 hex of its id) and deletes the user's challenges that expired before `now`. */
export async function insertChallenge(db: Db, row: { idHash: string; userId: string; remember: boolean; expiresAt: Date }, now: Date): Promise<void> {
  await db.delete(loginChallenges).where(and(eq(loginChallenges.userId, row.userId), lt(loginChallenges.expiresAt, now)));
  await db.insert(loginChallenges).values({ ...row, createdAt: now });
}

/** The challenge with SHA-256 hex `idHash` while open (not ended, not expired at `now`), or null. */
export async function findOpenChallenge(db: Db, idHash: string, now: Date): Promise<ChallengeRow | null> {
  const [row] = await db
    .select()
    .from(loginChallenges)
    .where(and(eq(loginChallenges.idHash, idHash), isNull(loginChallenges.endedAt), gt(loginChallenges.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/**
 * Counts one wrong code on the open challenge `idHash`, ending it at `now` once `max` wrong codes
 * were counted. Returns the attempts so far, or null when the challenge was no longer open.
 */
export async function countWrongCode(db: Db, idHash: string, max: number, now: Date): Promise<number | null> {
  const [row] = await db
    .update(loginChallenges)
    .set({
      attempts: sql`${loginChallenges.attempts} + 1`,
      endedAt: sql`case when ${loginChallenges.attempts} + 1 >= ${max} then ${now.toISOString()}::timestamptz else null end`,
    })
    .where(and(eq(loginChallenges.idHash, idHash), isNull(loginChallenges.endedAt)))
    .returning({ attempts: loginChallenges.attempts });
  return row?.attempts ?? null;
}

/** Ends the open challenge `idHash` at `now` (used once); false when it had already ended. */
export async function endChallenge(db: Db, idHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(loginChallenges)
    .set({ endedAt: now })
    .where(and(eq(loginChallenges.idHash, idHash), isNull(loginChallenges.endedAt)))
    .returning({ idHash: loginChallenges.idHash });
  return rows.length === 1;
}

/** Deletes sign-in challenges that expired before `before` (maintenance job); returns how many. */
export async function deleteChallengesExpiredBefore(db: Db, before: Date): Promise<number> {
  const rows = await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, before)).returning({ idHash: loginChallenges.idHash });
  return rows.length;
}

/** Whether `userId` has any session row yet, and whether one of them has the User-Agent `userAgent`. */
export async function sessionAgentsSeen(db: Db, userId: string, userAgent: string): Promise<{ any: boolean; sameAgent: boolean }> {
  const [row] = await db
    .select({ n: count(), same: sql<number>`count(*) filter (where ${sessions.userAgent} = ${userAgent})` })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  return { any: Number(row?.n ?? 0) > 0, sameAgent: Number(row?.same ?? 0) > 0 };
}
