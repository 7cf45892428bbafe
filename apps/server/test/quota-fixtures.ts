/**
 * Fixtures for the operator tests (quota.test.ts, admin-cli.test.ts): an organization, user and
 * application inserted directly (no sign-up: the operator commands do not care who owns it), and a
 * snapshot of everything the commands may change, to prove a refusal changed nothing.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { applications } from '../src/db/schema/applications.ts';
import { quotaLedger, quotas } from '../src/db/schema/quotas.ts';
import { insertTenant } from './v1-helper.ts';

/** Inserts an organization, its user and one application; returns the application id. */
export async function insertApplication(db: Db, opts: { name?: string; billingType?: 'pre-paid' | 'post-paid' } = {}): Promise<string> {
  return (await insertTenant(db, { name: opts.name ?? 'Ops App', billingType: opts.billingType })).applicationId;
}

/** The application's billing type and updated_at, its quota rows and its ledger, in a stable order. */
export async function operatorState(db: Db, applicationId: string) {
  const [app] = await db.select({ billingType: applications.billingType, updatedAt: applications.updatedAt }).from(applications).where(eq(applications.id, applicationId));
  return {
    app,
    quotas: await db.select().from(quotas).where(eq(quotas.applicationId, applicationId)).orderBy(asc(quotas.type)),
    ledger: await db.select().from(quotaLedger).where(eq(quotaLedger.applicationId, applicationId)).orderBy(asc(quotaLedger.id)),
  };
}
