/**
 * SQL of message dispatch (ARCHITECTURE.md §6.1): claiming a message to send, finding it by its
 * carrier id, and the sweep of messages never handed to a carrier.
 */
import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { ChannelId } from '@pesan/contracts/channels';
import type { Db } from '../db/client.ts';
import { messageSegments } from '../db/schema/carriers.ts';
import { messages } from '../db/schema/messages.ts';

/** A message as a driver receives it, plus its current status. */
export interface DispatchRow {
  id: string;
  organizationId: string;
  applicationId: string;
  channel: string;
  recipient: string;
  status: string;
  body: unknown;
  templateName: string | null;
  totalSms: number | null;
}

const dispatchColumns = {
  id: messages.id,
  organizationId: messages.organizationId,
  applicationId: messages.applicationId,
  channel: messages.channel,
  recipient: messages.recipient,
  status: messages.status,
  body: messages.body,
  templateName: messages.templateName,
  totalSms: messages.totalSms,
};

/**
 * Claims message `id` for sending: only when it has no carrier id, is at one of `statuses`, and
 * nobody claimed it since `leaseBefore` (a dispatcher that died gives it up after the lease).
 * Atomic across processes. Returns the message, or null (already sent, final, or claimed).
 */
export async function claimForDispatch(db: Db, id: string, statuses: readonly string[], now: Date, leaseBefore: Date): Promise<DispatchRow | null> {
  const [row] = await db
    .update(messages)
    .set({ dispatchClaimedAt: now })
    .where(
      and(
        eq(messages.id, id),
        isNull(messages.providerMessageId),
        inArray(messages.status, [...statuses]),
        or(isNull(messages.dispatchClaimedAt), lt(messages.dispatchClaimedAt, leaseBefore)),
      ),
    )
    .returning(dispatchColumns);
  return row ?? null;
}

/** Gives up the claim on message `id` (a retryable send error: another attempt may claim it). */
export async function releaseDispatchClaim(db: Db, id: string): Promise<void> {
  await db.update(messages).set({ dispatchClaimedAt: null }).where(eq(messages.id, id));
}

/**
 * Records which driver sent message `id` and the carrier's id for it; with `segmentIds` (a message
 * sent in several parts) also each part's carrier id, so a receipt naming any part finds it.
 */
export async function setProviderMessageId(db: Db, id: string, driver: string, providerMessageId: string, segmentIds?: string[]): Promise<void> {
  await db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    await tx.update(messages).set({ driver, providerMessageId }).where(eq(messages.id, id));
    if (segmentIds && segmentIds.length > 1) {
      await tx
        .insert(messageSegments)
        .values(segmentIds.map((pid, i) => ({ driver, providerMessageId: pid, messageId: id, segment: i + 1 })))
        .onConflictDoNothing();
    }
  });
}

/** The message a driver knows as `providerMessageId`: its id, channel and recipient, or null. */
export async function findByProviderId(db: Db, driver: string, providerMessageId: string): Promise<{ id: string; channel: string; recipient: string } | null> {
  const [row] = await db
    .select({ id: messages.id, channel: messages.channel, recipient: messages.recipient })
    .from(messages)
    .where(and(eq(messages.driver, driver), eq(messages.providerMessageId, providerMessageId)))
    .limit(1);
  return row ?? null;
}

/**
 * Ids of messages accepted between `after` and `before` that no carrier has yet (index
 * messages_undispatched_idx: only such messages are in it, so the cost does not grow with traffic),
 * oldest first, at most `limit`.
 */
export async function findUndispatched(
  db: Db,
  q: { before: Date; after: Date; limit: number },
): Promise<{ id: string; organizationId: string; applicationId: string; channel: ChannelId; totalSms: number | null }[]> {
  const rows = await db
    .select({ id: messages.id, organizationId: messages.organizationId, applicationId: messages.applicationId, channel: messages.channel, totalSms: messages.totalSms })
    .from(messages)
    .where(
      and(
        sql`${messages.providerMessageId} is null and ${messages.status} in ('submitted', 'in_queue')`,
        lt(messages.createdAt, q.before),
        gt(messages.createdAt, q.after),
      ),
    )
    .orderBy(asc(messages.createdAt))
    .limit(q.limit);
  return rows.map((r) => ({ ...r, channel: r.channel as ChannelId }));
}

/** Whether message `id` is claimed by a dispatcher since `leaseBefore` and still has no carrier id. */
export async function isClaimedElsewhere(db: Db, id: string, leaseBefore: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, id), isNull(messages.providerMessageId), gt(messages.dispatchClaimedAt, leaseBefore)))
    .limit(1);
  return row !== undefined;
}
