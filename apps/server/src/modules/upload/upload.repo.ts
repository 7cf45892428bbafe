/**
 * Uploads table access (SQL only): one row per file stored under `DATA_DIR/uploads/<name>`.
 */
import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { uploads } from '../../db/schema/uploads.ts';

export type UploadRow = typeof uploads.$inferSelect;
export type NewUpload = typeof uploads.$inferInsert;

/** Inserts one upload row (`createdAt` should be the caller's `now`); throws the driver's error on failure. */
export async function insertUpload(db: Db, row: NewUpload): Promise<void> {
  await db.insert(uploads).values(row);
}

/** The upload named `name` (the stored file name, e.g. '<32 hex>.png'), or null. */
export async function findUpload(db: Db, name: string): Promise<UploadRow | null> {
  const [row] = await db.select().from(uploads).where(eq(uploads.name, name)).limit(1);
  return row ?? null;
}

/** The upload named `name` when it belongs to `userId`, or null (another user's upload is null too). */
export async function findUserUpload(db: Db, userId: string, name: string): Promise<UploadRow | null> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.name, name), eq(uploads.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Sum of `size` over the avatar images (visibility 'public') of `userId`, in bytes (0 when none); template media counts per organization. */
export async function totalUploadBytes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | number | null>`coalesce(sum(${uploads.size}), 0)` })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), eq(uploads.visibility, 'public')));
  return Number(row?.total ?? 0);
}

/** Sum of `size` over the template media (visibility 'organization') of `organizationId`, in bytes (0 when none). */
export async function totalOrganizationMediaBytes(db: Db, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | number | null>`coalesce(sum(${uploads.size}), 0)` })
    .from(uploads)
    .where(and(eq(uploads.organizationId, organizationId), eq(uploads.visibility, 'organization')));
  return Number(row?.total ?? 0);
}

/**
 * `created_at` of the `n`-th newest upload (1-based) of `userId` created after `since`, or null
 * when the user has fewer than `n` such uploads. With n = the window's limit, a non-null answer
 * means the limit is reached, and the window frees a slot when that upload leaves it.
 */
export async function nthRecentUploadAt(db: Db, userId: string, since: Date, n: number): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: uploads.createdAt })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), gt(uploads.createdAt, since)))
    .orderBy(desc(uploads.createdAt))
    .offset(n - 1)
    .limit(1);
  return row?.createdAt ?? null;
}

/**
 * Serialises uploads of `userId` until the end of the transaction `tx` (a transaction-scoped
 * advisory lock), so two concurrent uploads cannot both pass the limit checks.
 */
export async function lockUserUploads(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`uploads:${userId}`}, 0))`);
}

/**
 * Serialises template media uploads of `organizationId` until the end of `tx` (taken after the
 * user's lock, always in that order), so two members cannot both pass the organization's quota.
 */
export async function lockOrganizationUploads(tx: Db, organizationId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`uploads-org:${organizationId}`}, 0))`);
}

/**
 * Template media (visibility 'organization') created before `before`, by name ascending after
 * `afterName` (keyset), at most `limit`: the candidates of the unused-media sweep.
 */
export async function findOrganizationMediaBefore(db: Db, before: Date, afterName: string, limit: number): Promise<Pick<UploadRow, 'name' | 'organizationId'>[]> {
  return db
    .select({ name: uploads.name, organizationId: uploads.organizationId })
    .from(uploads)
    .where(and(eq(uploads.visibility, 'organization'), lt(uploads.createdAt, before), gt(uploads.name, afterName)))
    .orderBy(uploads.name)
    .limit(limit);
}

/** Deletes the upload rows named `names`; returns how many went. */
export async function deleteUploads(db: Db, names: string[]): Promise<number> {
  if (!names.length) return 0;
  return (await db.delete(uploads).where(inArray(uploads.name, names)).returning({ name: uploads.name })).length;
}
