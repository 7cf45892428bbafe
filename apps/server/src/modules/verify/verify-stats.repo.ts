/**
 * The Verify rollup (ARCHITECTURE.md §6.4 Verify tab; migration 0021): verify_stats_hourly, one row
 * per application, channel a verification STARTED on and UTC hour it was created, recomputed
 * exactly from `verifications` (never incremented), so the /v1/verify write path runs no extra
 * statement. SQL only; the figures are assembled in verify-console.service.ts.
 *
 * What a run recomputes: every (application, channel, hour) holding a verification whose
 * `updated_at` is after the watermark less ROLLUP_LAG_MS (a transaction that stamped `updated_at`
 * earlier but committed after the last run is still seen), every one holding a pending
 * verification whose `expires_at` passed since then (it reads `expired` before the sweep moves it),
 * and every rollup row of the hours since then (a verification deleted right after its insert,
 * when its first send was refused, leaves no `updated_at` behind). Recomputing an hour is
 * idempotent, so the overlap costs only time.
 */
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { approveBucket, VERIFY_APPROVE_BUCKETS } from '@pesan/contracts/verify-console';
import type { VerifyChannel } from '@pesan/contracts/verify';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { arrayParam } from '../../db/sql-array.ts';
import { verifyStatsHourly, verifyStatsWatermark } from '../../db/schema/verify-stats.ts';

/** Milliseconds the rollup looks back before its watermark (late commits, clock skew between processes). */
export const ROLLUP_LAG_MS = 5 * 60_000;
/** (application, channel, hour) groups recomputed per statement. */
const CHUNK = 500;
const HOUR_MS = 3_600_000;

interface Group {
  applicationId: string;
  channel: string;
  hour: Date;
}

/** The rows of `groups` as the `g` relation of a statement: (application_id, channel, hour). */
function groupsRelation(groups: readonly Group[]) {
  return sql`select * from unnest(${arrayParam(groups.map((g) => g.applicationId), 'uuid')}, ${arrayParam(groups.map((g) => g.channel), 'text')}, ${arrayParam(
    groups.map((g) => g.hour.toISOString()),
    'timestamptz',
  )}) as g(application_id, channel, hour)`;
}

const keyOf = (applicationId: string, channel: string, hour: Date) => `${applicationId}|${channel}|${hour.getTime()}`;

/**
 * Recomputes, exactly from `verifications`, every (application, channel, UTC hour) whose
 * verifications changed since the watermark (see the file header), upserts those rows of
 * verify_stats_hourly (set to the recomputed values; a group with no verification left is
 * deleted), then moves the watermark to `now`. Runs in one transaction holding the watermark row,
 * so two runs never interleave; with a fresh watermark (epoch) it recomputes everything. A pending
 * verification whose `expires_at` is at or before `now` counts as expired (as GET /v1/verify reads
 * it). `approve_hist[i]` counts approved verifications whose seconds from start to approval fall
 * in VERIFY_APPROVE_BUCKETS bucket i (approveBucket). Run every minute and at worker start
 * (jobs/registry.ts). `full` recomputes every group whatever the watermark: the demo seed inserts
 * verifications stamped in the past, after the worker's first run may have moved the watermark.
 * @returns the number of (application, channel, hour) groups recomputed.
 * @throws what the database throws (nothing is changed then).
 */
export async function rollUpVerifyStats(db: Db, now: Date, opts: { full?: boolean } = {}): Promise<number> {
  return db.transaction(async (tx) => {
    const [mark] = await rowsOf<{ rolled_up_to: Date | string }>(tx, sql`select rolled_up_to from verify_stats_watermark where id = 1 for update`);
    const since = new Date((mark && !opts.full ? new Date(mark.rolled_up_to).getTime() : 0) - ROLLUP_LAG_MS);
    const sinceHour = new Date(Math.floor(since.getTime() / HOUR_MS) * HOUR_MS);
    const found = await rowsOf<{ application_id: string; channel: string; hour: Date | string }>(
      tx,
      sql`select application_id, channel, date_trunc('hour', created_at, 'UTC') as hour from verifications where updated_at > ${since.toISOString()}::timestamptz
        union
        select application_id, channel, date_trunc('hour', created_at, 'UTC') from verifications
         where status = 'pending' and expires_at > ${since.toISOString()}::timestamptz and expires_at <= ${now.toISOString()}::timestamptz
        union
        select application_id, channel, hour from verify_stats_hourly where hour >= ${sinceHour.toISOString()}::timestamptz`,
    );
    const groups: Group[] = found.map((r) => ({ applicationId: r.application_id, channel: r.channel, hour: new Date(r.hour) }));
    for (let i = 0; i < groups.length; i += CHUNK) await recomputeGroups(tx, groups.slice(i, i + CHUNK), now);
    await tx
      .insert(verifyStatsWatermark)
      .values({ id: 1, rolledUpTo: now })
      .onConflictDoUpdate({ target: verifyStatsWatermark.id, set: { rolledUpTo: now } });
    return groups.length;
  });
}

