/**
 * SQL of the signed-request replay guard (table `used_signatures`, ARCHITECTURE.md §6): each
 * accepted signature is remembered until its timestamp leaves the 5-minute window.
 */
import { lte } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { usedSignatures } from '../db/schema/security.ts';

/**
 * Records `signatureHash` (SHA-256 hex of the `X-Signature` value) until `expiresAt`. Returns true
 * when it was new, false when it was already recorded (a replay). Atomic across processes.
 */
export async function claimSignature(db: Db, signatureHash: string, expiresAt: Date): Promise<boolean> {
  const rows = await db.insert(usedSignatures).values({ signatureHash, expiresAt }).onConflictDoNothing().returning({ h: usedSignatures.signatureHash });
  return rows.length === 1;
}

/** Forgets signatures whose window ended at or before `before` (maintenance job). Returns how many. */
export async function deleteUsedSignaturesBefore(db: Db, before: Date): Promise<number> {
  return (await db.delete(usedSignatures).where(lte(usedSignatures.expiresAt, before)).returning({ h: usedSignatures.signatureHash })).length;
}
