/**
 * Dispatch pacing lanes (ARCHITECTURE.md §6.1, issue 8): concurrent reservations on one lane get
 * distinct slots one interval apart, lanes do not share a pace, and idle lanes are pruned.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchPacing } from '../src/db/schema/carriers.ts';
import { pruneIdleLanes, reserveLaneSlot } from '../src/messaging/pacing.repo.ts';
import { createTestApp, type TestApp } from './harness.ts';

describe('pacing lanes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
  });
  afterAll(async () => t.close());
  const db = () => t.ctx.database.db;

  it('gives 200 concurrent reservations distinct slots exactly one interval apart, starting now', async () => {
    const now = new Date('2026-11-23T10:00:00.000Z');
    const slots = await Promise.all(Array.from({ length: 200 }, () => reserveLaneSlot(db(), 'wa:1001', 1000 / 80, now)));
    const times = slots.map((s) => s.getTime()).sort((x, y) => x - y);
    expect(new Set(times).size).toBe(200);
    expect(times[0]).toBe(now.getTime());
    // 80 per second: 12.5 ms apart (timestamps keep milliseconds, so a slot may round by 1 ms).
    expect(times[199]! - times[0]!).toBeGreaterThanOrEqual(Math.floor(199 * 12.5) - 1);
    expect(times[199]! - times[0]!).toBeLessThanOrEqual(Math.ceil(199 * 12.5) + 1);
    // The lane's next free slot is after the last one handed out.
    const next = await reserveLaneSlot(db(), 'wa:1001', 1000 / 80, now);
    expect(next.getTime()).toBeGreaterThan(times[199]!);
  });

  it('keeps lanes apart, and a lane idle since before `now` starts again at now', async () => {
    const now = new Date('2026-11-23T10:00:00.000Z');
    expect((await reserveLaneSlot(db(), 'wa:2002', 100, now)).getTime()).toBe(now.getTime());
    expect((await reserveLaneSlot(db(), 'wa:2002', 100, now)).getTime()).toBe(now.getTime() + 100);
    expect((await reserveLaneSlot(db(), 'smpp:esme@127.0.0.1:2775', 100, now)).getTime()).toBe(now.getTime());
    const later = new Date(now.getTime() + 60_000);
    expect((await reserveLaneSlot(db(), 'wa:2002', 100, later)).getTime()).toBe(later.getTime());
  });

  it('prunes lanes idle before a time, and only those', async () => {
    await reserveLaneSlot(db(), 'old', 10, new Date('2026-11-01T00:00:00Z'));
    await reserveLaneSlot(db(), 'fresh', 10, new Date('2026-11-23T11:00:00Z'));
    expect(await pruneIdleLanes(db(), new Date('2026-11-22T00:00:00Z'))).toBe(1);
    const keys = (await db().select({ key: dispatchPacing.key }).from(dispatchPacing)).map((r) => r.key);
    expect(keys).toContain('fresh');
    expect(keys).not.toContain('old');
  });
});
