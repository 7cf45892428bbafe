/**
 * SQL of message dispatch (ARCHITECTURE.md §6.1, §6.5): claiming due messages from the `messages`
 * table in batches (`FOR UPDATE SKIP LOCKED`), deferring them (a paced slot, a retry's backoff),
 * storing the carriers' ids, and what the metrics read (due messages, the oldest one's age).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { arrayParam } from '../../db/sql-array.ts';
import { messageSegments } from '../../db/schema/carriers.ts';

/** A claimed message as a driver receives it, plus its dispatch state. */
export interface DispatchRow {
  id: string;
  /** Its created_at (the partition key: later writes to the message touch only its month). */
  createdAt: Date;
  organizationId: string;
  applicationId: string;
  channel: string;
  recipient: string;
  status: string;
  body: unknown;
  templateName: string | null;
  totalSms: number | null;
  /** The pacing slot reserved earlier (a deferred paced message), or null. */
  slotAt: Date | null;
  /** Retryable failures so far. */
  attempts: number;
}

/**
 * The condition of a message waiting for dispatch at `now`: no carrier id, at its initial status or
 * `in_queue`, accepted after `after`, not deferred past `now`, and not claimed since `leaseBefore`
 * (a dispatcher that died gives its messages up after the lease). Reads the partial index
 * messages_undispatched_idx, which holds only messages without a carrier.
 */
const due = (q: { now: Date; leaseBefore: Date; after: Date }) => sql`provider_message_id is null and status in ('submitted', 'in_queue')
  and created_at > ${q.after.toISOString()}::timestamptz
  and (dispatch_after is null or dispatch_after <= ${q.now.toISOString()}::timestamptz)
  and (dispatch_claimed_at is null or dispatch_claimed_at < ${q.leaseBefore.toISOString()}::timestamptz)`;

/**
 * The CTE `l`: the messages of CTE `v` (id, created_at) locked in id order, the order a status batch
 * locks them in (status.repo.ts lockMessages). An UPDATE of `v`'s messages joined to `l` then waits
 * for a status batch holding some of them instead of deadlocking with it: an UPDATE … FROM unnest
 * alone locks its rows in whatever order its join produces (measured: hundreds of 40P01 deadlocks
 * a minute under load, each leaving a sent message without its carrier id).
 */
const lockedInIdOrder = sql`l as (select m.id, m.created_at from messages m join v on m.id = v.id and m.created_at = v.created_at order by m.id for update of m)`;

/**
 * Claims up to `limit` due messages (oldest first; rows another dispatcher is claiming are skipped)
 * by stamping `dispatch_claimed_at = now`. Atomic across processes. One round trip.
 */
export async function claimDueMessages(db: Db, q: { now: Date; leaseBefore: Date; after: Date; limit: number }): Promise<DispatchRow[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    // Joined by the whole key (id, created_at): one primary-key probe per claimed row in its own
    // month's partition (run-time pruning on created_at), whatever the number and size of the other
    // months. A ctid join repeats its probe in every partition (a ctid is per partition).
    sql`update messages m set dispatch_claimed_at = ${q.now.toISOString()}::timestamptz
      from (select id, created_at from messages where ${due(q)} order by created_at limit ${q.limit} for update skip locked) c
      where m.id = c.id and m.created_at = c.created_at
      returning m.id, m.created_at, m.organization_id, m.application_id, m.channel, m.recipient, m.status, m.body, m.template_name, m.total_sms, m.dispatch_slot_at, m.dispatch_attempts`,
  );
  return rows.map((r) => ({
    id: r['id'] as string,
    createdAt: new Date(r['created_at'] as string | Date),
    organizationId: r['organization_id'] as string,
    applicationId: r['application_id'] as string,
    channel: r['channel'] as string,
    recipient: r['recipient'] as string,
    status: r['status'] as string,
    body: typeof r['body'] === 'string' ? JSON.parse(r['body']) : r['body'],
    templateName: (r['template_name'] as string | null) ?? null,
    totalSms: r['total_sms'] === null || r['total_sms'] === undefined ? null : Number(r['total_sms']),
    slotAt: r['dispatch_slot_at'] ? new Date(r['dispatch_slot_at'] as string | Date) : null,
    attempts: Number(r['dispatch_attempts'] ?? 0),
  }));
}

/**
 * Gives claimed messages back, each due again at its `after`: a paced message keeps its reserved
 * `slotAt`; a retry (`retry: true`) counts one more attempt. One statement.
 */
