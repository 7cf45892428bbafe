/**
 * Quota warning settings, thresholds and sent warnings (SQL only; rules in quota-warnings.service.ts).
 * Callers pass an application id they already scoped to the caller's organization (the console
 * routes) or got from a trusted source (an accepted message, an operator command).
 * Units: thresholds and remaining quota in stored units (seconds for `call`).
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { quotaSettings, quotaThresholds, quotaWarnings } from '../../db/schema/quotas.ts';
import { users } from '../../db/schema/users.ts';

export interface SettingsRow {
  disable: boolean;
  emailRecipients: string[];
}

export interface ThresholdRow {
  type: string;
  reminder: boolean;
  threshold: number;
  armed: boolean;
}

/** The application's warning settings, or null when never saved. */
export async function findSettings(db: Db, applicationId: string): Promise<SettingsRow | null> {
  const [row] = await db
    .select({ disable: quotaSettings.disable, emailRecipients: quotaSettings.emailRecipients })
    .from(quotaSettings)
    .where(eq(quotaSettings.applicationId, applicationId))
    .limit(1);
  return row ?? null;
}

/** Every threshold row of the application, by type. With `forUpdate` they stay locked until the transaction ends. */
export async function thresholdRows(db: Db, applicationId: string, opts: { forUpdate?: boolean } = {}): Promise<ThresholdRow[]> {
  const query = db
    .select({ type: quotaThresholds.type, reminder: quotaThresholds.reminder, threshold: quotaThresholds.threshold, armed: quotaThresholds.armed })
    .from(quotaThresholds)
    .where(eq(quotaThresholds.applicationId, applicationId))
    .orderBy(asc(quotaThresholds.type));
  return opts.forUpdate ? query.for('update') : query;
}

/** Inserts or replaces the settings row of application `applicationId` (of organization `organizationId`). */
export async function upsertSettings(db: Db, organizationId: string, applicationId: string, s: SettingsRow, at: Date): Promise<void> {
  await db
    .insert(quotaSettings)
    .values({ applicationId, organizationId, disable: s.disable, emailRecipients: s.emailRecipients, updatedAt: at })
    .onConflictDoUpdate({ target: quotaSettings.applicationId, set: { disable: s.disable, emailRecipients: s.emailRecipients, updatedAt: at } });
}

/** Inserts or replaces one threshold row of application `applicationId` (of organization `organizationId`; `armed` as given). */
export async function upsertThreshold(db: Db, organizationId: string, applicationId: string, t: ThresholdRow, at: Date): Promise<void> {
  await db
    .insert(quotaThresholds)
    .values({ applicationId, organizationId, ...t, updatedAt: at })
    .onConflictDoUpdate({
      target: [quotaThresholds.applicationId, quotaThresholds.type],
      set: { reminder: t.reminder, threshold: t.threshold, armed: t.armed, updatedAt: at },
    });
}

/**
 * Disarms the threshold of (application, type) when it is armed; true when this call disarmed it
 * (the one caller that may send the warning of this crossing).
 */
export async function disarm(db: Db, applicationId: string, type: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(quotaThresholds)
    .set({ armed: false, updatedAt: at })
    .where(and(eq(quotaThresholds.applicationId, applicationId), eq(quotaThresholds.type, type), eq(quotaThresholds.armed, true)))
    .returning({ type: quotaThresholds.type });
  return rows.length > 0;
}

/** Re-arms the threshold of (application, type) (the remaining quota is above it again). */
export async function rearm(db: Db, applicationId: string, type: string, at: Date): Promise<void> {
  await db
    .update(quotaThresholds)
    .set({ armed: true, updatedAt: at })
    .where(and(eq(quotaThresholds.applicationId, applicationId), eq(quotaThresholds.type, type), eq(quotaThresholds.armed, false)));
}

/** Records one warning; returns its id. */
export async function insertWarning(
  db: Db,
  w: { applicationId: string; organizationId: string; type: string; remaining: number; threshold: number; recipients: string[]; at: Date },
): Promise<number> {
  const [row] = await db
    .insert(quotaWarnings)
    .values({ applicationId: w.applicationId, organizationId: w.organizationId, type: w.type, remaining: w.remaining, threshold: w.threshold, recipients: w.recipients, createdAt: w.at })
    .returning({ id: quotaWarnings.id });
  return row!.id;
}

/** Marks warning `id` as sent at `at`. */
export async function markWarningSent(db: Db, id: number, at: Date): Promise<void> {
  await db.update(quotaWarnings).set({ sentAt: at }).where(eq(quotaWarnings.id, id));
}

export interface WarningRow {
  id: number;
  type: string;
  remaining: number;
  threshold: number;
  recipients: string[];
  createdAt: Date;
  sentAt: Date | null;
}

/** The application's warnings, oldest first. */
export async function warningRows(db: Db, applicationId: string): Promise<WarningRow[]> {
  return db
    .select({
      id: quotaWarnings.id,
      type: quotaWarnings.type,
      remaining: quotaWarnings.remaining,
      threshold: quotaWarnings.threshold,
      recipients: quotaWarnings.recipients,
      createdAt: quotaWarnings.createdAt,
      sentAt: quotaWarnings.sentAt,
    })
    .from(quotaWarnings)
    .where(eq(quotaWarnings.applicationId, applicationId))
    .orderBy(asc(quotaWarnings.id));
}

/** Ticked thresholds above 0 of the application (what can warn). */
export async function activeThresholds(db: Db, applicationId: string): Promise<ThresholdRow[]> {
  return db
    .select({ type: quotaThresholds.type, reminder: quotaThresholds.reminder, threshold: quotaThresholds.threshold, armed: quotaThresholds.armed })
    .from(quotaThresholds)
    .where(and(eq(quotaThresholds.applicationId, applicationId), eq(quotaThresholds.reminder, true), gt(quotaThresholds.threshold, sql`0`)));
}

/**
 * The saved interface language (users.language: 'en', 'id' or null) of each of the lower-cased
 * `emails` that is a user's address, by address; addresses without an account are absent.
 */
export async function recipientLanguages(db: Db, emails: string[]): Promise<Map<string, string | null>> {
  if (!emails.length) return new Map();
  const rows = await db.select({ email: users.email, language: users.language }).from(users).where(inArray(users.email, emails));
  return new Map(rows.map((r) => [r.email, r.language]));
}
