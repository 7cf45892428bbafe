/**
 * API documentation (SQL only): API versions, doc menu groups and their pages (doc_title), page
 * descriptions, the operator flag of users, and the writes of the docs import (console.md §3, §7;
 * issue 14). Not tenant data: nothing here is scoped by organization.
 */
import { isDeepStrictEqual } from 'node:util';
import { and, asc, eq, getTableColumns, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiVersions, docDescriptions, docMenus, docTitles, type StoredDocSample } from '../../db/schema/docs.ts';
import { users } from '../../db/schema/users.ts';

export type ApiVersionRow = typeof apiVersions.$inferSelect;
export type DocMenuRow = typeof docMenus.$inferSelect;
export type DocTitleRow = typeof docTitles.$inferSelect;
export type DocDescriptionRow = typeof docDescriptions.$inferSelect & { title: string };

const withTitle = { ...getTableColumns(docDescriptions), title: docTitles.title };

/** Every API version, oldest first (createdAt, then version). */
export function listVersions(db: Db): Promise<ApiVersionRow[]> {
  return db.select().from(apiVersions).orderBy(asc(apiVersions.createdAt), asc(apiVersions.version));
}

/** Every menu group, by title (then number). */
export function listMenus(db: Db): Promise<DocMenuRow[]> {
  return db.select().from(docMenus).orderBy(asc(docMenus.title), asc(docMenus.number));
}

/** Every page, by number (then title). */
export function listTitles(db: Db): Promise<DocTitleRow[]> {
  return db.select().from(docTitles).orderBy(asc(docTitles.number), asc(docTitles.title));
}

/** Page `id`, or null. */
export async function findTitle(db: Db, id: string): Promise<DocTitleRow | null> {
  const [row] = await db.select().from(docTitles).where(eq(docTitles.id, id)).limit(1);
  return row ?? null;
}

/** Every description with its page's title, in page order (group title, page number). */
export function listDescriptions(db: Db): Promise<DocDescriptionRow[]> {
  return db
    .select(withTitle)
    .from(docDescriptions)
    .innerJoin(docTitles, eq(docTitles.id, docDescriptions.titleId))
    .innerJoin(docMenus, eq(docMenus.id, docTitles.menuId))
    .orderBy(asc(docMenus.title), asc(docTitles.number), asc(docTitles.title));
}

/** Description `id` with its page's title, or null. */
export async function findDescription(db: Db, id: string): Promise<DocDescriptionRow | null> {
  const [row] = await db.select(withTitle).from(docDescriptions).innerJoin(docTitles, eq(docTitles.id, docDescriptions.titleId)).where(eq(docDescriptions.id, id)).limit(1);
  return row ?? null;
}

/** The description of page `titleId` with the page's title, or null. */
export async function findDescriptionByTitle(db: Db, titleId: string): Promise<DocDescriptionRow | null> {
  const [row] = await db.select(withTitle).from(docDescriptions).innerJoin(docTitles, eq(docTitles.id, docDescriptions.titleId)).where(eq(docDescriptions.titleId, titleId)).limit(1);
  return row ?? null;
}

export interface DescriptionValues {
  titleId: string;
  description: string;
  languageSupport: StoredDocSample[];
  updatedAt: Date;
}

/** Stores a new description; returns its id, or null when page `titleId` already has one. */
export async function insertDescription(db: Db, v: DescriptionValues): Promise<string | null> {
  const [row] = await db.insert(docDescriptions).values(v).onConflictDoNothing({ target: docDescriptions.titleId }).returning({ id: docDescriptions.id });
  return row?.id ?? null;
}

/** Replaces description `id`; false when it does not exist. */
export async function updateDescription(db: Db, id: string, v: DescriptionValues): Promise<boolean> {
  const rows = await db.update(docDescriptions).set(v).where(eq(docDescriptions.id, id)).returning({ id: docDescriptions.id });
  return rows.length > 0;
}

/** Deletes description `id`; false when it does not exist. */
export async function deleteDescription(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(docDescriptions).where(eq(docDescriptions.id, id)).returning({ id: docDescriptions.id });
  return rows.length > 0;
}

/** Whether user `userId` is an operator (false when there is no such user). */
export async function isOperator(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ isOperator: users.isOperator }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.isOperator === true;
}

/** Makes the user with lower-cased e-mail `email` an operator: the user and whether they already were, or null when none. */
export async function setOperator(db: Db, email: string, now: Date): Promise<{ id: string; fullName: string; email: string; already: boolean } | null> {
  const [user] = await db.select({ id: users.id, fullName: users.fullName, email: users.email, isOperator: users.isOperator }).from(users).where(eq(users.email, email)).limit(1);
  if (!user) return null;
  if (!user.isOperator) await db.update(users).set({ isOperator: true, updatedAt: now }).where(eq(users.id, user.id));
  return { id: user.id, fullName: user.fullName, email: user.email, already: user.isOperator };
}