export async function deferMessages(db: Db, rows: { id: string; createdAt: Date; after: Date; slotAt: Date | null; retry: boolean }[]): Promise<void> {
  if (!rows.length) return;
  await db.execute(sql`with v as (select * from unnest(${arrayParam(rows.map((r) => r.id), 'uuid')}, ${arrayParam(rows.map((r) => r.createdAt.toISOString()), 'timestamptz')}, ${arrayParam(rows.map((r) => r.after.toISOString()), 'timestamptz')},
      ${arrayParam(rows.map((r) => (r.slotAt ? r.slotAt.toISOString() : null)), 'timestamptz')}, ${arrayParam(rows.map((r) => (r.retry ? 1 : 0)), 'integer')})
      as v(id, created_at, after, slot_at, retry)), ${lockedInIdOrder}
    update messages as m set dispatch_claimed_at = null, dispatch_after = v.after, dispatch_slot_at = v.slot_at, dispatch_attempts = m.dispatch_attempts + v.retry
    from v join l on l.id = v.id and l.created_at = v.created_at where m.id = v.id and m.created_at = v.created_at`);
}

/**
 * Drops the sealed fields of a message's body (`sealed`, a Verify code's real text) once the
 * carrier has it or the message failed for good: from then on no key opens the code again.
 */
export async function dropSealedBody(db: Db, id: string, createdAt: Date): Promise<void> {
  await db.execute(sql`update messages set body = body - 'sealed' where id = ${id} and created_at = ${createdAt.toISOString()}::timestamptz and body ? 'sealed'`);
}

/** A carrier's answer to store: the message (id, creation time, organization), the driver, its id for the message, and each part's id (several parts). */
export interface ProviderIdRow {
  id: string;
  createdAt: Date;
  organizationId: string;
  driver: string;
  providerMessageId: string;
  segmentIds?: string[];
}

/**
 * Records which driver sent each message and the carrier's id for it; for a message sent in several
 * parts also each part's id, so a receipt naming any part finds it. One statement (two with parts).
 */
export async function storeProviderIds(db: Db, rows: ProviderIdRow[]): Promise<void> {
  if (!rows.length) return;
  await db.execute(sql`with v as (select * from unnest(${arrayParam(rows.map((r) => r.id), 'uuid')}, ${arrayParam(rows.map((r) => r.createdAt.toISOString()), 'timestamptz')},
      ${arrayParam(rows.map((r) => r.driver), 'text')}, ${arrayParam(rows.map((r) => r.providerMessageId), 'text')}) as v(id, created_at, driver, pid)), ${lockedInIdOrder}
    update messages as m set driver = v.driver, provider_message_id = v.pid, dispatch_after = null, dispatch_slot_at = null
    from v join l on l.id = v.id and l.created_at = v.created_at where m.id = v.id and m.created_at = v.created_at`);
  const segments = rows.flatMap((r) =>
    r.segmentIds && r.segmentIds.length > 1 ? r.segmentIds.map((pid, i) => ({ organizationId: r.organizationId, driver: r.driver, providerMessageId: pid, messageId: r.id, segment: i + 1 })) : [],
  );
  if (segments.length) await db.insert(messageSegments).values(segments).onConflictDoNothing();
}

/** Records which driver sent `message` and the carrier's id for it (see storeProviderIds). */
export function setProviderMessageId(
  db: Db,
  message: { id: string; createdAt: Date; organizationId: string },
  driver: string,
  providerMessageId: string,
  segmentIds?: string[],
): Promise<void> {
  return storeProviderIds(db, [{ ...message, driver, providerMessageId, ...(segmentIds ? { segmentIds } : {}) }]);
}

/** Ids of messages due for dispatch at `now` (see `due`), oldest first, at most `limit`. */
export async function findDueMessages(db: Db, q: { now: Date; leaseBefore: Date; after: Date; limit: number }): Promise<{ id: string }[]> {
  return rowsOf<{ id: string }>(db, sql`select id from messages where ${due(q)} order by created_at limit ${q.limit}`);
}

/**
 * The dispatch backlog at `now`: messages due (count) and the age in ms of the oldest of them
 * (0 when none). One round trip over the partial index of undispatched messages.
 */
export async function dispatchBacklog(db: Db, q: { now: Date; leaseBefore: Date; after: Date }): Promise<{ due: number; oldestAgeMs: number }> {
  const [row] = await rowsOf<{ n: number | string; oldest: string | Date | null }>(db, sql`select count(*) as n, min(created_at) as oldest from messages where ${due(q)}`);
  const oldest = row?.oldest ? new Date(row.oldest).getTime() : null;
  return { due: Number(row?.n ?? 0), oldestAgeMs: oldest === null ? 0 : Math.max(0, q.now.getTime() - oldest) };
}
