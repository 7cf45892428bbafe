/**
 * SQL of Verify in the console (ARCHITECTURE.md §6.4; contracts verify-console.ts): a
 * verification with its application's name, scoped by organization. SQL only; the rules live in
 * verify-console.service.ts. The rollup and its reads are verify-stats.repo.ts.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { applications } from '../../db/schema/applications.ts';
import { verifications } from '../../db/schema/verifications.ts';
import type { VerificationRow } from './verify.repo.ts';

/** Verification `id` of organization `organizationId` with its application's name, or null. */
export async function findOrganizationVerification(db: Db, organizationId: string, id: string): Promise<{ verification: VerificationRow; applicationName: string } | null> {
  const [row] = await db
    .select({ verification: verifications, applicationName: applications.name })
    .from(verifications)
    .innerJoin(applications, and(eq(applications.id, verifications.applicationId), eq(applications.organizationId, organizationId)))
    .where(and(eq(verifications.id, id), eq(verifications.organizationId, organizationId)))
    .limit(1);
  return row ?? null;
}
