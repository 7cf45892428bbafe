/**
 * SQL of the status pipeline (ARCHITECTURE.md §6.1): the locked read of a message, its status
 * update, events, hourly counters, the outbox and quota refunds. SQL only: the rules are in
 * record-status.ts and contracts/statuses.ts.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { messageEvents, messages, messageStatsHourly, statusOutbox } from '../db/schema/messages.ts';
import { quotaLedger, quotas } from '../db/schema/quotas.ts';

/** What recordStatus needs of a message, read under a row lock. */
export interface LockedMessage {
  id: string;
  organizationId: string;
  applicationId: string;
  channel: string;
  status: string;
  createdAt: Date;
}

const lockedColumns = {
  id: messages.id,
  organizationId: messages.organizationId,
  applicationId: messages.applicationId,
  channel: messages.channel,
  status: messages.status,
  createdAt: messages.createdAt,
};

/**
 * Message `id`, or the message a driver knows as (`driver`, `providerMessageId`), locked for
 * update until the transaction ends (two callbacks for one message apply one after the other).
 */
export async function lockMessage(db: Db, by: { id: string } | { driver: string; providerMessageId: string }): Promise<LockedMessage | null> {
  const where = 'id' in by ? eq(messages.id, by.id) : and(eq(messages.driver, by.driver), eq(messages.providerMessageId, by.providerMessageId));
  const [row] = await db.select(lockedColumns).from(messages).where(where).limit(1).for('update');
  return row ?? null;
}

/** Sets the message's status, time, and (when given) reason and provider code. */
export async function updateMessageStatus(db: Db, m: { id: string; status: string; at: Date; reason?: string | null; providerCode?: string | null }): Promise<void> {
  await db
    .update(messages)
    .set({
      status: m.status,
      updatedAt: sql`greatest(${messages.updatedAt}, ${m.at.toISOString()}::timestamptz)`,
      ...(m.reason ? { reason: m.reason } : {}),
      ...(m.providerCode ? { providerCode: m.providerCode } : {}),
    })
    .where(eq(messages.id, m.id));
}

/** Appends events (in order) to message `messageId`'s history. */
export async function insertEvents(db: Db, messageId: string, events: { status: string; reason: string | null; providerCode: string | null; at: Date }[]): Promise<void> {
  if (events.length) await db.insert(messageEvents).values(events.map((e) => ({ messageId, ...e })));
}

/** Every status message `messageId` has had, oldest first. */
export async function statusHistory(db: Db, messageId: string): Promise<string[]> {
  const rows = await db.select({ status: messageEvents.status }).from(messageEvents).where(eq(messageEvents.messageId, messageId)).orderBy(asc(messageEvents.id));
  return rows.map((r) => r.status);
}

/**
 * Moves one message in the hourly counters of (application, channel, `hour`): -1 at `from`
 * (unless null: a new message) and +1 at `to`.
 */
export async function moveStatsCounter(db: Db, k: { applicationId: string; channel: string; hour: Date; from: string | null; to: string }): Promise<void> {
  const bump = (status: string, delta: number) =>
    db
      .insert(messageStatsHourly)
      .values({ applicationId: k.applicationId, channel: k.channel, hour: k.hour, status, count: delta })
      .onConflictDoUpdate({
        target: [messageStatsHourly.applicationId, messageStatsHourly.channel, messageStatsHourly.hour, messageStatsHourly.status],
        set: { count: sql`${messageStatsHourly.count} + ${delta}` },
      });
  if (k.from) await bump(k.from, -1);
  await bump(k.to, 1);
}

/** Writes one outbox row per recorded status (consumers read them in id order). */
export async function insertOutbox(
  db: Db,
  rows: { messageId: string; organizationId: string; applicationId: string; channel: string; status: string; previousStatus: string; reason: string | null; providerCode: string | null; at: Date }[],
): Promise<void> {
  if (rows.length) await db.insert(statusOutbox).values(rows);
}

/**
 * Gives back what message `messageId` took from the prepaid quota: for each consumption ledger row
 * of the message not yet refunded, `usage -= cost` and a `+cost` ledger row with reason 'refund'.
 * Returns the quota units refunded (0 for a post-paid or already refunded message).
 */
export async function refundMessageQuota(db: Db, messageId: string, at: Date): Promise<number> {
  const rows = await db.select().from(quotaLedger).where(eq(quotaLedger.messageId, messageId));
  if (rows.some((r) => r.reason === 'refund')) return 0;
  let refunded = 0;
  for (const r of rows.filter((x) => x.reason === 'message' && x.delta < 0)) {
    const cost = -r.delta;
    await db
      .update(quotas)
      .set({ usage: sql`greatest(0, ${quotas.usage} - ${cost})`, updatedAt: at })
      .where(and(eq(quotas.applicationId, r.applicationId), eq(quotas.type, r.type)));
    await db.insert(quotaLedger).values({ applicationId: r.applicationId, type: r.type, delta: cost, reason: 'refund', messageId, at });
    refunded += cost;
  }
  return refunded;
}
