/**
 * Overview dashboard (SQL only): sums of the hourly rollups message_stats_hourly and
 * conversation_stats_hourly of one application (ARCHITECTURE.md §9: never a scan of messages).
 * The caller has already checked that the application is the organization's.
 */
import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { conversationStatsHourly } from '../../db/schema/messages.ts';

/** Messages now at `status`, created in the hour starting at `hour`. */
export interface StatusHourRow {
  hour: Date;
  status: string;
  count: number;
}

/**
 * Rows of the hourly counters of (`applicationId`, `channel`) with `from` ≤ hour < `to`, non-zero,
 * by hour then status: message_stats_hourly plus the deltas not yet folded into it
 * (message_stats_deltas, engine/stats-rollup.ts).
 */
export async function statusCountsByHour(db: Db, applicationId: string, channel: string, from: Date, to: Date): Promise<StatusHourRow[]> {
  const where = (t: SQL) => sql`${t}.application_id = ${applicationId}::uuid and ${t}.channel = ${channel} and ${t}.hour >= ${from.toISOString()}::timestamptz and ${t}.hour < ${to.toISOString()}::timestamptz`;
  const rows = await rowsOf<{ hour: string | Date; status: string; count: string }>(
    db,
    sql`select hour, status, sum(n)::text as count from (
      select h.hour, h.status, h.count as n from message_stats_hourly h where ${where(sql`h`)}
      union all select d.hour, d.status, d.delta as n from message_stats_deltas d where ${where(sql`d`)}
    ) x group by hour, status order by hour, status`,
  );
  return rows.map((r) => ({ hour: new Date(r.hour), status: r.status, count: Number(r.count) })).filter((r) => r.count !== 0);
}

/** WhatsApp messages carrying a conversation of (`category`, `initiator`), created in the hour starting at `hour`. */
export interface ConversationHourRow {
  hour: Date;
  category: string;
  initiator: string;
  count: number;
}

/** Rows of conversation_stats_hourly of `applicationId` with `from` ≤ hour < `to`, non-zero. */
export async function conversationCountsByHour(db: Db, applicationId: string, from: Date, to: Date): Promise<ConversationHourRow[]> {
  const c = conversationStatsHourly;
  const rows = await db
    .select({ hour: c.hour, category: c.category, initiator: c.initiator, count: sql<string>`sum(${c.count})` })
    .from(c)
    .where(and(eq(c.applicationId, applicationId), gte(c.hour, from), lt(c.hour, to)))
    .groupBy(c.hour, c.category, c.initiator)
    .orderBy(c.hour);
  return rows.map((r) => ({ hour: new Date(r.hour), category: r.category, initiator: r.initiator, count: Number(r.count) })).filter((r) => r.count !== 0);
}
