/**
 * SQL of the shared rate-limit counters (table `rate_limits`): one fixed window per key, on the
 * database's clock so every process agrees.
 */
import { lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimits } from '../../db/schema/security.ts';

/**
 * Counts one hit for `key` in a window of `windowMs` milliseconds, atomically: a new or expired
 * key starts a window at 1. Returns the hits in the current window and the milliseconds left in it.
 */
export async function hitRateLimit(db: Db, key: string, windowMs: number): Promise<{ count: number; ttlMs: number }> {
  const expired = sql`${rateLimits.resetAt} <= now()`;
  const windowEnd = sql`now() + make_interval(secs => ${windowMs / 1000})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: windowEnd })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${expired} then ${windowEnd} else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, ttlMs: sql<string>`ceil(extract(epoch from (${rateLimits.resetAt} - now())) * 1000)` });
  return { count: row!.count, ttlMs: Math.max(0, Number(row!.ttlMs)) };
}

/** The hits of `key` in its current window and the milliseconds left, without counting one; zeros when none. */
export async function readRateLimit(db: Db, key: string): Promise<{ count: number; ttlMs: number }> {
  const [row] = await db
    .select({ count: rateLimits.count, ttlMs: sql<string>`ceil(extract(epoch from (${rateLimits.resetAt} - now())) * 1000)` })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key} and ${rateLimits.resetAt} > now()`);
  return row ? { count: row.count, ttlMs: Math.max(0, Number(row.ttlMs)) } : { count: 0, ttlMs: 0 };
}

/** Deletes the counters whose window ended before `before` (maintenance job). Returns how many. */
export async function deleteExpiredRateLimits(db: Db, before: Date): Promise<number> {
  const rows = await db.delete(rateLimits).where(lte(rateLimits.resetAt, before)).returning({ key: rateLimits.key });
  return rows.length;
}
