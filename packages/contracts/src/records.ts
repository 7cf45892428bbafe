/**
 * Monitoring records query (`POST /api/records`, ARCHITECTURE.md §5; console.md §2 Monitoring, §7).
 */
import { z } from 'zod';
import { channelIdSchema, type ChannelId } from './channels.ts';
import { MESSAGE_STATUSES, type MessageStatus } from './statuses.ts';
import { MAX_PAGE, PAGE_SIZE } from './application.ts';
import { tooLongMessage } from './zod-messages.ts';

/** Date ranges: minimum 1 day, maximum 31 days (console.md §5, §9). */
export const MAX_RANGE_DAYS = 31;

export const RECORDS_MESSAGES = {
  rangeTooLong: 'Date range must be at most 31 days',
  rangeInvalid: 'End date must be after start date',
  /** Empty result of a search or filter (console.md §2 Monitoring; the application list uses it too). */
  empty: "Sorry we couldn't find any result",
  emptyHint: 'Try adjusting your search or filter to find what you are looking for.',
  noData: 'No data',
} as const;

export const recordsSearchSchema = z.object({
  name: z.string().max(50).optional(),
  key: z.enum(['message_id', 'number', 'email']),
  value: z.string().trim().max(254, tooLongMessage('Search', 254)),
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
    .datetime({ offset: true, error: `\`${name}\` must be an ISO date-time` })
    .refine((v) => {
      const year = new Date(v).getUTCFullYear();
      return year >= MIN_DATE_YEAR && year <= MAX_DATE_YEAR;
    }, `\`${name}\` must be between the years ${MIN_DATE_YEAR} and ${MAX_DATE_YEAR}`);
}

export const recordsQuerySchema = z
  .object({
    application_id: z.string().min(1),
    channel: channelIdSchema,
    startDate: isoDateTimeInRange('startDate').optional(),
    endDate: isoDateTimeInRange('endDate').optional(),
    page: z.coerce.number().int().min(1).max(MAX_PAGE, `page must be at most ${MAX_PAGE}`).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE),
    showType: z.union([z.literal('all'), z.enum(MESSAGE_STATUSES)]).default('all'),
    search: z.union([recordsSearchSchema, z.literal(''), z.object({}).strict()]).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.startDate && v.endDate) {
      const ms = Date.parse(v.endDate) - Date.parse(v.startDate);
      if (ms < 0) ctx.addIssue({ code: 'custom', path: ['endDate'], message: RECORDS_MESSAGES.rangeInvalid });
      else if (ms > (MAX_RANGE_DAYS + 1) * 86_400_000) ctx.addIssue({ code: 'custom', path: ['endDate'], message: RECORDS_MESSAGES.rangeTooLong });
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
 * (ISO) among all rows matching the filters, or null when none match (console.md §2 Monitoring footer).
 */
export interface RecordsPage {
  data: TransactionRecord[];
  page: number;
  limit: number;
  pages: number;
  total: number;
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
 * one-time passwords, and every parameter of an authentication template). Other fields as sent.
 */
export function maskRequestBody(channel: ChannelId, body: Record<string, unknown>, opts: { authenticationTemplate?: boolean } = {}): Record<string, unknown> {
  const out: Record<string, unknown> = { ...body };
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
