/**
 * Monitoring records (SQL only): messages of one application and channel, scoped by organization.
 */
import { and, asc, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { messageEvents, messages } from '../../db/schema/messages.ts';
import { waTemplates } from '../../db/schema/templates.ts';
import { verifications } from '../../db/schema/verifications.ts';

export interface RecordsFilter {
  organizationId: string;
  applicationId: string;
  channel: string;
  /** Inclusive lower bound on created_at. */
  from?: Date;
  /** Upper bound on created_at: exclusive when `toExclusive`, else inclusive. */
  to?: Date;
  toExclusive?: boolean;
  status?: string;
  /** Lower-case message id prefix (exact id included). */
  idPrefix?: string;
  /** E.164 prefix the recipient must begin with (exact number included). */
  recipientPrefix?: string;
  /** Substring the recipient must contain, case-insensitive. */
  recipientContains?: string;
}

export interface MessageRow {
  id: string;
  channel: string;
  recipient: string;
  country: string | null;
  totalSms: number | null;
  status: string;
  reason: string | null;
  templateName: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The columns of a Monitoring record (MessageRow). */
const recordColumns = {
  id: messages.id,
  channel: messages.channel,
  recipient: messages.recipient,
  country: messages.country,
  totalSms: messages.totalSms,
  status: messages.status,
  reason: messages.reason,
  templateName: messages.templateName,
  createdAt: messages.createdAt,
  updatedAt: messages.updatedAt,
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(f: RecordsFilter, bounds: { from?: Date; to?: Date; toExclusive?: boolean } = f): SQL | undefined {
  const conds: (SQL | undefined)[] = [
    eq(messages.organizationId, f.organizationId),
    eq(messages.applicationId, f.applicationId),
    eq(messages.channel, f.channel),
  ];
  if (bounds.from) conds.push(gte(messages.createdAt, bounds.from));
  if (bounds.to) conds.push(bounds.toExclusive ? lt(messages.createdAt, bounds.to) : lte(messages.createdAt, bounds.to));
  if (f.status) conds.push(eq(messages.status, f.status));
  if (f.idPrefix) conds.push(sql`${messages.id}::text like ${`${escapeLike(f.idPrefix)}%`}`);
  if (f.recipientPrefix) conds.push(sql`${messages.recipient} like ${`${escapeLike(f.recipientPrefix)}%`}`);
  if (f.recipientContains) conds.push(sql`${messages.recipient} ilike ${`%${escapeLike(f.recipientContains)}%`}`);
  return and(...conds);
}

/** A row with its keyset position: created_at exactly as stored (microseconds, UTC ISO). */
export type PagedMessageRow = MessageRow & { cursorAt: string };

/**
 * Up to `limit` matching messages in index order (created_at, id) descending, from row `offset`
 * or, with `after`, strictly after that keyset position (ARCHITECTURE.md §9 keyset paging).
 */
export async function findRecordsPage(
  db: Db,
  f: RecordsFilter,
  page: { limit: number; offset?: number; after?: { at: string; id: string } },
): Promise<PagedMessageRow[]> {
  // `created_at <= at and (created_at < at or id < after.id)`: the first part bounds the index scan,
  // so a page starts where the last ended (a row comparison is only a filter on this index, and
  // every page would walk the range from its newest row again).
  const where = page.after
    ? and(whereOf(f), sql`${messages.createdAt} <= ${page.after.at}::timestamptz`, sql`(${messages.createdAt} < ${page.after.at}::timestamptz or ${messages.id} < ${page.after.id}::uuid)`)
    : whereOf(f);
  const q = db
    .select({ ...recordColumns, cursorAt: sql<string>`to_char(${messages.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` })
    .from(messages)
    .where(where)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(page.limit);
  return page.after ? q : q.offset(page.offset ?? 0);
}

/** Matching messages counted up to `cap + 1` (a search's bounded count). */
export async function countMatches(db: Db, f: RecordsFilter, cap: number): Promise<number> {
  const inner = db.select({ one: sql`1` }).from(messages).where(whereOf(f)).limit(cap + 1).as('m');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner);
  return Number(row?.n ?? 0);
}

/** Messages of the filter (no search) created in [from, to) or [from, to] — one edge hour at most. */
export async function countInSpan(db: Db, f: RecordsFilter, from: Date | undefined, to: Date | undefined, toExclusive: boolean): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(messages).where(whereOf(f, { from, to, toExclusive }));
  return Number(row?.n ?? 0);
}

/**
 * Sum of the hourly counters of one application and channel (current status `status`, or all)
 * over creation hours in [fromHour, toHour) (either bound open when absent): message_stats_hourly
 * plus the deltas not yet folded into it (message_stats_deltas, engine/stats-rollup.ts).
 */
export async function sumHourlyStats(db: Db, k: { applicationId: string; channel: string; status?: string; fromHour?: Date; toHour?: Date }): Promise<number> {
  const where = (t: SQL): SQL => {
    const conds: SQL[] = [sql`${t}.application_id = ${k.applicationId}::uuid`, sql`${t}.channel = ${k.channel}`];
    if (k.status) conds.push(sql`${t}.status = ${k.status}`);
    if (k.fromHour) conds.push(sql`${t}.hour >= ${k.fromHour.toISOString()}::timestamptz`);
    if (k.toHour) conds.push(sql`${t}.hour < ${k.toHour.toISOString()}::timestamptz`);
    return sql.join(conds, sql` and `);
  };
  const [row] = await rowsOf<{ n: string }>(
    db,
    sql`select coalesce(sum(n), 0)::text as n from (
      select h.count as n from message_stats_hourly h where ${where(sql`h`)}
      union all select d.delta as n from message_stats_deltas d where ${where(sql`d`)}
    ) x`,
  );
  return Number(row?.n ?? 0);
}

/** A message with what the detail view shows beyond a record. */
export interface MessageDetailRow extends MessageRow {
  applicationId: string;
  providerCode: string | null;
  body: unknown;
}

/**
 * Message `id` of organization `organizationId` with its events (oldest first) and whether its
 * template is an authentication one, or null.
 */
export async function findMessageDetail(
  db: Db,
  organizationId: string,
  id: string,
): Promise<{ message: MessageDetailRow; events: { status: string; at: Date; reason: string | null; providerCode: string | null }[]; authenticationTemplate: boolean } | null> {
  const [message] = await db
    .select({ ...recordColumns, applicationId: messages.applicationId, providerCode: messages.providerCode, body: messages.body })
    .from(messages)
    .where(and(eq(messages.organizationId, organizationId), eq(messages.id, id)))
    .limit(1);
  if (!message) return null;
  const events = await db
    .select({ status: messageEvents.status, at: messageEvents.at, reason: messageEvents.reason, providerCode: messageEvents.providerCode })
    .from(messageEvents)
    // Its month's partition only (message_events is partitioned by its message's creation time).
    .where(and(eq(messageEvents.messageId, id), eq(messageEvents.messageCreatedAt, message.createdAt), eq(messageEvents.organizationId, organizationId)))
    .orderBy(asc(messageEvents.id));
  let authenticationTemplate = false;
  if (message.templateName) {
    const [t] = await db
      .select({ category: waTemplates.category })
      .from(waTemplates)
      .where(and(eq(waTemplates.organizationId, organizationId), eq(waTemplates.applicationId, message.applicationId), eq(waTemplates.name, message.templateName)))
      .limit(1);
    authenticationTemplate = t?.category?.toUpperCase() === 'AUTHENTICATION';
  }
  return { message, events, authenticationTemplate };
}

/**
 * The id of the verification (ARCHITECTURE.md §6.4) of organization `organizationId` and
 * application `applicationId` whose `sends` hold message `messageId` (jsonb containment), or null.
 * Searched only among verifications created in `[createdFrom, createdTo]` (the message's creation
 * less the longest lifetime, to a few seconds after it), so the (application_id, created_at) index
 * serves it.
 */
export async function findVerificationIdOfMessage(
  db: Db,
  k: { organizationId: string; applicationId: string; messageId: string; createdFrom: Date; createdTo: Date },
): Promise<string | null> {
  const [row] = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(
      and(
        eq(verifications.applicationId, k.applicationId),
        eq(verifications.organizationId, k.organizationId),
        gte(verifications.createdAt, k.createdFrom),
        lte(verifications.createdAt, k.createdTo),
        sql`${verifications.sends} @> ${JSON.stringify([{ message_id: k.messageId }])}::jsonb`,
      ),
    )
    .limit(1);
  return row?.id ?? null;
}
