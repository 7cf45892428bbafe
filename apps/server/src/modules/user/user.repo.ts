/**
 * Users table access (SQL only). E-mail addresses are stored lower-cased.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';

export type UserRow = typeof users.$inferSelect;

/** The user with `id`, or null. `id` must be a UUID (callers compare with the session first). */
export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** The user with the lower-cased `email`, or null. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

/** Inserts a user; throws the driver's unique violation (23505) when the e-mail exists. */
export async function insertUser(
  db: Db,
  row: { fullName: string; email: string; phoneNumber: string; passwordHash: string; emailVerifiedAt?: Date | null; organizationId?: string | null },
): Promise<UserRow> {
  const [created] = await db.insert(users).values(row).returning();
  return created!;
}

/** Sets fullName, and avatar and language when given; returns the updated row or null when the user is gone. */
export async function updateUserProfile(db: Db, id: string, patch: { fullName: string; avatar?: string | null; language?: string | null }, now: Date): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ fullName: patch.fullName, ...(patch.avatar !== undefined ? { avatar: patch.avatar } : {}), ...(patch.language !== undefined ? { language: patch.language } : {}), updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

/** Replaces the password hash (argon2id PHC string). */
export async function setPasswordHash(db: Db, id: string, passwordHash: string, now: Date): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, id));
}

/** Marks the e-mail verified at `now` (keeps an earlier time when already verified). */
export async function markEmailVerified(db: Db, id: string, now: Date): Promise<UserRow | null> {
  const current = await findUserById(db, id);
  if (!current) return null;
  if (current.emailVerifiedAt) return current;
  const [row] = await db.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, id)).returning();
  return row ?? null;
}
