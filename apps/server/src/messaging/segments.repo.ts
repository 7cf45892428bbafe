/**
 * SQL of the segments of long SMS (table message_segments, ARCHITECTURE.md §6.1 smpp): a receipt
 * names one segment; its update and the read of all the message's segments run in one transaction
 * holding the segments' row locks, so of two concurrent receipts the later one sees both.
 */
import { and, asc, eq, isNull, notInArray, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { messageSegments } from '../db/schema/carriers.ts';

/** A segment's latest receipt (status null until one arrives). */
export interface SegmentState {
  segment: number;
  providerMessageId: string;
  status: string | null;
  reason: string | null;
  providerCode: string | null;
}

/**
 * Applies a receipt to segment (`driver`, `providerMessageId`): sets its status, reason and code
 * unless its status is one of `keepStatuses` (a final one a late receipt must not overwrite).
 * Locks every segment of the message (`for update`) first. Returns the message id and all its
 * segments in order as they are after the update, or null when no segment has that id.
 */
export async function applySegmentReceipt(
  db: Db,
  key: { driver: string; providerMessageId: string },
  receipt: { status: string; reason: string | null; providerCode: string | null },
  keepStatuses: readonly string[],
): Promise<{ messageId: string; segments: SegmentState[] } | null> {
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const [seg] = await tx
      .select({ messageId: messageSegments.messageId })
      .from(messageSegments)
      .where(and(eq(messageSegments.driver, key.driver), eq(messageSegments.providerMessageId, key.providerMessageId)))
      .limit(1);
    if (!seg) return null;
    const columns = {
      segment: messageSegments.segment,
      providerMessageId: messageSegments.providerMessageId,
      status: messageSegments.status,
      reason: messageSegments.reason,
      providerCode: messageSegments.providerCode,
    };
    const ofMessage = and(eq(messageSegments.messageId, seg.messageId), eq(messageSegments.driver, key.driver));
    await tx.select({ segment: messageSegments.segment }).from(messageSegments).where(ofMessage).orderBy(asc(messageSegments.segment)).for('update');
    await tx
      .update(messageSegments)
      .set({ status: receipt.status, reason: receipt.reason, providerCode: receipt.providerCode })
      .where(
        and(
          eq(messageSegments.driver, key.driver),
          eq(messageSegments.providerMessageId, key.providerMessageId),
          keepStatuses.length ? or(isNull(messageSegments.status), notInArray(messageSegments.status, [...keepStatuses])) : undefined,
        ),
      );
    const segments = await tx.select(columns).from(messageSegments).where(ofMessage).orderBy(asc(messageSegments.segment));
    return { messageId: seg.messageId, segments };
  });
}
