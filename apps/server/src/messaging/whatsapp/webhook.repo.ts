/**
 * SQL of the WhatsApp Cloud API webhook and of conversation bookkeeping (ARCHITECTURE.md §6.1,
 * templates-dashboard-reports.md §3 WhatsApp session figures): inbound user messages, WABA-level
 * account updates, and a message's conversation columns. Rules live in webhook.service.ts and
 * drivers/whatsapp-cloud.ts.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { whatsappAccountUpdates, whatsappInboundMessages } from '../../db/schema/carriers.ts';
import { messages } from '../../db/schema/messages.ts';

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

/** Sets message `messageId`'s conversation category (marketing, utility, authentication, service) and initiator (business, user) at send time. */
export async function setConversationAtSend(db: Db, messageId: string, c: { category: string; initiator: 'business' | 'user' }): Promise<void> {
  await db.update(messages).set({ conversationCategory: c.category, conversationInitiator: c.initiator }).where(eq(messages.id, messageId));
}

/**
 * Overwrites the conversation id and/or category of the message `driver` knows as
 * `providerMessageId` with what a status webhook said; absent values are left as they are.
 */
export async function setConversationFromStatus(db: Db, driver: string, providerMessageId: string, c: { conversationId?: string; category?: string }): Promise<void> {
  const set = { ...(c.conversationId ? { conversationId: c.conversationId } : {}), ...(c.category ? { conversationCategory: c.category } : {}) };
  if (!Object.keys(set).length) return;
  await db.update(messages).set(set).where(and(eq(messages.driver, driver), eq(messages.providerMessageId, providerMessageId)));
}
