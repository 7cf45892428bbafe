/**
 * Rate-limit counters shared by every process (issue 6): @fastify/rate-limit keeps its counters in
 * memory per process by default, so two API processes doubled every limit. With REDIS_URL the
 * plugin's own Redis store is used; otherwise counters live in PostgreSQL (or PGlite) through this
 * store. Keys are `<method><route url>-<caller key>`, so each route keeps its own window.
 */
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Db } from '../../db/client.ts';
import { deleteExpiredRateLimits, hitRateLimit, readRateLimit } from './rate-limit.repo.ts';

type Callback = (err: Error | null, res: { current: number; ttl: number } | null) => void;

/** A @fastify/rate-limit store class on `db` (the plugin instantiates it and derives one child per route). */
export function pgRateLimitStore(db: Db, prefix = '') {
  return class PgRateLimitStore {
    readonly prefix: string;
    constructor(_globalParams?: unknown, routePrefix = prefix) {
      this.prefix = routePrefix;
    }
    /** Counts one hit of `key` in a window of `timeWindow` ms; answers `{current, ttl}` (ttl in ms). */
    incr(key: string, cb: Callback, timeWindow: number): void {
      hitRateLimit(db, this.prefix + key, timeWindow).then(
        (r) => cb(null, { current: r.count, ttl: r.ttlMs }),
        (err: Error) => cb(err, null),
      );
    }
    /** The current window of `key` without counting a hit. */
    read(key: string, cb: Callback): void {
      readRateLimit(db, this.prefix + key).then(
        (r) => cb(null, { current: r.count, ttl: r.ttlMs }),
        (err: Error) => cb(err, null),
      );
    }
    /** The store of one route: its own key space. */
    child(routeOptions: { routeInfo?: { method?: string | string[]; url?: string } }) {
      const info = routeOptions.routeInfo ?? {};
      return new PgRateLimitStore(undefined, `${this.prefix}${String(info.method ?? '')}${info.url ?? ''}-`);
    }
  };
}

/**
 * The @fastify/rate-limit plugin options for a shared store: Redis on `redisUrl` when set (the
 * connection is returned so the app closes it), else the database store on `db`. Limits are per
 * route (`global: false`); routes set theirs in `config.rateLimit`.
 */
export function sharedRateLimitOptions(db: Db, redisUrl: string | undefined): { options: RateLimitPluginOptions; redis: Redis | null } {
  if (redisUrl) {
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
    return { options: { global: false, redis, nameSpace: 'pesan-rl-' }, redis };
  }
  return { options: { global: false, store: pgRateLimitStore(db) as unknown as RateLimitPluginOptions['store'] }, redis: null };
}

/** Deletes the database counters whose window ended by `now` (maintenance job). Returns how many. */
export function pruneRateLimits(db: Db, now: Date): Promise<number> {
  return deleteExpiredRateLimits(db, now);
}
