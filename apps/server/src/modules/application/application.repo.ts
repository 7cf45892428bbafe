/**
 * Applications and their channels (SQL only). Every read and write is scoped by organization;
 * soft-deleted applications (deleted_at set) are invisible.
 */
import { and, desc, eq, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accessTokens, applicationChannels, applications } from '../../db/schema/applications.ts';

export interface ApplicationRow {
  id: string;
  organizationId: string;
  userId: string;
  name: string;
  billingType: 'pre-paid' | 'post-paid';
  requireSignature: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface ChannelRow {
  applicationId: string;
  channel: string;
  senderName: string | null;
  senderNumber: string | null;
  senderImageUrl: string | null;
}

export interface ChannelValues {
  channel: string;
  senderName?: string | null;
  senderNumber?: string | null;
  senderImageUrl?: string | null;
}

const columns = {
  id: applications.id,
  organizationId: applications.organizationId,
  userId: applications.userId,
  name: applications.name,
  billingType: applications.billingType,
  requireSignature: applications.requireSignature,
  createdAt: applications.createdAt,
  updatedAt: applications.updatedAt,
};

/** Escapes `%`, `_` and `\` for a LIKE pattern. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const live = (organizationId: string) => and(eq(applications.organizationId, organizationId), isNull(applications.deletedAt));

/** One live application of the organization, or null. `id` must be a valid uuid. */
export async function findApplication(db: Db, organizationId: string, id: string): Promise<ApplicationRow | null> {
  const [row] = await db.select(columns).from(applications).where(and(live(organizationId), eq(applications.id, id))).limit(1);
  return row ?? null;
}

/** Channel rows of the given applications of `organizationId` (others' ids give no rows). */
export async function findChannels(db: Db, organizationId: string, applicationIds: string[]): Promise<ChannelRow[]> {
  if (applicationIds.length === 0) return [];
  return db
    .select({
      applicationId: applicationChannels.applicationId,
      channel: applicationChannels.channel,
      senderName: applicationChannels.senderName,
      senderNumber: applicationChannels.senderNumber,
      senderImageUrl: applicationChannels.senderImageUrl,
    })
    .from(applicationChannels)
    .innerJoin(applications, eq(applications.id, applicationChannels.applicationId))
    .where(and(eq(applications.organizationId, organizationId), inArray(applicationChannels.applicationId, applicationIds)));
}

export interface ListFilter {
  organizationId: string;
  /** Applications having any of these channels; empty = no filter. */
  channels: string[];
  /** Case-insensitive substring of the name or the id; empty = no filter. */
  search: string;
  offset: number;
  limit: number;
}

/** A page of live applications, newest `updated_at` first, with the total matching count. */
export async function listApplications(db: Db, f: ListFilter): Promise<{ rows: ApplicationRow[]; total: number }> {
  const conds: (SQL | undefined)[] = [live(f.organizationId)];
  if (f.channels.length) {
    conds.push(
      sql`exists (select 1 from ${applicationChannels} where ${applicationChannels.applicationId} = ${applications.id} and ${inArray(applicationChannels.channel, f.channels)})`,
    );
  }
  if (f.search) {
    const pattern = `%${escapeLike(f.search)}%`;
    conds.push(or(sql`${applications.name} ilike ${pattern}`, sql`${applications.id}::text ilike ${pattern}`));
  }
  const where = and(...conds);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(applications).where(where);
  const rows = await db
    .select(columns)
    .from(applications)
    .where(where)
    .orderBy(desc(applications.updatedAt), desc(applications.createdAt), desc(applications.id))
    .offset(f.offset)
    .limit(f.limit);
  return { rows, total: Number(total) };
}

/** Inserts an application and its channels; returns the new row. */
export async function insertApplication(
  db: Db,
  values: { organizationId: string; userId: string; name: string; requireSignature: boolean; now: Date },
  channels: ChannelValues[],
): Promise<ApplicationRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(applications)
      .values({
        organizationId: values.organizationId,
        userId: values.userId,
        name: values.name,
        requireSignature: values.requireSignature,
        createdAt: values.now,
        updatedAt: values.now,
      })
      .returning(columns);
    await tx.insert(applicationChannels).values(channels.map((c) => ({ ...c, applicationId: row!.id, organizationId: values.organizationId })));
    return row!;
  });
}

/**
 * Sets name (and the signature flag when given) and updated_at of a live application of the
 * organization. Returns the updated row, or null when not found.
 */
export async function updateApplicationRow(
  db: Db,
  organizationId: string,
  id: string,
  values: { name: string; requireSignature?: boolean; now: Date },
): Promise<ApplicationRow | null> {
  const [row] = await db
    .update(applications)
    .set({
      name: values.name,
      updatedAt: values.now,
      ...(values.requireSignature !== undefined ? { requireSignature: values.requireSignature } : {}),
    })
    .where(and(live(organizationId), eq(applications.id, id)))
    .returning(columns);
  return row ?? null;
}

/** Replaces the channel rows of application `id` of organization `organizationId` (the caller checked it is the organization's). */
export async function replaceChannels(db: Db, organizationId: string, id: string, channels: ChannelValues[]): Promise<void> {
  await db.delete(applicationChannels).where(eq(applicationChannels.applicationId, id));
  if (channels.length) await db.insert(applicationChannels).values(channels.map((c) => ({ ...c, applicationId: id, organizationId })));
}

/**
 * Marks the live tokens of application `id` of the organization revoked at `now`; with
 * `exceptChannels`, only tokens of other channels.
 */
export async function revokeTokens(db: Db, organizationId: string, id: string, now: Date, exceptChannels?: string[]): Promise<void> {
  await db
    .update(accessTokens)
    .set({ isRevoke: true, updatedAt: now })
    .where(
      and(
        eq(accessTokens.organizationId, organizationId),
        eq(accessTokens.applicationId, id),
        eq(accessTokens.isRevoke, false),
        exceptChannels?.length ? notInArray(accessTokens.channel, exceptChannels) : undefined,
      ),
    );
}

/** Sets deleted_at (and updated_at) of a live application of the organization. Returns its id and name, or null when not found. */
export async function softDeleteApplication(db: Db, organizationId: string, id: string, now: Date): Promise<{ id: string; name: string } | null> {
  const [done] = await db
    .update(applications)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(live(organizationId), eq(applications.id, id)))
    .returning({ id: applications.id, name: applications.name });
  return done ?? null;
}
