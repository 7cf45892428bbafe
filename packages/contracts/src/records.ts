/**
 * Monitoring records query (`POST /api/records`, ARCHITECTURE.md §5; console.md §2 Monitoring, §7).
 */
import { singleLine } from './text-fields.ts';
import { z } from './zod.ts';
import type { ChannelId } from './channels.ts';
import { channelIdSchema } from './channels-schema.ts';
import { MESSAGE_STATUSES, type MessageStatus } from './statuses.ts';
import { MAX_PAGE, PAGE_SIZE } from './application-messages.ts';
import { tooLongMessage } from './zod-messages.ts';
import { VALIDATION_MESSAGES } from './server-messages.ts';
import { MAX_RANGE_DAYS, RECORDS_MESSAGES } from './records-messages.ts';

// The range limit and messages live in records-messages.ts (no zod: every signed-in page loads them, issue 28).
export { MAX_RANGE_DAYS, RECORDS_MESSAGES } from './records-messages.ts';

export const recordsSearchSchema = z.object({
  name: z.string().max(50).optional(),
  key: z.enum(['message_id', 'number', 'email']),
  value: singleLine(z.string().trim().max(254, tooLongMessage('Search', 254)), 'Search'),
});

/** Earliest and latest year a console date may name (issue 6: anything else is a 400, never a database error). */
export const MIN_DATE_YEAR = 2000;
export const MAX_DATE_YEAR = 2100;

/**
 * An ISO 8601 date-time with offset (`2026-11-23T00:00:00+07:00`) whose instant lies in the years
 * MIN_DATE_YEAR..MAX_DATE_YEAR (UTC); `name` is the field named in the messages.
 */
export function isoDateTimeInRange(name: string) {
  return z.iso
    .datetime({ offset: true, error: VALIDATION_MESSAGES.mustBeIso(`\`${name}\``) })
    .refine((v) => {
      const year = new Date(v).getUTCFullYear();
      return year >= MIN_DATE_YEAR && year <= MAX_DATE_YEAR;
    }, VALIDATION_MESSAGES.betweenYears(`\`${name}\``, MIN_DATE_YEAR, MAX_DATE_YEAR));
}

/**
 * The organization time zone when the organization names none (ARCHITECTURE.md §5): the default of
 * the organization's saved zone (time-zone.ts), in which the server reads its console days.
 */
import { dateTimeFormat, DEFAULT_TIME_ZONE } from './time-zone.ts';

export { DEFAULT_TIME_ZONE };

/** Searches that count matches stop counting here (the answer then says `total_capped`). */
export const SEARCH_COUNT_LIMIT = 10_000;

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `v` is a real calendar day written `YYYY-MM-DD` in the years MIN_DATE_YEAR..MAX_DATE_YEAR. */
export function isConsoleDay(v: string): boolean {
  const m = DAY_RE.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= MIN_DATE_YEAR && y <= MAX_DATE_YEAR && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Offset of `timeZone` from UTC at instant `ms`, in ms (Asia/Jakarta: +7 h). */
function zoneOffsetMs(ms: number, timeZone: string): number {
  const parts = dateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(new Date(ms));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')) - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant day `day` ('YYYY-MM-DD') starts in `timeZone`: `zonedDayStart('2026-11-23',
 * 'Asia/Jakarta')` is 2026-11-22T17:00:00Z. Handles zones with daylight saving.
 */
export function zonedDayStart(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  let at = guess - zoneOffsetMs(guess, timeZone);
  at = guess - zoneOffsetMs(at, timeZone);
  return new Date(at);
}

/** The day after `day`, both 'YYYY-MM-DD'. */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * A console date field (ARCHITECTURE.md §5): `YYYY-MM-DD` (a whole day in the organization's time
 * zone) or an ISO 8601 date-time with offset, in the years MIN_DATE_YEAR..MAX_DATE_YEAR. `name`
 * is the field the 400 message names, as the other /api date messages do ('`startDate` must be a date
 * (YYYY-MM-DD) or an ISO date-time').
 */
export function consoleDate(name: string) {
  const label = `\`${name}\``;
  const iso = z.iso.datetime({ offset: true });
  const years = VALIDATION_MESSAGES.betweenYears(label, MIN_DATE_YEAR, MAX_DATE_YEAR);
  return z.string().superRefine((v, ctx) => {
    if (DAY_RE.test(v)) {
      if (!isConsoleDay(v)) ctx.addIssue({ code: 'custom', message: VALIDATION_MESSAGES.realDayBetweenYears(label, MIN_DATE_YEAR, MAX_DATE_YEAR) });
    } else if (!iso.safeParse(v).success) {
      ctx.addIssue({ code: 'custom', message: VALIDATION_MESSAGES.mustBeDateOrIso(label) });
    } else {
      const year = new Date(v).getUTCFullYear();
      if (!(year >= MIN_DATE_YEAR && year <= MAX_DATE_YEAR)) ctx.addIssue({ code: 'custom', message: years });
    }
  });
}

