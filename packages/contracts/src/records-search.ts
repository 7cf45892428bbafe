/**
 * The Monitoring search rule (console.md §2 Monitoring, §5), apart from records.ts so the web
 * bundle does not carry the phone metadata (libphonenumber) it needs.
 */
import type { ChannelId } from './channels.ts';
import { normalisePhone } from './phone.ts';
import type { RecordsQuery } from './records.ts';

/**
 * What a Monitoring search means (console.md §2 Monitoring, §5), a pure rule:
 * - none: no search (empty value);
 * - never: a search that cannot match (letters in a number, a message id with characters a
 *   message id never has, an e-mail search off the email channel) -> the empty result;
 * - id_prefix: lower-case message id, exact or its beginning;
 * - recipient_prefix: a number normalised as the send API does (normalisePhone: 0812…, 62812…
 *   and +62812… are all +62812…); a partial number that is not yet a possible number gets the same
 *   rewriting (leading 0 -> +62, else a leading +) and matches the stored E.164 numbers it begins;
 * - recipient_contains: e-mail text, case-insensitive.
 */
export type RecordsSearchTerm =
  | { kind: 'none' }
  | { kind: 'never' }
  | { kind: 'id_prefix'; value: string }
  | { kind: 'recipient_prefix'; value: string }
  | { kind: 'recipient_contains'; value: string };

export function recordsSearchTerm(channel: ChannelId, search: RecordsQuery['search']): RecordsSearchTerm {
  if (!search || typeof search !== 'object' || !('key' in search)) return { kind: 'none' };
  const value = search.value.trim();
  if (!value) return { kind: 'none' };
  if (search.key === 'message_id') {
    const id = value.toLowerCase();
    return /^[0-9a-f-]{1,36}$/.test(id) ? { kind: 'id_prefix', value: id } : { kind: 'never' };
  }
  if (search.key === 'email') return channel === 'email' ? { kind: 'recipient_contains', value } : { kind: 'never' };
  const compact = value.replace(/[\s().-]/g, '');
  if (!/^\+?[0-9]+$/.test(compact)) return { kind: 'never' };
  const full = normalisePhone(compact);
  if (full) return { kind: 'recipient_prefix', value: full.e164 };
  const partial = compact.startsWith('0') ? `+62${compact.slice(1)}` : compact.startsWith('+') ? compact : `+${compact}`;
  return partial.length > 1 ? { kind: 'recipient_prefix', value: partial } : { kind: 'never' };
}

