/**
 * SQL of the /v1 messaging API and its workers (ARCHITECTURE.md §6). SQL only: rules live in
 * v1.service.ts, token-auth.ts and lifecycle.ts.
 */
import { and, asc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accessTokens, applicationChannels, applications } from '../db/schema/applications.ts';
import { messageEvents, messages } from '../db/schema/messages.ts';
import { quotaLedger, quotas } from '../db/schema/quotas.ts';
import { waTemplates } from '../db/schema/templates.ts';

/** An access token with what /v1 authentication needs of its application. */
export interface TokenAuthRow {
  id: string;
  applicationId: string;
  organizationId: string;
  channel: string;
  publicKeyPem: string;
  isRevoke: boolean;
  requireSignature: boolean;
  billingType: 'pre-paid' | 'post-paid';
  applicationDeleted: boolean;
  /** Whether the application still has the token's channel. */
  channelEnabled: boolean;
}

/** The access token `id` joined with its application, or null. */
export async function findTokenForAuth(db: Db, id: string): Promise<TokenAuthRow | null> {
  const [row] = await db
    .select({
      id: accessTokens.id,
      applicationId: accessTokens.applicationId,
      organizationId: accessTokens.organizationId,
      channel: accessTokens.channel,
      publicKeyPem: accessTokens.publicKeyPem,
      isRevoke: accessTokens.isRevoke,
      requireSignature: applications.requireSignature,
      billingType: applications.billingType,
      deletedAt: applications.deletedAt,
      enabledChannel: applicationChannels.channel,
    })
    .from(accessTokens)
    .innerJoin(applications, eq(applications.id, accessTokens.applicationId))
    .leftJoin(applicationChannels, and(eq(applicationChannels.applicationId, accessTokens.applicationId), eq(applicationChannels.channel, accessTokens.channel)))
    .where(eq(accessTokens.id, id))
    .limit(1);
  if (!row) return null;
  const { deletedAt, enabledChannel, ...rest } = row;
  return { ...rest, applicationDeleted: deletedAt !== null, channelEnabled: enabledChannel !== null };
}

/** The organization's WhatsApp template `name` in `language`: its status and category, or null. */
export async function findTemplate(db: Db, organizationId: string, name: string, language: string): Promise<{ status: string; category: string } | null> {
  const [row] = await db
    .select({ status: waTemplates.status, category: waTemplates.category })
    .from(waTemplates)
    .where(and(eq(waTemplates.organizationId, organizationId), eq(waTemplates.name, name), eq(waTemplates.language, language)))
    .limit(1);
  return row ?? null;
}

/**
 * Takes `cost` from the application's `type` quota if `quota - usage >= cost`, and writes the
 * ledger row (delta -cost, reason 'message'). Returns false (and changes nothing) when short.
 */
export async function consumeQuota(db: Db, q: { applicationId: string; type: string; cost: number; messageId: string; at: Date }): Promise<boolean> {
  const updated = await db
    .update(quotas)
    .set({ usage: sql`${quotas.usage} + ${q.cost}`, updatedAt: q.at })
    .where(and(eq(quotas.applicationId, q.applicationId), eq(quotas.type, q.type), sql`${quotas.quota} - ${quotas.usage} >= ${q.cost}`))
    .returning({ type: quotas.type });
  if (!updated.length) return false;
  await db.insert(quotaLedger).values({ applicationId: q.applicationId, type: q.type, delta: -q.cost, reason: 'message', messageId: q.messageId, at: q.at });
  return true;
}

export type MessageRow = typeof messages.$inferSelect;
export type NewMessageRow = typeof messages.$inferInsert;

/** Inserts an accepted message and its first event (same status, same time). */
export async function insertMessageWithEvent(db: Db, row: NewMessageRow & { id: string; status: string; createdAt: Date }): Promise<void> {
  await db.insert(messages).values({ ...row, updatedAt: row.createdAt });
  await db.insert(messageEvents).values({ messageId: row.id, status: row.status, reason: null, at: row.createdAt });
}

