/**
 * SQL of the group-commit accept (ARCHITECTURE.md §6.5): multi-row statements that write one
 * group of accepted messages inside the caller's transaction. SQL only: the rules (who gets quota,
 * which key is whose) are in accept-batcher.ts.
 */
import { and, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { arrayParam } from '../../db/sql-array.ts';
import { idempotencyKeys, messageBatches, messages } from '../../db/schema/messages.ts';
import { appendStatsDeltas } from './stats.repo.ts';
import { quotaLedger, quotas } from '../../db/schema/quotas.ts';

/** A message row as the accept writes it (initial status, updated_at = created_at): the columns it sets. */
export type AcceptRow = Pick<
  typeof messages.$inferSelect,
  'id' | 'organizationId' | 'applicationId' | 'channel' | 'recipient' | 'country' | 'totalSms' | 'status' | 'reason' | 'templateName' | 'otp' | 'body' | 'idempotencyKey' | 'requestHash' | 'createdAt'
>;

/** (application, channel, key) of an Idempotency-Key. */
export interface KeyRef {
  applicationId: string;
  channel: string;
  key: string;
}

const batchKeyMatch = (refs: KeyRef[]): SQL =>
  or(...refs.map((r) => and(eq(messageBatches.applicationId, r.applicationId), eq(messageBatches.channel, r.channel), eq(messageBatches.idempotencyKey, r.key))))!;
const messageKeyMatch = (refs: KeyRef[]): SQL =>
  or(...refs.map((r) => and(eq(idempotencyKeys.applicationId, r.applicationId), eq(idempotencyKeys.channel, r.channel), eq(idempotencyKeys.key, r.key))))!;

/**
 * Frees the keys of `refs` (messages and batches) used at or before `before`: their 24-hour
 * idempotency window is over, so the key may name a new message. One statement per table.
 */
export async function releaseExpiredKeys(db: Db, refs: { messages: KeyRef[]; batches: KeyRef[] }, before: Date): Promise<void> {
  if (refs.messages.length) {
    await db.delete(idempotencyKeys).where(and(messageKeyMatch(refs.messages), lte(idempotencyKeys.createdAt, before)));
  }
  if (refs.batches.length) {
    await db.update(messageBatches).set({ idempotencyKey: null }).where(and(batchKeyMatch(refs.batches), lte(messageBatches.createdAt, before)));
  }
}

/**
 * Claims batch Idempotency-Keys: inserts the batch rows (answer still null) and skips the ones
 * whose key is taken. Returns the ids inserted. A key held by an uncommitted transaction waits for it.
 */
export async function claimBatches(
  db: Db,
  rows: { id: string; organizationId: string; applicationId: string; channel: string; idempotencyKey: string; requestHash: string; createdAt: Date }[],
): Promise<Set<string>> {
  if (!rows.length) return new Set();
  const inserted = await db
    .insert(messageBatches)
    .values(rows)
    .onConflictDoNothing({ target: [messageBatches.applicationId, messageBatches.channel, messageBatches.idempotencyKey, messageBatches.organizationId] })
    .returning({ id: messageBatches.id });
  return new Set(inserted.map((r) => r.id));
}

/** Stores the answer of batch `id` (what a replay returns). */
export async function storeBatchAnswer(db: Db, id: string, answer: unknown): Promise<void> {
  await db.update(messageBatches).set({ answer }).where(eq(messageBatches.id, id));
}

/** The batch holding (application, channel, key), with its body hash and stored answer, or null. */
export async function findBatchByKey(db: Db, ref: KeyRef): Promise<{ id: string; requestHash: string; answer: unknown; createdAt: Date } | null> {
  const [row] = await db
    .select({ id: messageBatches.id, requestHash: messageBatches.requestHash, answer: messageBatches.answer, createdAt: messageBatches.createdAt })
    .from(messageBatches)
    .where(and(eq(messageBatches.applicationId, ref.applicationId), eq(messageBatches.channel, ref.channel), eq(messageBatches.idempotencyKey, ref.key)))
    .limit(1);
  return row ?? null;
}

/**
 * Claims the Idempotency-Keys of the keyed `rows` in idempotency_keys (in row order: callers sort
 * keyed rows, so two groups take common keys in one order) and inserts the unkeyed rows and those
 * whose key it claimed, each in one statement of one array parameter per column (whatever the
 * number of rows). A row whose key is already taken is skipped (a key held by an uncommitted
 * transaction waits for it). Returns the ids inserted.
 */
export async function insertMessages(db: Db, rows: AcceptRow[]): Promise<Set<string>> {
  if (!rows.length) return new Set();
  const keyed = rows.filter((r) => r.idempotencyKey);
  if (keyed.length) {
    const k = <T extends string | null>(f: (r: AcceptRow) => T, type: string) => arrayParam(keyed.map(f), type);
    const claimed = await rowsOf<{ message_id: string }>(
      db,
      sql`insert into idempotency_keys (organization_id, application_id, channel, key, message_id, message_created_at, created_at)
      select organization_id, application_id, channel, key, message_id, created_at, created_at
      from unnest(${k((r) => r.organizationId, 'uuid')}, ${k((r) => r.applicationId, 'uuid')}, ${k((r) => r.channel, 'text')}, ${k((r) => r.idempotencyKey, 'text')},
        ${k((r) => r.id, 'uuid')}, ${k((r) => r.createdAt.toISOString(), 'timestamptz')}) with ordinality as v(organization_id, application_id, channel, key, message_id, created_at, n)
      order by n
      on conflict do nothing
      returning message_id`,
    );
    const ids = new Set(claimed.map((r) => r.message_id));
    rows = rows.filter((r) => !r.idempotencyKey || ids.has(r.id));
    if (!rows.length) return new Set();
  }
  const col = <T extends string | number | null>(f: (r: AcceptRow) => T, type: string) => arrayParam(rows.map(f), type);
  const inserted = await rowsOf<{ id: string }>(
    db,
    sql`insert into messages (id, organization_id, application_id, channel, recipient, country, total_sms, status, reason,
      template_name, otp, body, idempotency_key, request_hash, created_at, updated_at)
    select id, organization_id, application_id, channel, recipient, country, total_sms, status, reason, template_name, otp, body, idempotency_key, request_hash, created_at, created_at
    from unnest(${col((r) => r.id, 'uuid')}, ${col((r) => r.organizationId, 'uuid')}, ${col((r) => r.applicationId, 'uuid')}, ${col((r) => r.channel, 'text')},
      ${col((r) => r.recipient, 'text')}, ${col((r) => r.country, 'text')}, ${col((r) => r.totalSms, 'integer')}, ${col((r) => r.status, 'text')},
      ${col((r) => r.reason, 'text')}, ${col((r) => r.templateName, 'text')}, ${col((r) => r.otp, 'text')}, ${col((r) => JSON.stringify(r.body), 'jsonb')},
      ${col((r) => r.idempotencyKey, 'text')}, ${col((r) => r.requestHash, 'text')}, ${col((r) => r.createdAt.toISOString(), 'timestamptz')})
      as v(id, organization_id, application_id, channel, recipient, country, total_sms, status, reason, template_name, otp, body, idempotency_key, request_hash, created_at)
    returning id`,
  );
  return new Set(inserted.map((r) => r.id));
}

/**
 * Deletes messages `rows` (inserted earlier in this transaction, then refused for quota) and frees
 * the Idempotency-Keys they claimed.
 */
export async function deleteMessages(db: Db, rows: Pick<AcceptRow, 'id' | 'applicationId' | 'channel' | 'idempotencyKey' | 'createdAt'>[]): Promise<void> {
  if (!rows.length) return;
  await db.delete(messages).where(or(...rows.map((r) => and(eq(messages.id, r.id), eq(messages.createdAt, r.createdAt)))));
  const keyed = rows.filter((r) => r.idempotencyKey);
  if (keyed.length) {
    await db
      .delete(idempotencyKeys)
      .where(and(messageKeyMatch(keyed.map((r) => ({ applicationId: r.applicationId, channel: r.channel, key: r.idempotencyKey! }))), inArray(idempotencyKeys.messageId, keyed.map((r) => r.id))));
  }
}

/** The first event (the initial status at acceptance) of each accepted message, one statement. */
export async function insertFirstEvents(db: Db, rows: { id: string; organizationId: string; status: string; createdAt: Date }[]): Promise<void> {
  if (!rows.length) return;
  const at = arrayParam(rows.map((r) => r.createdAt.toISOString()), 'timestamptz');
  await db.execute(sql`insert into message_events (organization_id, message_id, message_created_at, status, at)
    select organization_id, message_id, at, status, at from unnest(${arrayParam(rows.map((r) => r.organizationId), 'uuid')}, ${arrayParam(rows.map((r) => r.id), 'uuid')},
      ${arrayParam(rows.map((r) => r.status), 'text')}, ${at}) with ordinality as v(organization_id, message_id, status, at, n) order by n`);
}

/**
 * Locks the prepaid quota rows of `pairs` (application, type) in a fixed order (no deadlock between
 * groups) and answers what is left of each, keyed `applicationId|type`; a missing row is absent.
 */
export async function lockQuotas(db: Db, pairs: { applicationId: string; type: string }[]): Promise<Map<string, number>> {
  const left = new Map<string, number>();
  if (!pairs.length) return left;
  const rows = await db
    .select({ applicationId: quotas.applicationId, type: quotas.type, quota: quotas.quota, usage: quotas.usage })
    .from(quotas)
    .where(or(...pairs.map((p) => and(eq(quotas.applicationId, p.applicationId), eq(quotas.type, p.type)))))
    .orderBy(quotas.applicationId, quotas.type)
    .for('update');
  for (const r of rows) left.set(`${r.applicationId}|${r.type}`, r.quota - r.usage);
  return left;
}

/**
 * Takes the summed cost of each (application, type) from its quota row in one statement, and
 * writes one ledger row per message (delta -cost, reason 'message', under its organization).
 */
export async function takeQuotas(
  db: Db,
  totals: { applicationId: string; type: string; cost: number }[],
  ledger: { applicationId: string; organizationId: string; type: string; cost: number; messageId: string }[],
  at: Date,
): Promise<void> {
  if (!totals.length) return;
  const values = sql.join(
    totals.map((t) => sql`(${t.applicationId}::uuid, ${t.type}::text, ${t.cost}::bigint)`),
    sql`, `,
  );
  await db.execute(
    sql`update ${quotas} set usage = ${quotas.usage} + v.cost, updated_at = ${at.toISOString()}::timestamptz from (values ${values}) as v(app, type, cost) where ${quotas.applicationId} = v.app and ${quotas.type} = v.type`,
  );
  await db.insert(quotaLedger).values(ledger.map((l) => ({ applicationId: l.applicationId, organizationId: l.organizationId, type: l.type, delta: -l.cost, reason: 'message', messageId: l.messageId, at })));
}

/**
 * Appends the group's changes to the hourly counters (application, channel, hour, status) to
 * message_stats_deltas in one statement: no shared counter row is updated, so concurrent groups of
 * one application never wait on each other (engine/stats-rollup.ts folds them in).
 */
export async function addHourlyCounts(db: Db, counts: { organizationId: string; applicationId: string; channel: string; hour: Date; status: string; count: number }[]): Promise<void> {
  await appendStatsDeltas(db, counts.map((c) => ({ organizationId: c.organizationId, applicationId: c.applicationId, channel: c.channel, hour: c.hour, status: c.status, delta: c.count })));
}

/** The stored messages holding each key of `refs` (after a commit: who holds a key another request asked for). */
export async function findMessagesByKeys(db: Db, refs: KeyRef[]): Promise<(typeof messages.$inferSelect)[]> {
  if (!refs.length) return [];
  const rows = await db
    .select({ message: messages })
    .from(idempotencyKeys)
    .innerJoin(messages, and(eq(messages.id, idempotencyKeys.messageId), eq(messages.createdAt, idempotencyKeys.messageCreatedAt)))
    .where(messageKeyMatch(refs));
  return rows.map((r) => r.message);
}

/**
 * Deletes the Idempotency-Key claims made at or before `before` (their 24-hour window is over), in
 * chunks of `chunk` rows so no statement holds many locks. Returns the rows deleted.
 */
export async function pruneIdempotencyKeys(db: Db, before: Date, chunk = 10_000): Promise<number> {
  let total = 0;
  for (;;) {
    const [row] = await rowsOf<{ n: number }>(
      db,
      sql`with d as (delete from idempotency_keys where ctid in (select ctid from idempotency_keys where created_at <= ${before.toISOString()}::timestamptz limit ${chunk}) returning 1)
        select count(*)::int as n from d`,
    );
    const n = Number(row?.n ?? 0);
    total += n;
    if (n < chunk) return total;
  }
}

/** Deletes batch rows (their stored answers) created at or before `before`: a replay after 24 hours sends anew. */
export async function pruneMessageBatches(db: Db, before: Date): Promise<number> {
  const rows = await db.delete(messageBatches).where(lte(messageBatches.createdAt, before)).returning({ id: messageBatches.id });
  return rows.length;
}
