/**
 * SQL of Verify (ARCHITECTURE.md §6.4; migration 0020). SQL only: the rules live in
 * verify.service.ts. Every query is scoped by organization and application.
 */
import { and, count, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { applications } from '../../db/schema/applications.ts';
import { waTemplates } from '../../db/schema/templates.ts';
import { verifications, type VerificationSend } from '../../db/schema/verifications.ts';

export type VerificationRow = typeof verifications.$inferSelect;
type Scope = { organizationId: string; applicationId: string };

const scoped = (s: Scope, id: string) => and(eq(verifications.id, id), eq(verifications.organizationId, s.organizationId), eq(verifications.applicationId, s.applicationId));

/** What Verify needs of an application: its name, allowed countries (null = any) and per-minute limit (null = default). */
export async function findVerifySettings(db: Db, s: Scope): Promise<{ name: string; allowedCountries: string[] | null; perMinute: number | null } | null> {
  const [row] = await db
    .select({ name: applications.name, allowedCountries: applications.verifyAllowedCountries, perMinute: applications.verifyPerMinute })
    .from(applications)
    .where(and(eq(applications.id, s.applicationId), eq(applications.organizationId, s.organizationId), isNull(applications.deletedAt)))
    .limit(1);
  return row ?? null;
}

/**
 * What the start of a verification checks, in one round trip (§6.4): the application's name,
 * allowed countries (null = any) and per-minute limit (null = default), the verifications it started
 * since `minuteAgo`, and those of `recipient` since `hourAgo`. Null when no such application.
 */
export async function findStartGuard(
  db: Db,
  s: Scope,
  p: { recipient: string; minuteAgo: Date; hourAgo: Date },
): Promise<{ name: string; allowedCountries: string[] | null; perMinute: number | null; startedLastMinute: number; recipientLastHour: number } | null> {
  const started = (since: Date, recipient?: string) =>
    db
      .select({ n: count() })
      .from(verifications)
      .where(
        and(
          eq(verifications.applicationId, s.applicationId),
          eq(verifications.organizationId, s.organizationId),
          gt(verifications.createdAt, since),
          ...(recipient === undefined ? [] : [eq(verifications.recipient, recipient)]),
        ),
      );
  const [row] = await db
    .select({
      name: applications.name,
      allowedCountries: applications.verifyAllowedCountries,
      perMinute: applications.verifyPerMinute,
      startedLastMinute: sql<number>`(${started(p.minuteAgo)})`.mapWith(Number),
      recipientLastHour: sql<number>`(${started(p.hourAgo, p.recipient)})`.mapWith(Number),
    })
    .from(applications)
    .where(and(eq(applications.id, s.applicationId), eq(applications.organizationId, s.organizationId), isNull(applications.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** Inserts a new verification (no sends yet). */
export async function insertVerification(db: Db, row: typeof verifications.$inferInsert): Promise<void> {
  await db.insert(verifications).values(row);
}

/** Deletes a verification that never got a send (its first send was refused). */
export async function deleteUnsentVerification(db: Db, s: Scope, id: string): Promise<void> {
  await db.delete(verifications).where(and(scoped(s, id), eq(verifications.sendCount, 0)));
}

/** The verification `id` of the scope, or null. */
export async function findVerification(db: Db, s: Scope, id: string): Promise<VerificationRow | null> {
  const [row] = await db.select().from(verifications).where(scoped(s, id)).limit(1);
  return row ?? null;
}

/**
 * Records a send in one conditional update: the new code's HMAC replaces the old one, `send` is
 * appended, `send_count` goes up, only while the row is pending, unexpired, has `sendCount` sends
 * (nobody sent meanwhile) and that is below `maxSends`. Returns the row, or null when a condition
 * failed.
 */
export async function recordSend(
  db: Db,
  s: Scope,
  id: string,
  p: { codeHmac: string; send: VerificationSend; sendCount: number; maxSends: number; at: Date },
): Promise<VerificationRow | null> {
  const [row] = await db
    .update(verifications)
    .set({
      codeHmac: p.codeHmac,
      sends: sql`${verifications.sends} || ${JSON.stringify([p.send])}::jsonb`,
      sendCount: sql`${verifications.sendCount} + 1`,
      lastSendAt: p.at,
      updatedAt: p.at,
    })
    .where(and(scoped(s, id), eq(verifications.status, 'pending'), gt(verifications.expiresAt, p.at), eq(verifications.sendCount, p.sendCount), lt(verifications.sendCount, p.maxSends)))
    .returning();
  return row ?? null;
}

/**
 * Approves in one conditional update (§6.4: concurrent right checks approve exactly once): only
 * while pending, unexpired, below `maxChecks` checks and still holding `codeHmac` (no resend
 * meanwhile). Returns the row, or null when another check or change came first.
 */
export async function approve(db: Db, s: Scope, id: string, p: { codeHmac: string; maxChecks: number; at: Date }): Promise<VerificationRow | null> {
  const [row] = await db
    .update(verifications)
    .set({ status: 'approved', attempts: sql`${verifications.attempts} + 1`, approvedAt: p.at, closedAt: p.at, updatedAt: p.at })
    .where(and(scoped(s, id), eq(verifications.status, 'pending'), gt(verifications.expiresAt, p.at), lt(verifications.attempts, p.maxChecks), eq(verifications.codeHmac, p.codeHmac)))
    .returning();
  return row ?? null;
}

/**
 * Counts a wrong check in one conditional update; the `maxChecks`-th makes the row `failed`.
 * Returns the row, or null when it was no longer pending, had expired or had no checks left.
 */
export async function countWrongCheck(db: Db, s: Scope, id: string, p: { maxChecks: number; at: Date }): Promise<VerificationRow | null> {
  const last = sql`${verifications.attempts} + 1 >= ${p.maxChecks}`;
  const [row] = await db
    .update(verifications)
    .set({
      attempts: sql`${verifications.attempts} + 1`,
      status: sql`case when ${last} then 'failed' else ${verifications.status} end`,
      closedAt: sql`case when ${last} then ${p.at.toISOString()}::timestamptz else ${verifications.closedAt} end`,
      updatedAt: p.at,
    })
    .where(and(scoped(s, id), eq(verifications.status, 'pending'), gt(verifications.expiresAt, p.at), lt(verifications.attempts, p.maxChecks)))
    .returning();
  return row ?? null;
}

/**
 * Moves a pending row to `status` ('canceled', or 'expired' once `expires_at` passed) in one
 * conditional update. Returns the row, or null when it was not pending (or, for canceled, expired).
 */
export async function closeVerification(db: Db, s: Scope, id: string, status: 'canceled' | 'expired', at: Date): Promise<VerificationRow | null> {
  const when = status === 'canceled' ? gt(verifications.expiresAt, at) : sql`${verifications.expiresAt} <= ${at.toISOString()}::timestamptz`;
  const [row] = await db
    .update(verifications)
    .set({ status, closedAt: at, updatedAt: at })
    .where(and(scoped(s, id), eq(verifications.status, 'pending'), when))
    .returning();
  return row ?? null;
}

/**
 * Moves up to `limit` pending verifications whose `expires_at` passed by `at` to `expired` (rows
 * another process holds are skipped) and returns them. Across organizations: the sweep's rows carry
 * their own organization and application.
 */
export async function expireDue(db: Db, at: Date, limit: number): Promise<VerificationRow[]> {
  const due = db
    .select({ id: verifications.id })
    .from(verifications)
    .where(and(eq(verifications.status, 'pending'), sql`${verifications.expiresAt} <= ${at.toISOString()}::timestamptz`))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(verifications)
    .set({ status: 'expired', closedAt: at, updatedAt: at })
    .where(and(inArray(verifications.id, due), eq(verifications.status, 'pending')))
    .returning();
}

/** The application's WhatsApp templates named `name` (not deleted): language, status, category, components, parameter format. */
export async function findTemplatesByName(db: Db, applicationId: string, name: string) {
  return db
    .select({ language: waTemplates.language, status: waTemplates.status, category: waTemplates.category, components: waTemplates.components, parameterFormat: waTemplates.parameterFormat })
    .from(waTemplates)
    .where(and(eq(waTemplates.applicationId, applicationId), eq(waTemplates.name, name), isNull(waTemplates.deletedAt)));
}

/**
 * Verify settings of application `applicationId`: the countries it serves (null = any) and its
 * verifications per minute (null = default); operator (cli/admin.ts) or, with `organizationId`,
 * the console (only that organization's application). Returns false when no such live application.
 */
export async function setVerifySettings(
  db: Db,
  applicationId: string,
  p: { allowedCountries?: string[] | null; perMinute?: number | null; organizationId?: string },
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(applications)
    .set({
      ...(p.allowedCountries !== undefined ? { verifyAllowedCountries: p.allowedCountries } : {}),
      ...(p.perMinute !== undefined ? { verifyPerMinute: p.perMinute } : {}),
      updatedAt: at,
    })
    .where(and(eq(applications.id, applicationId), isNull(applications.deletedAt), ...(p.organizationId === undefined ? [] : [eq(applications.organizationId, p.organizationId)])))
    .returning({ id: applications.id });
  return rows.length > 0;
}
