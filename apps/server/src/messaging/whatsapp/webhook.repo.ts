/**
 * SQL of the WhatsApp Cloud API webhook and of conversation bookkeeping (ARCHITECTURE.md §6.1,
 * templates-dashboard-reports.md §3 WhatsApp session figures): inbound user messages, WABA-level
 * account updates, and a message's conversation columns. Rules live in webhook.service.ts and
 * drivers/whatsapp-cloud.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { whatsappAccountUpdates, whatsappInboundMessages } from '../../db/schema/carriers.ts';
import { conversationStatsHourly, messages } from '../../db/schema/messages.ts';

/** Stores an inbound user message once per `wamid`. Returns false when it was already stored (a webhook retry). */
export async function insertInboundMessage(
  db: Db,
  m: { organizationId: string; applicationId: string; wamid: string; sender: string; type: string; payload: unknown; receivedAt: Date },
): Promise<boolean> {
  const rows = await db.insert(whatsappInboundMessages).values(m).onConflictDoNothing({ target: whatsappInboundMessages.wamid }).returning({ id: whatsappInboundMessages.id });
  return rows.length > 0;
}

/** Appends a WABA-level webhook change (`field`, its `value` as `payload`) as received. */
export async function insertAccountUpdate(db: Db, u: { wabaId: string; field: string; payload: unknown; receivedAt: Date }): Promise<void> {
  await db.insert(whatsappAccountUpdates).values(u);
}

/** The initiator of a conversation whose initiator is not known: `service` is user-initiated, any other category business-initiated. */
export const initiatorOf = (category: string): 'business' | 'user' => (category === 'service' ? 'user' : 'business');

/**
 * Sets the conversation columns of one message (`where`: its id, or the driver's id) and keeps
 * conversation_stats_hourly consistent, in one transaction: the message is locked, and when its
 * (category, initiator) changes the counter of its creation hour moves: -1 at the old pair (if it
 * had one), +1 at the new. A missing initiator is initiatorOf(category). Absent values are left as
 * they are. Returns false when no message matched.
 */
export async function setMessageConversation(
  db: Db,
  where: { id: string } | { driver: string; providerMessageId: string },
  c: { conversationId?: string; category?: string; initiator?: 'business' | 'user' },
): Promise<boolean> {
  if (!c.conversationId && !c.category && !c.initiator) return true;
  return db.transaction(async (tx) => {
    const cond = 'id' in where ? eq(messages.id, where.id) : and(eq(messages.driver, where.driver), eq(messages.providerMessageId, where.providerMessageId));
    const [m] = await tx
      .select({ id: messages.id, organizationId: messages.organizationId, applicationId: messages.applicationId, createdAt: messages.createdAt, category: messages.conversationCategory, initiator: messages.conversationInitiator })
      .from(messages)
      .where(cond)
      .limit(1)
      .for('update');
    if (!m) return false;
    const category = c.category ?? m.category;
    const initiator = c.initiator ?? m.initiator ?? (category ? initiatorOf(category) : null);
    await tx
      .update(messages)
      .set({ ...(c.conversationId ? { conversationId: c.conversationId } : {}), ...(category ? { conversationCategory: category } : {}), ...(initiator && category ? { conversationInitiator: initiator } : {}) })
      .where(eq(messages.id, m.id));
    const oldKey = m.category ? { category: m.category, initiator: m.initiator ?? initiatorOf(m.category) } : null;
    const newKey = category && initiator ? { category, initiator } : null;
    if (oldKey && newKey && oldKey.category === newKey.category && oldKey.initiator === newKey.initiator) return true;
    const hour = new Date(Math.floor(m.createdAt.getTime() / 3_600_000) * 3_600_000);
    const bump = (k: { category: string; initiator: string }, delta: number) =>
      tx
        .insert(conversationStatsHourly)
        .values({ applicationId: m.applicationId, organizationId: m.organizationId, category: k.category, initiator: k.initiator, hour, count: delta })
        .onConflictDoUpdate({
          target: [conversationStatsHourly.applicationId, conversationStatsHourly.hour, conversationStatsHourly.category, conversationStatsHourly.initiator],
          set: { count: sql`${conversationStatsHourly.count} + ${delta}` },
        });
    if (oldKey) await bump(oldKey, -1);
    if (newKey) await bump(newKey, 1);
    return true;
  });
}

/** Sets message `messageId`'s conversation category (marketing, utility, authentication, service) and initiator (business, user) at send time (setMessageConversation). */
export async function setConversationAtSend(db: Db, messageId: string, c: { category: string; initiator: 'business' | 'user' }): Promise<void> {
  await setMessageConversation(db, { id: messageId }, c);
}

/**
 * Overwrites the conversation id and/or category of the message `driver` knows as
 * `providerMessageId` with what a status webhook said; absent values are left as they are
 * (setMessageConversation keeps the session rollup).
 */
export async function setConversationFromStatus(db: Db, driver: string, providerMessageId: string, c: { conversationId?: string; category?: string }): Promise<void> {
  await setMessageConversation(db, { driver, providerMessageId }, c);
}
