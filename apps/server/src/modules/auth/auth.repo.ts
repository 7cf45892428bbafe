/**
 * One-time e-mail tokens and failed sign-ins (SQL only). Tokens are stored as their SHA-256 hex.
 */
import { and, count, eq, gt, gte, isNull, lt, min, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailTokens, loginFailures } from '../../db/schema/users.ts';

export type EmailTokenKind = 'verify' | 'reset';

/** Stores a one-time token (its SHA-256 hex) of `kind` for `userId`, valid until `expiresAt`. */
export async function insertEmailToken(db: Db, row: { tokenHash: string; userId: string; kind: EmailTokenKind; expiresAt: Date }): Promise<void> {
  await db.insert(emailTokens).values(row);
}

/** Marks every unused token of `kind` for `userId` as used (a new one replaces them). */
export async function invalidateEmailTokens(db: Db, userId: string, kind: EmailTokenKind, now: Date): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.kind, kind), isNull(emailTokens.usedAt)));
}

/**
 * Atomically uses the token: marks it used when it exists, is of `kind`, unused and not expired at
 * `now`. Returns its user id, or null (unknown, wrong kind, used or expired).
 */
export async function consumeEmailToken(db: Db, tokenHash: string, kind: EmailTokenKind, now: Date): Promise<string | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.kind, kind), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)))
    .returning({ userId: emailTokens.userId });
  return row?.userId ?? null;
}

/**
 * Failed sign-ins for `email` from `client` (its IP address) at or after `since`: how many, and the
 * time of the oldest (null when none).
 */
export async function loginFailuresSince(db: Db, email: string, client: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({ n: count(), oldest: min(loginFailures.at) })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), eq(loginFailures.client, client), gte(loginFailures.at, since)));
  const n = Number(row?.n ?? 0);
  return { count: n, oldest: n > 0 && row?.oldest ? new Date(row.oldest) : null };
}

/** Records one failed sign-in (or wrong current password) for `email` from `client` at `at`. */
export async function insertLoginFailure(db: Db, email: string, client: string, at: Date): Promise<void> {
  await db.insert(loginFailures).values({ email, client, at });
}

/**
 * Forgets the failed sign-ins of `email`: from `client` only (after it signed in), or from every
 * client when `client` is undefined (after a password reset).
 */
export async function clearLoginFailures(db: Db, email: string, client?: string): Promise<void> {
  await db.delete(loginFailures).where(client === undefined ? eq(loginFailures.email, email) : and(eq(loginFailures.email, email), eq(loginFailures.client, client)));
}

/** Deletes failed sign-ins older than `before` (maintenance job). Returns how many. */
export async function deleteLoginFailuresBefore(db: Db, before: Date): Promise<number> {
  return (await db.delete(loginFailures).where(lt(loginFailures.at, before)).returning({ at: loginFailures.at })).length;
}

/** Deletes e-mail tokens that expired or were used before `before` (maintenance job). Returns how many. */
export async function deleteEmailTokensBefore(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(emailTokens)
    .where(or(lt(emailTokens.expiresAt, before), lt(emailTokens.usedAt, before)))
    .returning({ tokenHash: emailTokens.tokenHash });
  return rows.length;
}
