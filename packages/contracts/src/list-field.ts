/**
 * List filters of the console's list calls (reports, templates): a JSON array, or one bare value
 * (`"sms"` is `["sms"]`), with at most `max` items (issue 23 item 21: every request array has a
 * maximum, sensible per field: a channel filter never holds more than the channels).
 */
import { z } from './zod.ts';

/** A list of `item` that also takes one bare string, at most `max` items. */
export function listOf<T extends z.ZodType>(item: T, max: number) {
  return z.preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(item).max(max));
}

/** Most applications one list filter names. */
export const MAX_APPLICATION_FILTER = 200;
