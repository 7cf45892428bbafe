/**
 * The hourly counters off the hot path (ARCHITECTURE.md §6.5, issue 24): accepts and status batches
 * append deltas instead of updating the shared counter row; readers add the deltas not yet folded,
 * and the rollup folds them exactly once, even when two rollups run at once.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageStatsHourly } from '../src/db/schema/messages.ts';
import { arrayLiteral } from '../src/db/sql-array.ts';
import { appendStatsDeltas } from '../src/messaging/engine/stats.repo.ts';
import { rollUpStats } from '../src/messaging/engine/stats-rollup.ts';
import { sumHourlyStats } from '../src/modules/records/records.repo.ts';
import { statusCountsByHour } from '../src/modules/dashboard/dashboard.repo.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { createAppWithToken, v1Post } from './v1-helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { V1_RATE_LIMIT: '100000' }, workers: false });
});
afterAll(async () => t?.close());

const deltaRows = async (applicationId: string) =>
  Number(((await t.ctx.database.db.execute(sql`select count(*)::int as n from message_stats_deltas where application_id = ${applicationId}`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

describe('hourly counter deltas', () => {
  it('never touches the counter row on accept, reads exact before and after the rollup, and folds once', async () => {
    const a = await createAppWithToken(t, { channels: ['sms'] });
    const db = t.ctx.database.db;
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => v1Post(t, '/sms/messages', a.tokens.sms.accessToken, { to: '081234567890', text: `n ${i}` })));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(40).fill(202));
    // Accepted, not yet folded: no counter row, the deltas hold the 40, and the readers see them.
    expect(await db.select().from(messageStatsHourly).where(eq(messageStatsHourly.applicationId, a.applicationId))).toEqual([]);
    expect(await deltaRows(a.applicationId)).toBeGreaterThan(0);
    expect(await sumHourlyStats(db, { applicationId: a.applicationId, channel: 'sms' })).toBe(40);
    const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
    const byHour = await statusCountsByHour(db, a.applicationId, 'sms', new Date(hour.getTime() - 3_600_000), new Date(hour.getTime() + 2 * 3_600_000));
    expect(byHour.reduce((n, r) => n + r.count, 0)).toBe(40);

    // Two rollups at once fold every delta exactly once.
    await Promise.all([rollUpStats(db), rollUpStats(db)]);
    expect(await deltaRows(a.applicationId)).toBe(0);
    const rows = await db.select().from(messageStatsHourly).where(eq(messageStatsHourly.applicationId, a.applicationId));
    expect(rows.reduce((n, r) => n + r.count, 0)).toBe(40);
    expect(await sumHourlyStats(db, { applicationId: a.applicationId, channel: 'sms' })).toBe(40);
  });

  it('drops deltas that sum to zero and those of an application that no longer exists', async () => {
    const a = await createAppWithToken(t, { channels: ['sms'] });
    const db = t.ctx.database.db;
    const hour = new Date('2026-01-01T03:00:00Z');
    await appendStatsDeltas(db, [
      { organizationId: a.organizationId, applicationId: a.applicationId, channel: 'sms', hour, status: 'sent', delta: 1 },
      { organizationId: a.organizationId, applicationId: a.applicationId, channel: 'sms', hour, status: 'sent', delta: -1 },
      { organizationId: a.organizationId, applicationId: a.applicationId, channel: 'sms', hour, status: 'delivered', delta: 2 },
      { organizationId: a.organizationId, applicationId: '00000000-0000-4000-8000-000000000000', channel: 'sms', hour, status: 'delivered', delta: 5 },
    ]);
    expect(await rollUpStats(db)).toBeGreaterThanOrEqual(4);
    const rows = await db.select().from(messageStatsHourly).where(eq(messageStatsHourly.applicationId, a.applicationId));
    expect(rows.map((r) => [r.status, r.count])).toEqual([['delivered', 2]]);
  });

  it('quotes array literal elements so any text round-trips', async () => {
    const values = ['plain', 'with "quotes"', 'back\\slash', 'comma, {brace}', '', 'NULL'];
    expect(arrayLiteral([1, -2, null])).toBe('{1,-2,NULL}');
    const res = (await t.ctx.database.db.execute(sql`select unnest(${arrayLiteral(values)}::text[]) as v`)) as unknown as { rows: { v: string }[] };
    expect(res.rows.map((r) => r.v)).toEqual(values);
  });
});
