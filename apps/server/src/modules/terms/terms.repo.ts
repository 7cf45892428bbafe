/**
 * Terms acceptances table access (SQL only).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { termsAcceptances } from '../../db/schema/users.ts';

/** Whether `userId` accepted exactly these privacy-policy and terms versions. */
export async function hasAcceptance(db: Db, userId: string, ppVersion: string, tncVersion: string): Promise<boolean> {
  const rows = await db
    .select({ userId: termsAcceptances.userId })
    .from(termsAcceptances)
    .where(and(eq(termsAcceptances.userId, userId), eq(termsAcceptances.ppVersion, ppVersion), eq(termsAcceptances.tncVersion, tncVersion)))
    .limit(1);
  return rows.length > 0;
}

/** Records the acceptance; a repeat keeps the first time. */
export async function insertAcceptance(db: Db, row: { userId: string; ppVersion: string; tncVersion: string; acceptedAt: Date }): Promise<void> {
  await db.insert(termsAcceptances).values(row).onConflictDoNothing();
}
