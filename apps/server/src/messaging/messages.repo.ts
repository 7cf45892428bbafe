/**
 * SQL of the /v1 messaging API (ARCHITECTURE.md §6). SQL only: rules live in v1.service.ts and
 * token-auth.ts; the status pipeline's SQL is in engine/status.repo.ts, dispatch's in dispatch.repo.ts.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { arrayParam } from '../db/sql-array.ts';
import { hourOf } from './engine/status-recorder.ts';
import { moveStatsCounter } from './engine/status.repo.ts';
import { ensurePartitionsBetween } from '../db/partitions.ts';
import { conversationStatsHourly, idempotencyKeys, messageEvents, messages, messageStatsHourly } from '../db/schema/messages.ts';
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
  /** The operator's send limit in messages per second, or null (the default). */
  sendRatePerSecond: number | null;
  applicationDeleted: boolean;
  /** Whether the application still has the token's channel. */
  channelEnabled: boolean;
}

/**
 * The access tokens of `ids` joined with their applications (absent ids are left out), in one
 * statement of one array parameter: /v1 authentication gathers the lookups of concurrent requests.
 */
export async function findTokensForAuth(db: Db, ids: readonly string[]): Promise<TokenAuthRow[]> {
  if (!ids.length) return [];
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select t.id, t.application_id, t.organization_id, t.channel, t.public_key_pem, t.is_revoke,
      a.require_signature, a.billing_type, a.send_rate_per_second, a.deleted_at is not null as application_deleted, c.channel is not null as channel_enabled
    from access_tokens t
    join applications a on a.id = t.application_id
    left join application_channels c on c.application_id = t.application_id and c.channel = t.channel
    where t.id = any(${arrayParam(ids, 'uuid')})`,
  );
  return rows.map((r) => ({
    id: r['id'] as string,
    applicationId: r['application_id'] as string,
    organizationId: r['organization_id'] as string,
    channel: r['channel'] as string,
    publicKeyPem: r['public_key_pem'] as string,
    isRevoke: Boolean(r['is_revoke']),
    requireSignature: Boolean(r['require_signature']),
    billingType: r['billing_type'] as TokenAuthRow['billingType'],
    sendRatePerSecond: r['send_rate_per_second'] === null || r['send_rate_per_second'] === undefined ? null : Number(r['send_rate_per_second']),
    applicationDeleted: Boolean(r['application_deleted']),
    channelEnabled: Boolean(r['channel_enabled']),
  }));
}

/**
 * The WhatsApp template `name` in `language` of application `applicationId` (not deleted): its
 * status, category, components (Meta's model) and parameter format, or null.
 */
export async function findTemplate(
  db: Db,
  applicationId: string,
  name: string,
  language: string,
): Promise<{ status: string; category: string; components: unknown; parameterFormat: 'POSITIONAL' | 'NAMED' | undefined } | null> {
  const [row] = await db
    .select({ status: waTemplates.status, category: waTemplates.category, components: waTemplates.components, parameterFormat: waTemplates.parameterFormat })
    .from(waTemplates)
    .where(and(eq(waTemplates.applicationId, applicationId), eq(waTemplates.name, name), eq(waTemplates.language, language), isNull(waTemplates.deletedAt)))
    .limit(1);
  if (!row) return null;
  const format = row.parameterFormat === 'NAMED' || row.parameterFormat === 'POSITIONAL' ? row.parameterFormat : undefined;
  return { status: row.status, category: row.category, components: row.components, parameterFormat: format };
}

/**
 * Takes `cost` from the application's `type` quota if `quota - usage >= cost`, and writes the
 * ledger row (delta -cost, reason 'message'). Returns false (and changes nothing) when short.
 */
export async function consumeQuota(db: Db, q: { applicationId: string; organizationId: string; type: string; cost: number; messageId: string; at: Date }): Promise<boolean> {
  const updated = await db
    .update(quotas)
    .set({ usage: sql`${quotas.usage} + ${q.cost}`, updatedAt: q.at })
    .where(and(eq(quotas.applicationId, q.applicationId), eq(quotas.type, q.type), sql`${quotas.quota} - ${quotas.usage} >= ${q.cost}`))
    .returning({ type: quotas.type });
  if (!updated.length) return false;
  await db.insert(quotaLedger).values({ applicationId: q.applicationId, organizationId: q.organizationId, type: q.type, delta: -q.cost, reason: 'message', messageId: q.messageId, at: q.at });
  return true;
}

export type MessageRow = typeof messages.$inferSelect;
export type NewMessageRow = typeof messages.$inferInsert;

/**
 * Inserts an accepted message and its first event (same status, same time). The caller counts it
 * in the hourly counters (countAcceptedMessage) last in its transaction.
 */
export async function insertMessageWithEvent(db: Db, row: NewMessageRow & { id: string; status: string; createdAt: Date }): Promise<void> {
  await db.insert(messages).values({ ...row, updatedAt: row.createdAt });
  await db.insert(messageEvents).values({ organizationId: row.organizationId, messageId: row.id, messageCreatedAt: row.createdAt, status: row.status, reason: null, at: row.createdAt });
}

/** +1 in the hourly counter of a message accepted at `createdAt` with `status`. */
export async function countAcceptedMessage(db: Db, row: { organizationId: string; applicationId: string; channel: string; status: string; createdAt: Date }): Promise<void> {
  await moveStatsCounter(db, { organizationId: row.organizationId, applicationId: row.applicationId, channel: row.channel, hour: hourOf(row.createdAt), from: null, to: row.status });
}

/** The message of this organization's application and channel holding Idempotency-Key `key` (idempotency_keys), or null. */
export async function findByIdempotencyKey(db: Db, organizationId: string, applicationId: string, channel: string, key: string): Promise<MessageRow | null> {
  const [row] = await db
    .select({ message: messages })
    .from(idempotencyKeys)
    .innerJoin(messages, and(eq(messages.id, idempotencyKeys.messageId), eq(messages.createdAt, idempotencyKeys.messageCreatedAt)))
    .where(
      and(
        eq(idempotencyKeys.organizationId, organizationId),
        eq(idempotencyKeys.applicationId, applicationId),
        eq(idempotencyKeys.channel, channel),
        eq(idempotencyKeys.key, key),
      ),
    )
    .limit(1);
  return row?.message ?? null;
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
    .where(and(eq(messageEvents.messageId, id), eq(messageEvents.messageCreatedAt, message.createdAt)))
    .orderBy(asc(messageEvents.id));
  return { message, events };
}

/**
 * Inserts finished demo messages with their events, hourly counters and, for messages carrying a
 * conversation (conversationCategory and conversationInitiator set), the session counters (seed
 * only; no jobs). Counters are added per (hour, key) in one upsert each; inserts go in chunks.
 */
export async function insertFinishedMessages(
  db: Db,
  rows: { message: NewMessageRow & { id: string; createdAt: Date }; events: { status: string; reason: string | null; at: Date }[] }[],
): Promise<void> {
  if (!rows.length) return;
  const times = rows.map((r) => r.message.createdAt.getTime());
  await ensurePartitionsBetween(db, new Date(times.reduce((a, b) => Math.min(a, b))), new Date(times.reduce((a, b) => Math.max(a, b))));
  const CHUNK = 200;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK);
    await db.insert(messages).values(part.map((r) => r.message));
    await db
      .insert(messageEvents)
      .values(part.flatMap((r) => r.events.map((e) => ({ organizationId: r.message.organizationId, messageId: r.message.id, messageCreatedAt: r.message.createdAt, ...e }))));
  }
  const stats = new Map<string, { organizationId: string; applicationId: string; channel: string; hour: Date; status: string; count: number }>();
  const sessions = new Map<string, { applicationId: string; organizationId: string; category: string; initiator: string; hour: Date; count: number }>();
  for (const { message: m } of rows) {
    const hour = hourOf(m.createdAt);
    const k = `${m.applicationId}|${m.channel}|${hour.getTime()}|${m.status}`;
    const s = stats.get(k) ?? stats.set(k, { organizationId: m.organizationId, applicationId: m.applicationId, channel: m.channel, hour, status: m.status, count: 0 }).get(k)!;
    s.count++;
    if (m.conversationCategory && m.conversationInitiator) {
      const c = `${m.applicationId}|${m.conversationCategory}|${m.conversationInitiator}|${hour.getTime()}`;
      const x = sessions.get(c) ?? sessions.set(c, { applicationId: m.applicationId, organizationId: m.organizationId, category: m.conversationCategory, initiator: m.conversationInitiator, hour, count: 0 }).get(c)!;
      x.count++;
    }
  }
  for (const s of stats.values()) {
    await db
      .insert(messageStatsHourly)
      .values(s)
      .onConflictDoUpdate({
        target: [messageStatsHourly.applicationId, messageStatsHourly.channel, messageStatsHourly.hour, messageStatsHourly.status, messageStatsHourly.organizationId],
        set: { count: sql`${messageStatsHourly.count} + ${s.count}` },
      });
  }
  for (const c of sessions.values()) {
    await db
      .insert(conversationStatsHourly)
      .values(c)
      .onConflictDoUpdate({
        target: [conversationStatsHourly.applicationId, conversationStatsHourly.hour, conversationStatsHourly.category, conversationStatsHourly.initiator],
        set: { count: sql`${conversationStatsHourly.count} + ${c.count}` },
      });
  }
}

/** Channel, status and accepted body of message `id` (system context: e-mail tracking links), or null. */
export async function findMessageForTracking(db: Db, id: string): Promise<{ channel: string; status: string; body: unknown } | null> {
  const [row] = await db.select({ channel: messages.channel, status: messages.status, body: messages.body }).from(messages).where(eq(messages.id, id)).limit(1);
  return row ?? null;
}
