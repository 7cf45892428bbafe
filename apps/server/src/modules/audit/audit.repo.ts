/**
 * Audit log table access (SQL only; ARCHITECTURE.md §5.1). Append-only: this file inserts, reads
 * and prunes past the retention; nothing updates a row.
 */
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/teams.ts';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

/** Appends one entry. */
export async function insertAuditEntry(db: Db, row: NewAuditRow): Promise<void> {
  await db.insert(auditLog).values(row);
}