// ---------------------------------------------------------------------------------------------
// Import writes (called inside one transaction by docs-import.ts)
// ---------------------------------------------------------------------------------------------

/** The version row of `version`, created at `now` when missing; `created` says which. */
export async function upsertVersion(db: Db, version: string, now: Date): Promise<{ row: ApiVersionRow; created: boolean }> {
  const [inserted] = await db.insert(apiVersions).values({ version, createdAt: now }).onConflictDoNothing({ target: apiVersions.version }).returning();
  if (inserted) return { row: inserted, created: true };
  const [row] = await db.select().from(apiVersions).where(eq(apiVersions.version, version)).limit(1);
  return { row: row!, created: false };
}

/** The group titled `title` with `number` and `icon` (created or updated); what happened. */
export async function upsertMenu(db: Db, m: { title: string; number: number; icon: string | null }): Promise<{ id: string; change: 'created' | 'updated' | 'unchanged' }> {
  const [existing] = await db.select().from(docMenus).where(eq(docMenus.title, m.title)).limit(1);
  if (!existing) {
    const [row] = await db.insert(docMenus).values(m).returning({ id: docMenus.id });
    return { id: row!.id, change: 'created' };
  }
  if (existing.number === m.number && existing.icon === m.icon) return { id: existing.id, change: 'unchanged' };
  await db.update(docMenus).set({ number: m.number, icon: m.icon }).where(eq(docMenus.id, existing.id));
  return { id: existing.id, change: 'updated' };
}

/** The page of `apiVersionId` + `slug` with its group, title and number (created or updated); what happened. */
export async function upsertTitle(
  db: Db,
  t: { apiVersionId: string; slug: string; menuId: string; title: string; number: number },
): Promise<{ id: string; change: 'created' | 'updated' | 'unchanged' }> {
  const [existing] = await db.select().from(docTitles).where(and(eq(docTitles.apiVersionId, t.apiVersionId), eq(docTitles.slug, t.slug))).limit(1);
  if (!existing) {
    const [row] = await db.insert(docTitles).values(t).returning({ id: docTitles.id });
    return { id: row!.id, change: 'created' };
  }
  if (existing.menuId === t.menuId && existing.title === t.title && existing.number === t.number) return { id: existing.id, change: 'unchanged' };
  await db.update(docTitles).set({ menuId: t.menuId, title: t.title, number: t.number }).where(eq(docTitles.id, existing.id));
  return { id: existing.id, change: 'updated' };
}

/** Sets the description of page `titleId` (kept, with its updatedAt, when identical); what happened. */
export async function upsertDescriptionOfTitle(db: Db, v: DescriptionValues): Promise<'created' | 'updated' | 'unchanged'> {
  const [existing] = await db.select().from(docDescriptions).where(eq(docDescriptions.titleId, v.titleId)).limit(1);
  if (!existing) {
    await db.insert(docDescriptions).values(v);
    return 'created';
  }
  if (existing.description === v.description && isDeepStrictEqual(existing.languageSupport, v.languageSupport)) return 'unchanged';
  await db.update(docDescriptions).set({ description: v.description, languageSupport: v.languageSupport, updatedAt: v.updatedAt }).where(eq(docDescriptions.id, existing.id));
  return 'updated';
}

/** Deletes the pages (and their descriptions) whose id is not in `keep`; returns the deleted pages' titles. */
export async function deleteTitlesExcept(db: Db, keep: string[]): Promise<{ title: string; slug: string }[]> {
  const where = keep.length ? notInArray(docTitles.id, keep) : sql`true`;
  return db.delete(docTitles).where(where).returning({ title: docTitles.title, slug: docTitles.slug });
}

/** Deletes groups without pages; returns their titles. */
export async function deleteEmptyMenus(db: Db): Promise<string[]> {
  const rows = await db
    .delete(docMenus)
    .where(sql`not exists (select 1 from ${docTitles} where ${docTitles.menuId} = ${docMenus.id})`)
    .returning({ title: docMenus.title });
  return rows.map((r) => r.title);
}

/** Deletes the versions not in `keep` that have no pages; returns their names. */
export async function deleteUnusedVersions(db: Db, keep: string[]): Promise<string[]> {
  const conds = [sql`not exists (select 1 from ${docTitles} where ${docTitles.apiVersionId} = ${apiVersions.id})`];
  if (keep.length) conds.push(notInArray(apiVersions.version, keep));
  const rows = await db.delete(apiVersions).where(and(...conds)).returning({ version: apiVersions.version });
  return rows.map((r) => r.version);
}

/** Counts of what the docs hold (for the import's summary and tests). */
export async function countDocs(db: Db): Promise<{ versions: number; menus: number; titles: number; descriptions: number }> {
  const one = async (table: typeof apiVersions | typeof docMenus | typeof docTitles | typeof docDescriptions) => {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
    return Number(row?.n ?? 0);
  };
  return { versions: await one(apiVersions), menus: await one(docMenus), titles: await one(docTitles), descriptions: await one(docDescriptions) };
}

