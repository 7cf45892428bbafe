/**
 * Organization rules (console.md §2 company-data-first, §3 Organization, §4 organization creation,
 * §7 Organization). A user belongs to at most one organization and sees only their own; any other
 * organization id is a 404.
 */
import { ORGANIZATION_MESSAGES, type Organization, type OrganizationInput } from '@pesan/contracts/organization';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { assertPermission } from '../../lib/permissions.ts';
import type { SessionRow } from '../auth/session.service.ts';
import { DEFAULT_TIME_ZONE } from '@pesan/contracts/records';
import type { Db } from '../../db/client.ts';
import type { Role } from '@pesan/contracts/roles';
import { attachUserToOrganization, findOrganizationById, findOrganizationTimeZone, insertOrganization, updateOrganization, type OrganizationRow } from './organization.repo.ts';

/** What the organizations service uses of the application context. */
export type OrganizationDeps = Pick<AppContext, 'database' | 'now'>;

/** The console's organization JSON (contracts organizationResponseSchema; the spec's snake_case names). */
export function toOrganization(row: OrganizationRow): Organization {
  return {
    id: row.id,
    business_name: row.businessName,
    business_phone: row.businessPhone,
    business_address: row.businessAddress,
    website_url: row.websiteUrl,
    time_zone: row.timeZone,
  };
}

/**
 * Creates an organization and makes it the caller's, in one transaction.
 * @returns `{id}` of the new organization.
 * @throws 409 `conflict` ORGANIZATION_MESSAGES.alreadyHasOrganization when the caller has one (nothing is created).
 */
export async function createOrganization(ctx: OrganizationDeps, session: SessionRow, input: OrganizationInput): Promise<{ id: string }> {
  const conflict = () => new AppError('conflict', ORGANIZATION_MESSAGES.alreadyHasOrganization);
  if (session.organizationId) throw conflict();
  const now = ctx.now();
  return ctx.database.db.transaction(async (tx) => {
    const org = await insertOrganization(tx, input);
    if (!(await attachUserToOrganization(tx, session.userId, org.id, now))) throw conflict();
    return { id: org.id };
  });
}

/**
 * Makes `userId` a member of `organizationId` with `role` at `now` (joined_at), only when they have
 * no organization: false when they already have one (nothing changes). `db` may be a transaction.
 * The members module's invitations use it (ARCHITECTURE.md §5.1).
 */
export function joinOrganization(db: Db, userId: string, organizationId: string, role: Role, now: Date): Promise<boolean> {
  return attachUserToOrganization(db, userId, organizationId, now, role);
}

/** The caller's organization, or null when they have none yet. */
export async function getCallerOrganization(ctx: OrganizationDeps, session: SessionRow): Promise<Organization | null> {
  if (!session.organizationId) return null;
  const row = await findOrganizationById(ctx.database.db, session.organizationId);
  return row ? toOrganization(row) : null;
}

/** The organization `id` when it is the caller's; otherwise 404 `not_found`. */
export async function getOwnOrganization(ctx: OrganizationDeps, session: SessionRow, id: string): Promise<Organization> {
  if (!session.organizationId || id !== session.organizationId) throw notFound('organization');
  const row = await findOrganizationById(ctx.database.db, id);
  if (!row) throw notFound('organization');
  return toOrganization(row);
}

/**
 * Replaces the fields of the caller's organization `id`; another id -> 404 and nothing changes; a
 * role without `organization.edit` (developer, viewer) -> 403 after that check (ARCHITECTURE.md §5.1).
 */
export async function updateOwnOrganization(ctx: OrganizationDeps, session: SessionRow, id: string, input: OrganizationInput): Promise<Organization> {
  if (!session.organizationId || id !== session.organizationId) throw notFound('organization');
  assertPermission(session, 'organization.edit');
  const row = await updateOrganization(ctx.database.db, id, input, ctx.now());
  if (!row) throw notFound('organization');
  return toOrganization(row);
}

/**
 * The IANA time zone in which the server reads the days of organization `organizationId` (date
 * ranges, day and hour buckets, report times; issue 23 item 7): the saved zone, DEFAULT_TIME_ZONE
 * (Asia/Jakarta) when none is saved or the organization is gone.
 */
export async function organizationTimeZone(db: Db, organizationId: string): Promise<string> {
  return (await findOrganizationTimeZone(db, organizationId)) ?? DEFAULT_TIME_ZONE;
}
