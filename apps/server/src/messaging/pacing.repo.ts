/**
 * SQL of dispatch pacing (ARCHITECTURE.md §6.1): reserving a send slot on a lane, atomically
 * across processes, and pruning lanes idle for a day.
 */
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { dispatchPacing } from '../db/schema/carriers.ts';

/**
 * Reserves the next free slot on lane `key` at one send per `intervalMs`: the slot is the later of
 * `now` and the lane's next free time, which moves on by `intervalMs`. One upsert: concurrent
 * callers (any process) get distinct slots. Returns the slot's time.
 */
export async function reserveLaneSlot(db: Db, key: string, intervalMs: number, now: Date): Promise<Date> {
  const step = sql`${`${intervalMs} milliseconds`}::interval`;
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(dispatchPacing)
    .values({ key, nextSlotAt: sql`${at} + ${step}` })
    .onConflictDoUpdate({ target: dispatchPacing.key, set: { nextSlotAt: sql`greatest(${dispatchPacing.nextSlotAt}, ${at}) + ${step}` } })
    // The slot in epoch milliseconds, computed in SQL: the stored time keeps microseconds, which a
    // Date would truncate.
    .returning({ slotMs: sql<string>`extract(epoch from ${dispatchPacing.nextSlotAt} - ${step}) * 1000` });
  return new Date(Math.round(Number(row!.slotMs)));
}

/** Deletes lanes whose next free slot is before `before` (idle lanes, e.g. the bind of a process gone); returns how many. */
export async function pruneIdleLanes(db: Db, before: Date): Promise<number> {
  const deleted = await db.delete(dispatchPacing).where(lt(dispatchPacing.nextSlotAt, before)).returning({ key: dispatchPacing.key });
  return deleted.length;
}
