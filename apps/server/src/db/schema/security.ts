import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Signatures of signed /v1 requests already accepted (SHA-256 hex of `X-Signature`), kept until
 * the 5-minute timestamp window has passed, so a replayed request is refused (ARCHITECTURE.md §6).
 */
export const usedSignatures = pgTable('used_signatures', {
  signatureHash: text('signature_hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Fixed-window rate-limit counters shared by every process on the database (`key` is the limit's
 * name and the caller, e.g. `auth:203.0.113.7`). Rows past `reset_at` are reused or pruned.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
