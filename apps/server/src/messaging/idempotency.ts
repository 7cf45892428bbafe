/**
 * Idempotency-Key support (ARCHITECTURE.md §6): the same key with the same body within 24 h returns
 * the first result and sends nothing; with another body it is a 409.
 */
import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every level, so equal bodies hash equally whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Hex SHA-256 of the canonical JSON of `body`: what tells a replay from a conflict. */
export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

/** Whether `err` is a unique-constraint violation (PostgreSQL 23505), possibly wrapped by Drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.code === '23505') return true;
  }
  return false;
}
