/**
 * The shared stores of the send rate limiter (send-rate.ts): the `rate_limits` table (PostgreSQL or
 * PGlite, on the database's clock so every process agrees) or Redis. Storage only.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/client.ts';
import { rateLimits } from '../../db/schema/security.ts';
import { applications } from '../../db/schema/applications.ts';
import type { RateStore } from './send-rate.ts';

/** RateStore on the `rate_limits` table: one transaction per lease (a row lock orders concurrent ones). */
export function dbRateStore(db: Db): RateStore {
  return {
    take: (key, need, want, limit, windowMs) =>
      db.transaction(async (txAny) => {
        const tx = txAny as unknown as Db;
        const windowEnd = sql`now() + make_interval(secs => ${windowMs / 1000})`;
        await tx.insert(rateLimits).values({ key, count: 0, resetAt: windowEnd }).onConflictDoNothing();
        const [row] = await tx
          .select({ count: rateLimits.count, live: sql<boolean>`${rateLimits.resetAt} > now()`, ttlMs: sql<string>`ceil(extract(epoch from (${rateLimits.resetAt} - now())) * 1000)` })
          .from(rateLimits)
          .where(eq(rateLimits.key, key))
          .for('update');
        const used = row!.live ? row!.count : 0;
        const ttlMs = row!.live ? Math.max(0, Number(row!.ttlMs)) : windowMs;
        const left = limit - used;
        if (left < need) return { granted: 0, ttlMs };
        const granted = Math.min(want, left);
        await tx
          .update(rateLimits)
          .set(row!.live ? { count: used + granted } : { count: granted, resetAt: windowEnd })
          .where(eq(rateLimits.key, key));
        return { granted, ttlMs };
      }),
  };
}

/** Takes up to ARGV[2] (at least ARGV[1]) under ARGV[3] in a window of ARGV[4] ms; returns {granted, pttl}. */
const TAKE_SCRIPT = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local left = tonumber(ARGV[3]) - used
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = tonumber(ARGV[4]) end
if left < tonumber(ARGV[1]) then return {0, ttl} end
local granted = math.min(tonumber(ARGV[2]), left)
redis.call('INCRBY', KEYS[1], granted)
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[4]) end
return {granted, ttl}
`;

/** RateStore on Redis (REDIS_URL): one atomic script per lease. */
export function redisRateStore(redis: Redis, prefix = 'pesan-send-'): RateStore {
  return {
    async take(key, need, want, limit, windowMs) {
      const [granted, ttl] = (await redis.eval(TAKE_SCRIPT, 1, prefix + key, need, want, limit, windowMs)) as [number, number];
      return { granted: Number(granted), ttlMs: Number(ttl) };
    },
  };
}

/**
 * Sets application `id`'s send limit (messages per second; null = the default V1_RATE_LIMIT per
 * minute) if it exists and is not deleted. Returns its name and the limit before, or null.
 */
export async function updateSendRate(db: Db, id: string, perSecond: number | null, now: Date): Promise<{ name: string; before: number | null } | null> {
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const [row] = await tx
      .select({ name: applications.name, before: applications.sendRatePerSecond })
      .from(applications)
      .where(and(eq(applications.id, id), isNull(applications.deletedAt)))
      .for('update');
    if (!row) return null;
    await tx.update(applications).set({ sendRatePerSecond: perSecond, updatedAt: now }).where(eq(applications.id, id));
    return row;
  });
}