/** Recomputes `groups` (at most CHUNK) from `verifications` and writes them (upsert, or delete when empty). */
async function recomputeGroups(db: Db, groups: readonly Group[], now: Date): Promise<void> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const expired = sql`(v.status = 'expired' or (v.status = 'pending' and v.expires_at <= ${at}))`;
  const counts = await rowsOf<{
    application_id: string;
    channel: string;
    hour: Date | string;
    organization_id: string;
    started: number;
    approved: number;
    expired: number;
    failed: number;
    canceled: number;
    pending: number;
  }>(
    db,
    sql`with g as (${groupsRelation(groups)})
      select g.application_id, g.channel, g.hour, a.organization_id,
             count(v.id)::int as started,
             (count(*) filter (where v.status = 'approved'))::int as approved,
             (count(*) filter (where ${expired}))::int as expired,
             (count(*) filter (where v.status = 'failed'))::int as failed,
             (count(*) filter (where v.status = 'canceled'))::int as canceled,
             (count(*) filter (where v.status = 'pending' and v.expires_at > ${at}))::int as pending
        from g
        join applications a on a.id = g.application_id
        left join verifications v on v.application_id = g.application_id and v.channel = g.channel
             and v.created_at >= g.hour and v.created_at < g.hour + interval '1 hour'
       group by g.application_id, g.channel, g.hour, a.organization_id`,
  );
  // Seconds to approve, rounded up: the bounds are whole seconds, so the bucket of ceil(s) is the bucket of s.
  const approvals = await rowsOf<{ application_id: string; channel: string; hour: Date | string; seconds: number; n: number }>(
    db,
    sql`with g as (${groupsRelation(groups)})
      select g.application_id, g.channel, g.hour, ceil(extract(epoch from v.approved_at - v.created_at))::int as seconds, count(*)::int as n
        from g
        join verifications v on v.application_id = g.application_id and v.channel = g.channel
             and v.created_at >= g.hour and v.created_at < g.hour + interval '1 hour'
       where v.status = 'approved' and v.approved_at is not null
       group by 1, 2, 3, 4`,
  );
  const hists = new Map<string, number[]>();
  for (const r of approvals) {
    const key = keyOf(r.application_id, r.channel, new Date(r.hour));
    const hist = hists.get(key) ?? VERIFY_APPROVE_BUCKETS.map(() => 0);
    hist[approveBucket(Math.max(0, Number(r.seconds)))]! += Number(r.n);
    hists.set(key, hist);
  }
  const rows = counts
    .filter((r) => Number(r.started) > 0)
    .map((r) => {
      const hour = new Date(r.hour);
      return {
        organizationId: r.organization_id,
        applicationId: r.application_id,
        channel: r.channel as VerifyChannel,
        hour,
        started: Number(r.started),
        approved: Number(r.approved),
        expired: Number(r.expired),
        failed: Number(r.failed),
        canceled: Number(r.canceled),
        pending: Number(r.pending),
        approveHist: hists.get(keyOf(r.application_id, r.channel, hour)) ?? VERIFY_APPROVE_BUCKETS.map(() => 0),
      };
    });
  const empty = counts.filter((r) => Number(r.started) === 0).map((r) => ({ applicationId: r.application_id, channel: r.channel, hour: new Date(r.hour) }));
  if (rows.length) {
    await db
      .insert(verifyStatsHourly)
      .values(rows)
      .onConflictDoUpdate({
        target: [verifyStatsHourly.applicationId, verifyStatsHourly.channel, verifyStatsHourly.hour],
        set: {
          organizationId: sql`excluded.organization_id`,
          started: sql`excluded.started`,
          approved: sql`excluded.approved`,
          expired: sql`excluded.expired`,
          failed: sql`excluded.failed`,
          canceled: sql`excluded.canceled`,
          pending: sql`excluded.pending`,
          approveHist: sql`excluded.approve_hist`,
        },
      });
  }
  if (empty.length) {
    await db.execute(sql`delete from verify_stats_hourly s using (${groupsRelation(empty)}) g
      where s.application_id = g.application_id and s.channel = g.channel and s.hour = g.hour`);
  }
}

/** One row of verify_stats_hourly as the report reads it. */
export interface VerifyStatsRow {
  channel: VerifyChannel;
  hour: Date;
  started: number;
  approved: number;
  expired: number;
  failed: number;
  canceled: number;
  pending: number;
  /** One count per VERIFY_APPROVE_BUCKETS bucket. */
  approveHist: number[];
}

/**
 * The rollup rows of application `applicationId` of organization `organizationId` whose hour is in
 * `[from, to)`, oldest first. Reads only verify_stats_hourly.
 */
export async function findVerifyStats(db: Db, organizationId: string, applicationId: string, from: Date, to: Date): Promise<VerifyStatsRow[]> {
  const rows = await db
    .select({
      channel: verifyStatsHourly.channel,
      hour: verifyStatsHourly.hour,
      started: verifyStatsHourly.started,
      approved: verifyStatsHourly.approved,
      expired: verifyStatsHourly.expired,
      failed: verifyStatsHourly.failed,
      canceled: verifyStatsHourly.canceled,
      pending: verifyStatsHourly.pending,
      approveHist: verifyStatsHourly.approveHist,
    })
    .from(verifyStatsHourly)
    .where(
      and(
        eq(verifyStatsHourly.organizationId, organizationId),
        eq(verifyStatsHourly.applicationId, applicationId),
        gte(verifyStatsHourly.hour, from),
        lt(verifyStatsHourly.hour, to),
      ),
    )
    .orderBy(verifyStatsHourly.hour);
  return rows;
}
