/**
 * Organizations table access (SQL only).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { OrganizationInput } from '@pesan/contracts/organization';
import type { Role } from '@pesan/contracts/roles';
import type { Db } from '../../db/client.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { users } from '../../db/schema/users.ts';

export type OrganizationRow = typeof organizations.$inferSelect;

const columns = (input: OrganizationInput) => ({
  businessName: input.business_name,
  businessPhone: input.business_phone,
  businessAddress: input.business_address,
  websiteUrl: input.website_url,
  // Absent: the column's default on insert, the saved zone on update.
  ...(input.time_zone ? { timeZone: input.time_zone } : {}),
});

/** Inserts an organization with the form fields (time zone Asia/Jakarta when absent); returns the row. */
export async function insertOrganization(db: Db, input: OrganizationInput): Promise<OrganizationRow> {
  const [row] = await db.insert(organizations).values(columns(input)).returning();
  return row!;
}

/** Sets the user's organization when they have none; false when they already have one. */
export async function attachUserToOrganization(db: Db, userId: string, organizationId: string, now: Date, role: Role = 'owner'): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ organizationId, role, joinedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.organizationId)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** The organization `id`, or null. Callers compare `id` with the session's organization first. */
export async function findOrganizationById(db: Db, id: string): Promise<OrganizationRow | null> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return row ?? null;
}

/** Replaces the form fields of organization `id` (the time zone only when given); returns the row, or null when missing. */
export async function updateOrganization(db: Db, id: string, input: OrganizationInput, now: Date): Promise<OrganizationRow | null> {
  const [row] = await db.update(organizations).set({ ...columns(input), updatedAt: now }).where(eq(organizations.id, id)).returning();
  return row ?? null;
}

/** The IANA time zone of organization `id`, or null when there is no such organization. */
export async function findOrganizationTimeZone(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ timeZone: organizations.timeZone }).from(organizations).where(eq(organizations.id, id)).limit(1);
  return row?.timeZone ?? null;
}