/**
 * Created-at bounds of a console date range: `from` inclusive; `to` exclusive when the end is a
 * day (the start of the next day in `timeZone`: the end day is included whole), inclusive when it
 * is an ISO date-time. Inputs must already be valid consoleDate values.
 */
export interface RecordsRange {
  from?: Date;
  to?: Date;
  toExclusive: boolean;
}
export function resolveRecordsRange(startDate: string | undefined, endDate: string | undefined, timeZone: string = DEFAULT_TIME_ZONE): RecordsRange {
  const from = startDate ? (DAY_RE.test(startDate) ? zonedDayStart(startDate, timeZone) : new Date(startDate)) : undefined;
  if (!endDate) return { from, toExclusive: false };
  if (DAY_RE.test(endDate)) return { from, to: zonedDayStart(nextDay(endDate), timeZone), toExclusive: true };
  return { from, to: new Date(endDate), toExclusive: false };
}

/**
 * The 1–31 day rule (console.md §5, §9) on a console range, or null when it holds: an end before
 * the start -> rangeInvalid; two days more than 31 calendar days apart (both ends counted), or
 * date-times more than 31 × 24 h apart -> rangeTooLong.
 */
export function recordsRangeError(startDate: string, endDate: string, timeZone: string = DEFAULT_TIME_ZONE): string | null {
  if (DAY_RE.test(startDate) && DAY_RE.test(endDate)) {
    const days = (Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000 + 1;
    if (days < 1) return RECORDS_MESSAGES.rangeInvalid;
    return days > MAX_RANGE_DAYS ? RECORDS_MESSAGES.rangeTooLong : null;
  }
  const r = resolveRecordsRange(startDate, endDate, timeZone);
  const span = r.to!.getTime() - r.from!.getTime();
  if (span < 0 || (span === 0 && r.toExclusive)) return RECORDS_MESSAGES.rangeInvalid;
  return span > MAX_RANGE_DAYS * 86_400_000 ? RECORDS_MESSAGES.rangeTooLong : null;
}

/** Keyset position after a row: its exact created_at (microseconds, as PostgreSQL prints it in UTC) and id. */
export interface RecordsCursor {
  at: string;
  id: string;
}
const CURSOR_AT_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const UUID_LIKE_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Opaque cursor text (base64url of `at|id`). */
export function encodeRecordsCursor(c: RecordsCursor): string {
  return btoa(`${c.at}|${c.id}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
/** The position in a cursor, or null when it is not one encodeRecordsCursor made. */
export function decodeRecordsCursor(s: string): RecordsCursor | null {
  let text: string;
  try {
    text = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  const [at, id, extra] = text.split('|');
  if (extra !== undefined || !at || !id || !CURSOR_AT_RE.test(at) || !UUID_LIKE_RE.test(id) || Number.isNaN(Date.parse(at))) return null;
  return { at, id };
}

/** consoleDate without a field name: to check both ends before the range rule. */
const anyConsoleDate = consoleDate('date');

export const recordsQuerySchema = z
  .object({
    application_id: z.string().min(1),
    channel: channelIdSchema,
    startDate: consoleDate('startDate').optional(),
    endDate: consoleDate('endDate').optional(),
    page: z.coerce.number().int().min(1).max(MAX_PAGE, VALIDATION_MESSAGES.pageTooLarge(MAX_PAGE)).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE),
    /**
     * Keyset paging: `next_cursor` of the previous answer; the page after that row, on the index
     * order (created_at, id) descending. When given, `page` is not used for the offset.
     */
    cursor: z
      .string()
      .max(200)
      .refine((v) => decodeRecordsCursor(v) !== null, 'Cursor is not valid: start again from the first page')
      .optional(),
    showType: z.union([z.literal('all'), z.enum(MESSAGE_STATUSES)]).default('all'),
    search: z.union([recordsSearchSchema, z.literal(''), z.object({}).strict()]).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.startDate && v.endDate && anyConsoleDate.safeParse(v.startDate).success && anyConsoleDate.safeParse(v.endDate).success) {
      const error = recordsRangeError(v.startDate, v.endDate);
      if (error) ctx.addIssue({ code: 'custom', path: ['endDate'], message: error });
    }
  });
export type RecordsQuery = z.infer<typeof recordsQuerySchema>;

/** One transaction row of Monitoring (console.md §3 Transaction record). */
export interface TransactionRecord {
  msgid: string;
  channel: ChannelId;
  phone_number: string | null;
  email: string | null;
  to_number: string | null;
  msgInfo: string | null;
  created_at: string;
  updated_at: string;
  total_sms: number | null;
  country: string | null;
  status: MessageStatus;
  reason: string | null;
}

/**
 * `POST /api/records` answer: a page of records plus `last_update`, the most recent `updated_at`
 * (ISO) among the rows of the page, or null when it is empty (console.md §2 Monitoring footer;
 * ARCHITECTURE.md §7 deviation 8). `total`: from the hourly rollup without a search, else the
 * matches counted up to SEARCH_COUNT_LIMIT (`total_capped` true when the count stopped there).
 * `next_cursor`: the keyset cursor of the page after this one, null on the last page.
 */
export interface RecordsPage {
  data: TransactionRecord[];
  page: number;
  limit: number;
  pages: number;
  total: number;
  total_capped: boolean;
  next_cursor: string | null;
  last_update: string | null;
}

export const transactionRecordSchema = z.object({
  msgid: z.string(),
  channel: channelIdSchema,
  phone_number: z.string().nullable(),
  email: z.string().nullable(),
  to_number: z.string().nullable(),
  msgInfo: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  total_sms: z.number().int().nullable(),
  country: z.string().nullable(),
  status: z.enum(MESSAGE_STATUSES),
  reason: z.string().nullable(),
});

export const recordsPageSchema = z.object({
  data: z.array(transactionRecordSchema),
  page: z.number().int(),
  limit: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  total_capped: z.boolean(),
  next_cursor: z.string().nullable(),
  last_update: z.string().nullable(),
});

/** One event of a message's timeline in the message detail. */
export const recordEventSchema = z.object({
  status: z.enum(MESSAGE_STATUSES),
  at: z.string(),
  reason: z.string().nullable(),
  provider_code: z.string().nullable(),
});

/**
 * `GET /api/records/{messageId}` answer (ARCHITECTURE.md §5; issue 9 message detail): the record,
 * its application, the carrier's latest code, the event timeline (oldest first), the request body
 * as accepted with secrets and OTP codes masked, and the message's webhook attempts.
 */
export const recordDetailSchema = transactionRecordSchema.extend({
  application_id: z.string(),
  provider_code: z.string().nullable(),
  events: z.array(recordEventSchema),
  body: z.record(z.string(), z.unknown()),
  webhook_deliveries: z.array(z.unknown()),
  /** The Verify verification whose code this message carried (issue 27), else null: the console links its timeline. */
  verification_id: z.string().nullable(),
});
export type RecordDetail = z.infer<typeof recordDetailSchema>;
export const recordDetailResponseSchema = z.object({ data: recordDetailSchema });

/** Runs of 4 to 8 digits: what an OTP code looks like in a text. */
const OTP_DIGITS = /\d{4,8}/g;
const dots = (s: string) => '•'.repeat(s.length);

/**
 * The accepted request body of a message as the console shows it (issue 9): OTP codes masked
 * (digit runs of 4–8 in SMS OTP texts; the Voice OTP calling number, whose last digits are the
 * code, after its first 5 characters; WhatsApp button parameters, which carry copy codes and
 * one-time passwords, and every parameter of an authentication template; a Verify message's
 * `sealed` field is left out). Other fields as sent.
 */
export function maskRequestBody(channel: ChannelId, body: Record<string, unknown>, opts: { authenticationTemplate?: boolean } = {}): Record<string, unknown> {
  const out: Record<string, unknown> = { ...body };
  // A Verify message's real fields, sealed for its driver (server modules/verify): never shown.
  delete out['sealed'];
  if (channel === 'sms_otp' && typeof out['text'] === 'string') out['text'] = (out['text'] as string).replace(OTP_DIGITS, dots);
  if (channel === 'voice_otp' && typeof out['calling_number'] === 'string') {
    const n = out['calling_number'] as string;
    out['calling_number'] = n.slice(0, 5) + dots(n.slice(5));
  }
  if (channel === 'whatsapp' && out['template'] && typeof out['template'] === 'object') {
    const template = { ...(out['template'] as Record<string, unknown>) };
    // Every string value, except the names of Meta's component structure.
    const structural = new Set(['type', 'sub_type', 'index', 'parameter_name']);
    const maskValue = (v: unknown): unknown =>
      typeof v === 'string'
        ? dots(v)
        : Array.isArray(v)
          ? v.map(maskValue)
          : v && typeof v === 'object'
            ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, structural.has(k) ? x : maskValue(x)]))
            : v;
    if ('button_parameters' in template) template['button_parameters'] = maskValue(template['button_parameters']);
    if (opts.authenticationTemplate) {
      for (const key of ['parameters', 'header_parameters', 'components']) if (key in template) template[key] = maskValue(template[key]);
    }
    out['template'] = template;
  }
  return out;
}
