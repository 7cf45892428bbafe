/**
 * SQL of storage retention beyond the partitions (ARCHITECTURE.md §9): the hourly rollups and the
 * webhook events and deliveries older than the retention. Partitions themselves are db/partitions.ts.
 * SQL only: what is old is decided by storage.service.ts.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

const count = async (db: Db, statement: ReturnType<typeof sql>): Promise<number> => Number((await rowsOf<{ n: number }>(db, statement))[0]?.n ?? 0);

/** Deletes hourly message and conversation counters of hours before `before`; returns the rows deleted per table. */
export async function deleteRollupsBefore(db: Db, before: Date): Promise<{ message_stats_hourly: number; conversation_stats_hourly: number }> {
  const at = before.toISOString();
  return {
    message_stats_hourly: await count(db, sql`with d as (delete from message_stats_hourly where hour < ${at}::timestamptz returning 1) select count(*)::int as n from d`),
    conversation_stats_hourly: await count(db, sql`with d as (delete from conversation_stats_hourly where hour < ${at}::timestamptz returning 1) select count(*)::int as n from d`),
  };
}

/**
 * Deletes webhook events created before `before` with their deliveries, `chunk` events per statement
 * (a day's worth each day: bounded work for autovacuum, never one long lock). Returns the events deleted.
 */
export async function deleteWebhookEventsBefore(db: Db, before: Date, chunk = 5_000): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await count(
      db,
      sql`with e as (select id from webhook_events where created_at < ${before.toISOString()}::timestamptz limit ${chunk}),
        dd as (delete from webhook_deliveries where event_id in (select id from e) returning 1),
        de as (delete from webhook_events where id in (select id from e) returning 1)
        select (select count(*) from de)::int as n`,
    );
    total += n;
    if (n < chunk) return total;
  }
}