/** The message of this organization's application and channel carrying `key`, or null. */
export async function findByIdempotencyKey(db: Db, organizationId: string, applicationId: string, channel: string, key: string): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.organizationId, organizationId), eq(messages.applicationId, applicationId), eq(messages.channel, channel), eq(messages.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

/** Frees `key` from a message accepted at or before `before` (its idempotency window is over). */
export async function releaseIdempotencyKey(db: Db, applicationId: string, channel: string, key: string, before: Date): Promise<void> {
  await db
    .update(messages)
    .set({ idempotencyKey: null })
    .where(and(eq(messages.applicationId, applicationId), eq(messages.channel, channel), eq(messages.idempotencyKey, key), lte(messages.createdAt, before)));
}

/** Message `id` of `applicationId` in `organizationId` with its events in order, or null. */
export async function findMessageWithEvents(
  db: Db,
  organizationId: string,
  applicationId: string,
  id: string,
): Promise<{ message: MessageRow; events: { status: string; reason: string | null; at: Date }[] } | null> {
  const [message] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, id), eq(messages.organizationId, organizationId), eq(messages.applicationId, applicationId)))
    .limit(1);
  if (!message) return null;
  const events = await db
    .select({ status: messageEvents.status, reason: messageEvents.reason, at: messageEvents.at })
    .from(messageEvents)
    .where(eq(messageEvents.messageId, id))
    .orderBy(asc(messageEvents.id));
  return { message, events };
}

/** What the workers need of a message. */
export interface MessageState {
  id: string;
  channel: string;
  recipient: string;
  status: string;
}

/** What the workers need of message `id` (system context, not a tenant request), or null. */
export async function findMessageState(db: Db, id: string): Promise<MessageState | null> {
  const [row] = await db
    .select({ id: messages.id, channel: messages.channel, recipient: messages.recipient, status: messages.status })
    .from(messages)
    .where(eq(messages.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * Compare-and-set: moves message `id` from `from` to `to` only if it is still at `from`, and writes
 * the message_events row. Run inside a transaction. Returns the updated state, or null when the
 * message was not at `from` (a duplicate or late step: nothing changes).
 */
export async function transitionStatus(db: Db, t: { id: string; from: string; to: string; reason: string | null; at: Date }): Promise<MessageState | null> {
  const [row] = await db
    .update(messages)
    .set({ status: t.to, updatedAt: t.at, ...(t.reason ? { reason: t.reason } : {}) })
    .where(and(eq(messages.id, t.id), eq(messages.status, t.from)))
    .returning({ id: messages.id, channel: messages.channel, recipient: messages.recipient, status: messages.status });
  if (!row) return null;
  await db.insert(messageEvents).values({ messageId: t.id, status: t.to, reason: t.reason, at: t.at });
  return row;
}

/**
 * Messages that may still have lifecycle steps ahead (status in `candidates` for their channel)
 * and no job waiting in `queues` (states `pendingStates`), updated at or before `updatedBefore`
 * and after `updatedAfter` (optional). Keyset-paged by id after `afterId`.
 */
export async function findStalledMessages(
  db: Db,
  q: {
    candidates: Record<string, readonly string[]>;
    queues: readonly string[];
    pendingStates: readonly string[];
    updatedBefore: Date;
    updatedAfter?: Date;
    afterId?: string;
    limit: number;
  },
): Promise<MessageState[]> {
  const channelMatch = or(
    ...Object.entries(q.candidates).map(([channel, statuses]) => and(eq(messages.channel, channel), inArray(messages.status, [...statuses]))),
  );
  const queueList = sql.join(q.queues.map((n) => sql`${n}`), sql`, `);
  const stateList = sql.join(q.pendingStates.map((s) => sql`${s}`), sql`, `);
  return db
    .select({ id: messages.id, channel: messages.channel, recipient: messages.recipient, status: messages.status })
    .from(messages)
    .where(
      and(
        channelMatch,
        lte(messages.updatedAt, q.updatedBefore),
        q.updatedAfter ? gt(messages.updatedAt, q.updatedAfter) : undefined,
        q.afterId ? gt(messages.id, q.afterId) : undefined,
        sql`not exists (select 1 from pgboss.job j where j.name in (${queueList}) and j.state::text in (${stateList}) and j.data->>'messageId' = ${messages.id}::text)`,
      ),
    )
    .orderBy(asc(messages.id))
    .limit(q.limit);
}

/** Inserts finished demo messages with their events (seed only; no jobs). */
export async function insertFinishedMessages(
  db: Db,
  rows: { message: NewMessageRow & { id: string }; events: { status: string; reason: string | null; at: Date }[] }[],
): Promise<void> {
  if (!rows.length) return;
  await db.insert(messages).values(rows.map((r) => r.message));
  await db.insert(messageEvents).values(rows.flatMap((r) => r.events.map((e) => ({ messageId: r.message.id, ...e }))));
}
