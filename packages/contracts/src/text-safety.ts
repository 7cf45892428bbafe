/**
 * One rule for every text field of every request (issue 6): a string may not contain a NUL
 * character (U+0000, which PostgreSQL text cannot store) nor a lone UTF-16 surrogate (which is not
 * Unicode text: PostgreSQL's jsonb refuses it and text columns would silently store U+FFFD).
 * The server applies it to every body, query and path parameter before the route's own schema
 * (apps/server/src/plugins/validation.ts), so no route and no future field can forget it.
 */
import type { ErrorDetail } from './errors.ts';
import { FIELD_LABELS, VALIDATION_MESSAGES } from './server-messages.ts';

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
  const name = path.length ? `\`${dotted(path)}\`` : FIELD_LABELS.request;
  return reason === 'nul' ? VALIDATION_MESSAGES.textNul(name) : VALIDATION_MESSAGES.textSurrogate(name);
}

/** A node of the walk: its value, its key in its parent, and the parent (to rebuild the path on a find). */
interface Node {
  value: unknown;
  key: string | number | null;
  parent: Node | null;
}

function pathOf(node: Node): (string | number)[] {
  const path: (string | number)[] = [];
  for (let n: Node | null = node; n && n.key !== null; n = n.parent) path.unshift(n.key);
  return path;
}

/**
 * Walks a parsed JSON value (objects, arrays, strings; keys included) depth first and returns the
 * first unsafe string as `{path, message}`, or null when every string is safe. Iterative, so any
 * nesting depth the JSON parser accepted is walked without exhausting the call stack; linear in
 * the size of the value.
 */
export function findUnsafeText(value: unknown): ErrorDetail | null {
  const stack: Node[] = [{ value, key: null, parent: null }];
  while (stack.length) {
    const node = stack.pop()!;
    const v = node.value;
    if (typeof v === 'string') {
      const reason = unsafeTextReason(v);
      if (reason) {
        const path = pathOf(node);
        return { path: dotted(path), message: unsafeTextMessage(path, reason) };
      }
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: i, parent: node });
    } else if (v && typeof v === 'object') {
      const entries = Object.entries(v as Record<string, unknown>);
      for (const [key] of entries) {
        const keyReason = unsafeTextReason(key);
        if (keyReason) {
          const path = pathOf(node);
          const name = path.length ? `\`${dotted(path)}\`` : FIELD_LABELS.request;
          return { path: dotted(path), message: keyReason === 'nul' ? VALIDATION_MESSAGES.textNulInKey(name) : VALIDATION_MESSAGES.textSurrogateInKey(name) };
        }
      }
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], key: entries[i]![0], parent: node });
    }
  }
  return null;
}
