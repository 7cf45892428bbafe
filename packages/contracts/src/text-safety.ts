/**
 * One rule for every text field of every request (issue 6): a string may not contain a NUL
 * character (U+0000, which PostgreSQL text cannot store) nor a lone UTF-16 surrogate (which is not
 * Unicode text: PostgreSQL's jsonb refuses it and text columns would silently store U+FFFD).
 * The server applies it to every body, query and path parameter before the route's own schema
 * (apps/server/src/plugins/validation.ts), so no route and no future field can forget it.
 */
import type { ErrorDetail } from './errors.ts';

/** Dotted path of a field for messages: `to`, `template.parameters.0`; '' for the whole value. */
function dotted(path: readonly (string | number)[]): string {
  return path.map(String).join('.');
}

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why `s` is not acceptable text, or null when it is. */
export function unsafeTextReason(s: string): 'nul' | 'surrogate' | null {
  if (s.includes('\u0000')) return 'nul';
  if (LONE_SURROGATE.test(s)) return 'surrogate';
  return null;
}

/** The message for an unsafe string at `path` (named in backticks, as the other default messages). */
export function unsafeTextMessage(path: readonly (string | number)[], reason: 'nul' | 'surrogate'): string {
  const name = path.length ? `\`${dotted(path)}\`` : 'The request';
  return reason === 'nul'
    ? `${name} must not contain NUL characters (\\u0000)`
    : `${name} must be valid Unicode text (it contains a lone surrogate such as \\ud800)`;
}

/**
 * Walks a parsed JSON value (objects, arrays, strings; keys included) depth first and returns the
 * first unsafe string as `{path, message}`, or null when every string is safe.
 * Depth is bounded by the JSON parser's own limits; cycles cannot occur in parsed JSON.
 */
export function findUnsafeText(value: unknown, path: (string | number)[] = []): ErrorDetail | null {
  if (typeof value === 'string') {
    const reason = unsafeTextReason(value);
    return reason ? { path: dotted(path), message: unsafeTextMessage(path, reason) } : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafeText(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      const keyReason = unsafeTextReason(key);
      if (keyReason) return { path: dotted(path), message: `${unsafeTextMessage(path, keyReason)} in a field name` };
      const found = findUnsafeText(v, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
