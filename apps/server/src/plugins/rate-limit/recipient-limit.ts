/**
 * The per-recipient limit of account e-mail (issue 23): password reset, verification and any
 * future invitation mail to one address, whoever asks and from wherever. The per-IP limit alone let
 * five reset mails reach one mailbox within a second. Counts live in the store the rate limits share
 * (rate-limit-store.ts): Redis with REDIS_URL, else the database's `rate_limits` table, so every
 * process counts together. Keys hold a SHA-256 of the address, never the address.
 */
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Db } from '../../db/client.ts';
import { hitRateLimit } from './rate-limit.repo.ts';

/** At most `max` account e-mails per address within `windowMs` (a fixed window from the first). */
export const ACCOUNT_MAIL_LIMIT = { max: 3, windowMs: 15 * 60_000 } as const;

/** The guard: one counter per address, shared by every process. */
export interface RecipientMailLimit {
  /**
   * Counts one account e-mail to `address` (trimmed, case-insensitive) and says whether it may go:
   * false once ACCOUNT_MAIL_LIMIT is reached in the current window. Callers answer the same either way.
   * @throws when the store cannot be reached (the caller logs it; no mail goes).
   */
  allow(address: string): Promise<boolean>;
  /** Closes the Redis connection, if one was opened. */
  close(): Promise<void>;
}

/** The store key of `address`: a hash, so the store never holds the address. */
export const recipientKey = (address: string) => `mail-recipient:${createHash('sha256').update(address.trim().toLowerCase()).digest('hex')}`;

/**
 * The guard on Redis at `redisUrl` when set (connected on first use), else on the database `db`.
 * `limit` defaults to ACCOUNT_MAIL_LIMIT.
 */
export function createRecipientMailLimit(db: Db, redisUrl: string | undefined, limit: { max: number; windowMs: number } = ACCOUNT_MAIL_LIMIT): RecipientMailLimit {
  let redis: Redis | null = null;
  return {
    async allow(address) {
      const key = recipientKey(address);
      if (!redisUrl) return (await hitRateLimit(db, key, limit.windowMs)).count <= limit.max;
      redis ??= new Redis(redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
      // SET NX starts the window with its expiry; INCR keeps the expiry.
      const result = await redis.multi().set(`pesan-${key}`, '0', 'PX', limit.windowMs, 'NX').incr(`pesan-${key}`).exec();
      const count = Number(result?.[1]?.[1] ?? Number.POSITIVE_INFINITY);
      return count <= limit.max;
    },
    async close() {
      await redis?.quit();
      redis = null;
    },
  };
}
