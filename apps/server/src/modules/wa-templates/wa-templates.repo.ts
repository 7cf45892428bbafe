/**
 * WhatsApp templates (SQL only; templates-dashboard-reports.md §2.2–§2.5, §3, §7.1; issue 13):
 * the wa_templates rows, scoped by organization (console) or application (/v1), soft-deleted
 * rows never read as live, and the SQL of review decisions (sandbox reviewer and Meta's webhook).
 */
import { and, count, desc, eq, getTableColumns, gte, ilike, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { applications } from '../../db/schema/applications.ts';
import { whatsappSenders } from '../../db/schema/carriers.ts';
import { waTemplates } from '../../db/schema/templates.ts';

export type TemplateRecord = typeof waTemplates.$inferSelect;
export type TemplateWithApplication = TemplateRecord & { applicationName: string };
export type NewTemplate = Pick<
  typeof waTemplates.$inferInsert,
  | 'organizationId'
  | 'applicationId'
  | 'name'
  | 'language'
  | 'category'
  | 'parameterFormat'
  | 'messageSendTtlSeconds'
  | 'components'
  | 'status'
  | 'templateCode'
  | 'createdBy'
  | 'submittedAt'
  | 'createdAt'
> &
  Partial<Pick<typeof waTemplates.$inferInsert, 'notes' | 'rejectionReason' | 'recommendation' | 'quality' | 'decidedAt'>>;
/** The content and review fields an edit or a submission sets. */
export type TemplateChange = Partial<
  Pick<
    typeof waTemplates.$inferInsert,
    'components' | 'parameterFormat' | 'messageSendTtlSeconds' | 'status' | 'submittedAt' | 'notes' | 'rejectionReason' | 'recommendation' | 'decidedAt' | 'metaTemplateId'
  >
> & { updatedAt: Date };

const withApplication = { ...getTableColumns(waTemplates), applicationName: applications.name };
const live = isNull(waTemplates.deletedAt);

/** Application `applicationId` of `organizationId`, not deleted: its id and name, or null. */
export async function findLiveApplication(db: Db, organizationId: string, applicationId: string): Promise<{ id: string; name: string } | null> {
  const [row] = await db
    .select({ id: applications.id, name: applications.name })
    .from(applications)
    .where(and(eq(applications.id, applicationId), eq(applications.organizationId, organizationId), isNull(applications.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** Of `ids`, those naming live applications of `organizationId`. */
export async function findLiveApplicationIds(db: Db, organizationId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.organizationId, organizationId), inArray(applications.id, ids), isNull(applications.deletedAt)));
  return rows.map((r) => r.id);
}

/** Stores a new template; returns it. @throws the unique violation of the name or code index. */
export async function insertTemplate(db: Db, t: NewTemplate): Promise<TemplateRecord> {
  const [row] = await db
    .insert(waTemplates)
    .values({ ...t, updatedAt: t.createdAt })
    .returning();
  return row!;
}

/** Template `id` of `organizationId` (not deleted, of a live application) with its application's name, or null. */
export async function findTemplate(db: Db, organizationId: string, id: string): Promise<TemplateWithApplication | null> {
  const [row] = await db
    .select(withApplication)
    .from(waTemplates)
    .innerJoin(applications, eq(applications.id, waTemplates.applicationId))
    .where(and(eq(waTemplates.organizationId, organizationId), eq(waTemplates.id, id), live, isNull(applications.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** Template `id` whatever its organization (the review job), or null; deleted ones too. */
export async function findTemplateById(db: Db, id: string): Promise<TemplateWithApplication | null> {
  const [row] = await db
    .select(withApplication)
    .from(waTemplates)
    .innerJoin(applications, eq(applications.id, waTemplates.applicationId))
    .where(eq(waTemplates.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * Sets `change` on template `id` when it is not deleted and (when given) still has
 * `expect.status` / `expect.submittedAt`; returns the row as changed, or null when it did not match.
 */
export async function updateTemplate(
  db: Db,
  id: string,
  change: TemplateChange,
  expect: { statuses?: string[]; submittedAt?: Date | null } = {},
): Promise<TemplateRecord | null> {
  const conds: (SQL | undefined)[] = [eq(waTemplates.id, id), live];
  if (expect.statuses) conds.push(inArray(waTemplates.status, expect.statuses));
  if (expect.submittedAt !== undefined) conds.push(expect.submittedAt === null ? isNull(waTemplates.submittedAt) : eq(waTemplates.submittedAt, expect.submittedAt));
  const [row] = await db
    .update(waTemplates)
    .set(change)
    .where(and(...conds))
    .returning();
  return row ?? null;
}

export interface TemplateListFilter {
  organizationId: string;
  /** None = every live application of the organization. */
  applicationIds: string[];
  /** None = every status. */
  statuses: string[];
  /** created_at in [from, to) (or [from, to] when `toInclusive`). */
  from?: Date;
  to?: Date;
  toInclusive?: boolean;
  /** Case-insensitive substring of the name. */
  search?: string;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function listWhere(f: TemplateListFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = [eq(waTemplates.organizationId, f.organizationId), live, isNull(applications.deletedAt)];
  if (f.applicationIds.length) conds.push(inArray(waTemplates.applicationId, f.applicationIds));
  if (f.statuses.length) conds.push(inArray(waTemplates.status, f.statuses));
  if (f.from) conds.push(gte(waTemplates.createdAt, f.from));
  if (f.to) conds.push(f.toInclusive ? sql`${waTemplates.createdAt} <= ${f.to}` : lt(waTemplates.createdAt, f.to));
  if (f.search) conds.push(ilike(waTemplates.name, `%${escapeLike(f.search)}%`));
  return and(...conds);
}

/** One page of matching templates, newest first, with how many match in all. */
export async function listTemplates(db: Db, f: TemplateListFilter, page: { limit: number; offset: number }): Promise<{ rows: TemplateWithApplication[]; total: number }> {
  const where = listWhere(f);
  const rows = await db
    .select(withApplication)
    .from(waTemplates)
    .innerJoin(applications, eq(applications.id, waTemplates.applicationId))
    .where(where)
    .orderBy(desc(waTemplates.createdAt), desc(waTemplates.id))
    .limit(page.limit)
    .offset(page.offset);
  const [n] = await db
    .select({ n: count() })
    .from(waTemplates)
    .innerJoin(applications, eq(applications.id, waTemplates.applicationId))
    .where(where);
  return { rows, total: Number(n?.n ?? 0) };
}

/** Whether a live template of `applicationId` is named `name` (in `language` when given), other than `excludeId`. */
export async function isNameTaken(db: Db, applicationId: string, name: string, opts: { language?: string; excludeId?: string } = {}): Promise<boolean> {
  const conds: (SQL | undefined)[] = [eq(waTemplates.applicationId, applicationId), eq(waTemplates.name, name), live];
  if (opts.language) conds.push(eq(waTemplates.language, opts.language));
  if (opts.excludeId) conds.push(ne(waTemplates.id, opts.excludeId));
  const [row] = await db.select({ id: waTemplates.id }).from(waTemplates).where(and(...conds)).limit(1);
  return !!row;
}

/** Names of the live templates of `applicationId` that start with `prefix` (for a free copy name). */
export async function namesStartingWith(db: Db, applicationId: string, prefix: string): Promise<string[]> {
  const rows = await db
    .select({ name: waTemplates.name })
    .from(waTemplates)
    .where(and(eq(waTemplates.applicationId, applicationId), live, sql`left(${waTemplates.name}, ${prefix.length}) = ${prefix}`));
  return rows.map((r) => r.name);
}

/** Of `ids`, the live templates of `organizationId` (of live applications). */
export async function findTemplatesByIds(db: Db, organizationId: string, ids: string[]): Promise<TemplateRecord[]> {
  if (!ids.length) return [];
  const rows = await db
    .select(getTableColumns(waTemplates))
    .from(waTemplates)
    .innerJoin(applications, eq(applications.id, waTemplates.applicationId))
    .where(and(eq(waTemplates.organizationId, organizationId), inArray(waTemplates.id, ids), live, isNull(applications.deletedAt)));
  return rows;
}

/** Soft-deletes the live templates `ids` at `now`; returns how many. */
export async function softDeleteTemplates(db: Db, ids: string[], now: Date): Promise<number> {
  if (!ids.length) return 0;
  const rows = await db
    .update(waTemplates)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(inArray(waTemplates.id, ids), live))
    .returning({ id: waTemplates.id });
  return rows.length;
}

/** The content of the live, submitted (not Draft) templates of `applicationId` other than `excludeId`. */
export async function submittedContents(db: Db, applicationId: string, excludeId: string): Promise<Pick<TemplateRecord, 'id' | 'name' | 'language' | 'components'>[]> {
  return db
    .select({ id: waTemplates.id, name: waTemplates.name, language: waTemplates.language, components: waTemplates.components })
    .from(waTemplates)
    .where(and(eq(waTemplates.applicationId, applicationId), ne(waTemplates.id, excludeId), ne(waTemplates.status, 'DRAFT'), live));
}

export interface ApplicationTemplateFilter {
  applicationId: string;
  name?: string;
  statuses?: string[];
  /** Keyset: only rows after (older than) this (created_at, id) in newest-first order. */
  after?: { createdAt: Date; id: string };
}

/** Up to `limit` live templates of one application, newest first (the /v1 list). */
export async function listApplicationTemplates(db: Db, f: ApplicationTemplateFilter, limit: number): Promise<TemplateRecord[]> {
  const conds: (SQL | undefined)[] = [eq(waTemplates.applicationId, f.applicationId), live];
  if (f.name) conds.push(eq(waTemplates.name, f.name));
  if (f.statuses?.length) conds.push(inArray(waTemplates.status, f.statuses));
  if (f.after) conds.push(or(lt(waTemplates.createdAt, f.after.createdAt), and(eq(waTemplates.createdAt, f.after.createdAt), lt(waTemplates.id, f.after.id))));
  return db
    .select()
    .from(waTemplates)
    .where(and(...conds))
    .orderBy(desc(waTemplates.createdAt), desc(waTemplates.id))
    .limit(limit);
}

/** Live templates of one application named `name` (every language, or template `id` only). */
export async function findApplicationTemplatesByName(db: Db, applicationId: string, name: string, id?: string): Promise<TemplateRecord[]> {
  const conds: (SQL | undefined)[] = [eq(waTemplates.applicationId, applicationId), eq(waTemplates.name, name), live];
  if (id) conds.push(eq(waTemplates.id, id));
  return db.select().from(waTemplates).where(and(...conds));
}

/**
 * The live templates a Meta event of WABA `wabaId` is about: those of applications whose WhatsApp
 * sender uses the WABA, with Meta's template id `metaTemplateId` when one has it, else named
 * `name` in `language`.
 */
export async function findTemplatesOfWaba(db: Db, u: { wabaId: string; metaTemplateId: string | null; name: string; language: string }): Promise<TemplateRecord[]> {
  const base = db
    .select(getTableColumns(waTemplates))
    .from(waTemplates)
    .innerJoin(whatsappSenders, eq(whatsappSenders.applicationId, waTemplates.applicationId));
  const ofWaba = and(eq(whatsappSenders.wabaId, u.wabaId), live);
  if (u.metaTemplateId) {
    const byId = await base.where(and(ofWaba, eq(waTemplates.metaTemplateId, u.metaTemplateId)));
    if (byId.length) return byId;
  }
  return db
    .select(getTableColumns(waTemplates))
    .from(waTemplates)
    .innerJoin(whatsappSenders, eq(whatsappSenders.applicationId, waTemplates.applicationId))
    .where(and(ofWaba, eq(waTemplates.name, u.name), eq(waTemplates.language, u.language)));
}

/** Sets Meta's quality rating on templates `ids`. */
export async function setQuality(db: Db, ids: string[], quality: string, now: Date): Promise<void> {
  if (!ids.length) return;
  await db.update(waTemplates).set({ quality, updatedAt: now }).where(inArray(waTemplates.id, ids));
}

/**
 * Live templates In Review (PENDING) submitted here before `submittedBefore` (`submitted_at` set:
 * a review job was queued for them), oldest submission first, at most `limit`: what the review
 * sweep looks at.
 */
export async function findTemplatesInReview(db: Db, submittedBefore: Date, limit = 200): Promise<TemplateRecord[]> {
  return db
    .select()
    .from(waTemplates)
    .where(and(live, eq(waTemplates.status, 'PENDING'), lt(waTemplates.submittedAt, submittedBefore)))
    .orderBy(waTemplates.submittedAt)
    .limit(limit);
}

/**
 * The first `header_handle` of every live template's HEADER of the given organizations (the media
 * header samples they use; templates of any status, drafts too). Handles only, one per template.
 */
export async function liveHeaderHandles(db: Db, organizationIds: string[]): Promise<string[]> {
  if (!organizationIds.length) return [];
  const rows = await db
    .select({ handle: sql<string | null>`(select c -> 'example' -> 'header_handle' ->> 0 from jsonb_array_elements(${waTemplates.components}) c where c ->> 'type' = 'HEADER' limit 1)` })
    .from(waTemplates)
    .where(and(inArray(waTemplates.organizationId, organizationIds), live));
  return rows.map((r) => r.handle).filter((h): h is string => !!h);
}
