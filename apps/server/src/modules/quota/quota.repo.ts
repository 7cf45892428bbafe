/**
 * Prepaid quota, its ledger and the billing type of applications, for the operator (SQL only; the
 * rules are in quota.service.ts). These reads are not scoped by organization: only the operator CLI
 * (cli/admin.ts, directly or through the loopback admin endpoint) calls them, naming an
 * application by id. Soft-deleted applications (deleted_at set) are invisible.
 *
 * Units: quota, usage and ledger deltas are stored quota units: messages (SMS segments for `sms`)
 * for every type except `call`, which is in seconds.
 */
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { applications } from '../../db/schema/applications.ts';
import { quotaLedger, quotas } from '../../db/schema/quotas.ts';

export interface BillingApplicationRow {
  id: string;
  organizationId: string;
  name: string;
  billingType: 'pre-paid' | 'post-paid';
}

export interface QuotaRow {
  type: string;
  /** Stored quota units granted in total. */
  quota: number;
  /** Stored quota units consumed (refunds already subtracted). */
  usage: number;
}

export interface LedgerRow {
  id: number;
  type: string;
  /** Stored quota units: + top-up or refund, - consumption; a `set` is the difference it made. */
  delta: number;
  reason: string;
  messageId: string | null;
  at: Date;
}

const appColumns = { id: applications.id, organizationId: applications.organizationId, name: applications.name, billingType: applications.billingType };

/**
 * The live application `id` (any organization), or null. `id` must be a uuid. With `forUpdate`
 * the row is locked until the surrounding transaction ends.
 */
export async function findApplicationForBilling(db: Db, id: string, opts: { forUpdate?: boolean } = {}): Promise<BillingApplicationRow | null> {
  const query = db.select(appColumns).from(applications).where(and(eq(applications.id, id), isNull(applications.deletedAt))).limit(1);
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** Sets the billing type of application `id` and its updated_at to `at`. */
export async function updateBillingType(db: Db, id: string, billingType: 'pre-paid' | 'post-paid', at: Date): Promise<void> {
  await db.update(applications).set({ billingType, updatedAt: at }).where(eq(applications.id, id));
}

/**
 * The quota row of application `app` and `type`, created with quota 0 and usage 0 when missing
 * (under `app.organizationId`), and locked (FOR UPDATE) until the surrounding transaction ends:
 * two changes of one row never compute their ledger delta from the same old value.
 */
export async function lockQuotaRow(db: Db, app: { id: string; organizationId: string }, type: string, at: Date): Promise<QuotaRow> {
  const applicationId = app.id;
  await db.insert(quotas).values({ applicationId, organizationId: app.organizationId, type, quota: 0, usage: 0, updatedAt: at }).onConflictDoNothing();
  const [row] = await db
    .select({ type: quotas.type, quota: quotas.quota, usage: quotas.usage })
    .from(quotas)
    .where(and(eq(quotas.applicationId, applicationId), eq(quotas.type, type)))
    .for('update');
  return row!;
}

/** Sets the quota (stored units) of `applicationId` and `type`; the row must exist (lockQuotaRow). */
export async function setQuota(db: Db, applicationId: string, type: string, quota: number, at: Date): Promise<void> {
  await db.update(quotas).set({ quota, updatedAt: at }).where(and(eq(quotas.applicationId, applicationId), eq(quotas.type, type)));
}

/** Appends one ledger row (an operator change has no message id). `delta` in stored units. */
export async function insertLedgerRow(db: Db, row: { applicationId: string; organizationId: string; type: string; delta: number; reason: string; at: Date }): Promise<void> {
  await db.insert(quotaLedger).values({ ...row, messageId: null });
}

/** Every quota row of `applicationId`, by type. */
export async function quotaRows(db: Db, applicationId: string): Promise<QuotaRow[]> {
  return db
    .select({ type: quotas.type, quota: quotas.quota, usage: quotas.usage })
    .from(quotas)
    .where(eq(quotas.applicationId, applicationId))
    .orderBy(asc(quotas.type));
}

/** The newest `limit` ledger rows of `applicationId`, newest first (by time, then id). */
export async function recentLedgerRows(db: Db, applicationId: string, limit: number): Promise<LedgerRow[]> {
  return db
    .select({ id: quotaLedger.id, type: quotaLedger.type, delta: quotaLedger.delta, reason: quotaLedger.reason, messageId: quotaLedger.messageId, at: quotaLedger.at })
    .from(quotaLedger)
    .where(eq(quotaLedger.applicationId, applicationId))
    .orderBy(desc(quotaLedger.at), desc(quotaLedger.id))
    .limit(limit);
}
