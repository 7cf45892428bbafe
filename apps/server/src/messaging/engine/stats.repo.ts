/**
 * SQL of the hourly message counters (ARCHITECTURE.md §6.5, §9): the hot path appends changes to
 * message_stats_deltas; the rollup folds them into message_stats_hourly. SQL only.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { arrayParam } from '../../db/sql-array.ts';

/** A change of `delta` messages at `status` in (application, channel, creation `hour`). */
export interface StatsDelta {
  organizationId: string;
  applicationId: string;
  channel: string;
  hour: Date;
  status: string;
  delta: number;
}

/**
 * Appends `deltas` (zero deltas skipped) in one statement of five array parameters, whatever their
 * number: a plain insert that takes no lock another writer waits on.
 */
export async function appendStatsDeltas(db: Db, deltas: readonly StatsDelta[]): Promise<void> {
  const rows = deltas.filter((d) => d.delta !== 0);
  if (!rows.length) return;
  await db.execute(sql`insert into message_stats_deltas (organization_id, application_id, channel, hour, status, delta)
    select * from unnest(${arrayParam(rows.map((r) => r.organizationId), 'uuid')}, ${arrayParam(rows.map((r) => r.applicationId), 'uuid')}, ${arrayParam(rows.map((r) => r.channel), 'text')},
      ${arrayParam(rows.map((r) => r.hour.toISOString()), 'timestamptz')}, ${arrayParam(rows.map((r) => r.status), 'text')}, ${arrayParam(rows.map((r) => r.delta), 'integer')})`);
}

/**
 * Folds every committed delta into message_stats_hourly in one statement: deletes them, sums them
 * per (application, channel, hour, status) and adds the sums to the counter rows, in key order (two
 * rollups lock counter rows in one order; a row another rollup is deleting is skipped once it
 * committed, so nothing is counted twice). Deltas of an application deleted since are dropped.
 * @returns the number of deltas folded.
 */
export async function foldStatsDeltas(db: Db): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`with d as (
      delete from message_stats_deltas returning organization_id, application_id, channel, hour, status, delta
    ), s as (
      select application_id, channel, hour, status, organization_id, sum(delta)::bigint as n from d group by 1, 2, 3, 4, 5
    ), ins as (
      insert into message_stats_hourly (application_id, channel, hour, status, organization_id, count)
      select s.application_id, s.channel, s.hour, s.status, s.organization_id, s.n from s
      where s.n <> 0 and exists (select 1 from applications a where a.id = s.application_id)
      order by 1, 2, 3, 4, 5
      on conflict (application_id, channel, hour, status, organization_id) do update set count = message_stats_hourly.count + excluded.count
      returning 1
    )
    select (select count(*) from d)::int as n`,
  );
  return Number(row?.n ?? 0);
}
