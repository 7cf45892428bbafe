/**
 * SQL of the status pipeline (ARCHITECTURE.md §6.1, §6.5): the locked read of many messages at
 * once, their status updates, events, hourly counters, outbox rows and quota refunds, each a
 * multi-row statement so a batch of reports costs the same few round trips as one. SQL only: the
 * rules are in status-recorder.ts and contracts/statuses.ts.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { quotaLedger, quotas } from '../../db/schema/quotas.ts';
import { appendStatsDeltas } from './stats.repo.ts';
import { arrayParam } from '../../db/sql-array.ts';

/** What the recorder needs of a message, read under a row lock. */
export interface LockedMessage {
  id: string;
  organizationId: string;
  applicationId: string;
  channel: string;
  status: string;
  createdAt: Date;
  driver: string | null;
  providerMessageId: string | null;
}

/**
 * The messages named by `ids` (with their creation time when known: the read then touches only that
 * month's partition) or by (`driver`, `providerMessageId`) pairs, locked for update until the
 * transaction ends, in id order: concurrent batches lock their common rows in the same order, so
 * they wait for each other instead of deadlocking. One round trip.
 */
export async function lockMessages(
  db: Db,
  by: { ids: { id: string; createdAt?: Date | undefined }[]; providers: { driver: string; providerMessageId: string }[] },
): Promise<LockedMessage[]> {
  const where: SQL[] = [];
  const dated = by.ids.filter((r) => r.createdAt);
  const undated = by.ids.filter((r) => !r.createdAt);
  if (dated.length) {
    where.push(
      sql`(id, created_at) in (select * from unnest(${arrayParam(dated.map((r) => r.id), 'uuid')}, ${arrayParam(dated.map((r) => r.createdAt!.toISOString()), 'timestamptz')}))`,
    );
  }
  if (undated.length) where.push(sql`id = any(${arrayParam(undated.map((r) => r.id), 'uuid')})`);
  if (by.providers.length) {
    where.push(sql`(driver, provider_message_id) in (select * from unnest(${arrayParam(by.providers.map((p) => p.driver), 'text')}, ${arrayParam(by.providers.map((p) => p.providerMessageId), 'text')}))`);
  }
  if (!where.length) return [];
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select id, organization_id, application_id, channel, status, created_at, driver, provider_message_id
        from messages where ${sql.join(where, sql` or `)} order by id for update`,
  );
  return rows.map((r) => ({
    id: r['id'] as string,
    organizationId: r['organization_id'] as string,
    applicationId: r['application_id'] as string,
    channel: r['channel'] as string,
    status: r['status'] as string,
    createdAt: new Date(r['created_at'] as string | Date),
    driver: (r['driver'] as string | null) ?? null,
    providerMessageId: (r['provider_message_id'] as string | null) ?? null,
  }));
}

/**
 * Sets each message's new status and time (never earlier than its time now) and, when given, its
 * reason, provider code and carrier (driver and the carrier's id: the message is then no longer
 * due for dispatch). One statement for the whole batch (each id once).
 */
export async function updateMessageStatuses(
  db: Db,
  rows: { id: string; createdAt: Date; status: string; at: Date; reason: string | null; providerCode: string | null; carrier?: { driver: string; providerMessageId: string } | null }[],
): Promise<void> {
  if (!rows.length) return;
  await db.execute(sql`update messages as m set
      status = v.status,
      updated_at = greatest(m.updated_at, v.at),
      reason = coalesce(v.reason, m.reason),
      provider_code = coalesce(v.provider_code, m.provider_code),
      driver = coalesce(v.driver, m.driver),
      provider_message_id = coalesce(v.pid, m.provider_message_id),
      dispatch_after = case when v.pid is null then m.dispatch_after end,
      dispatch_slot_at = case when v.pid is null then m.dispatch_slot_at end
    from unnest(${arrayParam(rows.map((r) => r.id), 'uuid')}, ${arrayParam(rows.map((r) => r.createdAt.toISOString()), 'timestamptz')}, ${arrayParam(rows.map((r) => r.status), 'text')},
      ${arrayParam(rows.map((r) => r.at.toISOString()), 'timestamptz')}, ${arrayParam(rows.map((r) => r.reason), 'text')}, ${arrayParam(rows.map((r) => r.providerCode), 'text')},
      ${arrayParam(rows.map((r) => r.carrier?.driver ?? null), 'text')}, ${arrayParam(rows.map((r) => r.carrier?.providerMessageId ?? null), 'text')})
      as v(id, created_at, status, at, reason, provider_code, driver, pid)
    where m.id = v.id and m.created_at = v.created_at`);
}

/** One row of a message's history (message_events). */
export interface EventRow {
  organizationId: string;
  messageId: string;
  /** Its message's created_at (the partition key of message_events). */
  messageCreatedAt: Date;
  status: string;
  reason: string | null;
  providerCode: string | null;
  at: Date;
}

/** Appends events (in order: their ids follow the array) to the messages' histories. */
export async function insertEvents(db: Db, events: EventRow[]): Promise<void> {
  if (!events.length) return;
  await db.execute(sql`insert into message_events (organization_id, message_id, message_created_at, status, reason, provider_code, at)
    select organization_id, message_id, message_created_at, status, reason, provider_code, at
    from unnest(${arrayParam(events.map((e) => e.organizationId), 'uuid')}, ${arrayParam(events.map((e) => e.messageId), 'uuid')},
      ${arrayParam(events.map((e) => e.messageCreatedAt.toISOString()), 'timestamptz')}, ${arrayParam(events.map((e) => e.status), 'text')},
      ${arrayParam(events.map((e) => e.reason), 'text')}, ${arrayParam(events.map((e) => e.providerCode), 'text')}, ${arrayParam(events.map((e) => e.at.toISOString()), 'timestamptz')})
      with ordinality as v(organization_id, message_id, message_created_at, status, reason, provider_code, at, n) order by n`);
}

/**
 * Every status of each of `messages` (oldest first), keyed by message id. Joined by the whole key
 * (message id and creation time): one index probe per message in its month's partition, whatever
 * the table's statistics say.
 */
export async function statusHistories(db: Db, messages: { id: string; createdAt: Date }[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (!messages.length) return out;
  const rows = await rowsOf<{ message_id: string; status: string }>(
    db,
    sql`select e.message_id, e.status
      from unnest(${arrayParam(messages.map((m) => m.id), 'uuid')}, ${arrayParam(messages.map((m) => m.createdAt.toISOString()), 'timestamptz')}) as v(id, created_at)
      join message_events e on e.message_id = v.id and e.message_created_at = v.created_at
      order by e.message_id, e.id`,
  );
  for (const r of rows) {
    const h = out.get(r.message_id) ?? [];
    h.push(r.status);
    out.set(r.message_id, h);
  }
  return out;
}

/** One move of the hourly counters: `delta` messages at `status` in (application, channel, hour). */
export interface CounterMove {
  organizationId: string;
  applicationId: string;
  channel: string;
  hour: Date;
  status: string;
  delta: number;
}

/**
 * Appends each move to message_stats_deltas in one statement (never a shared counter row:
 * engine/stats-rollup.ts folds them into message_stats_hourly).
 */
export async function moveStatsCounters(db: Db, moves: CounterMove[]): Promise<void> {
  await appendStatsDeltas(db, moves);
}

/**
 * Moves one message in the hourly counters of (application, channel, `hour`): -1 at `from`
 * (unless null: a new message) and +1 at `to`. One statement.
 */
export function moveStatsCounter(db: Db, k: { organizationId: string; applicationId: string; channel: string; hour: Date; from: string | null; to: string }): Promise<void> {
  const one = { organizationId: k.organizationId, applicationId: k.applicationId, channel: k.channel, hour: k.hour };
  if (k.from === k.to) return Promise.resolve();
  return moveStatsCounters(db, [...(k.from ? [{ ...one, status: k.from, delta: -1 }] : []), { ...one, status: k.to, delta: 1 }]);
}

/** Writes one outbox row per recorded status (consumers read them in id order). */
export async function insertOutbox(
  db: Db,
  rows: { messageId: string; organizationId: string; applicationId: string; channel: string; status: string; previousStatus: string; reason: string | null; providerCode: string | null; at: Date }[],
): Promise<void> {
  if (!rows.length) return;
  const col = (f: (r: (typeof rows)[number]) => string | null, type: string) => arrayParam(rows.map(f), type);
  await db.execute(sql`insert into status_outbox (message_id, organization_id, application_id, channel, status, previous_status, reason, provider_code, at)
    select message_id, organization_id, application_id, channel, status, previous_status, reason, provider_code, at
    from unnest(${col((r) => r.messageId, 'uuid')}, ${col((r) => r.organizationId, 'uuid')}, ${col((r) => r.applicationId, 'uuid')}, ${col((r) => r.channel, 'text')},
      ${col((r) => r.status, 'text')}, ${col((r) => r.previousStatus, 'text')}, ${col((r) => r.reason, 'text')}, ${col((r) => r.providerCode, 'text')},
      ${col((r) => r.at.toISOString(), 'timestamptz')}) with ordinality as v(message_id, organization_id, application_id, channel, status, previous_status, reason, provider_code, at, n)
    order by n`);
}

/**
 * Gives back what message `messageId` took from the prepaid quota: for each consumption ledger row
 * of the message not yet refunded, `usage -= cost` and a `+cost` ledger row with reason 'refund'.
 * Returns the quota units refunded (0 for a post-paid or already refunded message). Rare (a failure
 * the carrier never took), so one message at a time.
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
    await db.insert(quotaLedger).values({ organizationId: r.organizationId, applicationId: r.applicationId, type: r.type, delta: cost, reason: 'refund', messageId, at });
    refunded += cost;
  }
  return refunded;
}
