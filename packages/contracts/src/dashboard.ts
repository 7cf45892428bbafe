/**
 * Overview dashboard calls (ARCHITECTURE.md §5; templates-dashboard-reports.md §2.6, §3, §4, §7.2, §8, §9).
 *
 * THIS FILE IS THE CONTRACT THE WEB DASHBOARD (apps/web/src/features/dashboard) USES. Its shapes are
 * pinned: add fields if needed, never rename or remove one. Any change of shape is listed here:
 *   (none so far)
 *
 * Calls (all answers `{data: …}`; dates `YYYY-MM-DD` = a whole day in the organization's time zone,
 * DASHBOARD_TIME_ZONE by default, end inclusive, or ISO date-times with offset; 1–31 days):
 * - `POST /api/report/rate`             dashboardQuerySchema        -> rateResponseSchema
 * - `POST /api/report/usage`            dashboardQuerySchema        -> usageResponseSchema (§3 field names per channel)
 * - `POST /api/report/usage/range-date` dashboardQuerySchema        -> rangeDateResponseSchema
 * - `POST /api/whatsapp-api/conversation` conversationQuerySchema   -> conversationResponseSchema
 * - `GET /api/report/usage/download`    dashboardDownloadQuerySchema -> .xlsx, usageFileName()
 * - `GET /api/whatsapp-api/conversation/download` conversationDownloadQuerySchema -> .xlsx, sessionFileName()
 * Another organization's application is a 404; a channel the application does not have answers zeros.
 */
import { z } from './zod.ts';
import type { ChannelId } from './channels.ts';
import { channelIdSchema } from './channels-schema.ts';
import { FAILURE_STATUSES, LIFECYCLES, type MessageStatus } from './statuses.ts';
import { isoDateTimeInRange, MAX_DATE_YEAR, MAX_RANGE_DAYS, MIN_DATE_YEAR } from './records.ts';
import { VALIDATION_MESSAGES } from './server-messages.ts';
import { ZOD_MESSAGES } from './zod-messages.ts';
import { dateTimeFormat } from './time-zone.ts';

/** Time zone of `YYYY-MM-DD` dates and of day/hour labels when the organization names none (ARCHITECTURE.md §5). */
export const DASHBOARD_TIME_ZONE = 'Asia/Jakarta';

/** Default range of the dashboard: the last 7 days, today included (§2.6, §9). */
export const DASHBOARD_DEFAULT_DAYS = 7;

export const DASHBOARD_MESSAGES = {
  /** Same texts as Monitoring (records.ts RECORDS_MESSAGES). */
  rangeTooLong: 'Date range must be at most 31 days',
  rangeInvalid: 'End date must be after start date',
  /** §8: dashboard usage or chart load failure. */
  loadFailedTitle: 'Error!',
  loadFailed: 'Something went wrong or Data Is Empty',
  /** §8: download success toast. */
  downloaded: 'Report results have been downloaded successfully',
} as const;

// ---------------------------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------------------------

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `v` is a real calendar day `YYYY-MM-DD` in MIN_DATE_YEAR..MAX_DATE_YEAR. */
export function isCalendarDay(v: string): boolean {
  const m = YMD.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < MIN_DATE_YEAR || y > MAX_DATE_YEAR) return false;
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
}

/** A dashboard date field: `YYYY-MM-DD` (a whole day in the organization's time zone) or an ISO date-time with offset. */
export function dashboardDateSchema(name: string) {
  const iso = isoDateTimeInRange(name);
  return z
    .string({ error: (i) => (i.input === undefined ? ZOD_MESSAGES.required(`\`${name}\``) : VALIDATION_MESSAGES.mustBeDate(`\`${name}\``)) })
    .max(40, { error: VALIDATION_MESSAGES.mustBeDate(`\`${name}\``), abort: true })
    .regex(/^\d{4}-\d{2}-\d{2}(T.+)?$/, { error: VALIDATION_MESSAGES.mustBeDateOrIso(`\`${name}\``), abort: true })
    .superRefine((v, ctx) => {
      if (YMD.test(v)) {
        if (!isCalendarDay(v)) ctx.addIssue({ code: 'custom', message: VALIDATION_MESSAGES.realDateBetweenYears(`\`${name}\``, MIN_DATE_YEAR, MAX_DATE_YEAR) });
        return;
      }
      const r = iso.safeParse(v);
      if (!r.success) ctx.addIssue({ code: 'custom', message: VALIDATION_MESSAGES.mustBeDateOrIso(`\`${name}\``) });
    });
}

/** Offset of `timeZone` from UTC at `instant`, in minutes (Asia/Jakarta: 420). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const parts = dateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(instant);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The local calendar day (`YYYY-MM-DD`) and hour (0–23) of `instant` in `timeZone`. */
export function localParts(instant: Date, timeZone: string): { day: string; hour: number } {
  const local = new Date(instant.getTime() + zoneOffsetMinutes(instant, timeZone) * 60_000);
  return { day: local.toISOString().slice(0, 10), hour: local.getUTCHours() };
}

/** The instant local midnight of `day` (`YYYY-MM-DD`) begins in `timeZone`. */
export function localDayStart(day: string, timeZone: string): Date {
  const naive = Date.parse(`${day}T00:00:00Z`);
  let guess = naive - zoneOffsetMinutes(new Date(naive), timeZone) * 60_000;
  // Second pass settles days whose offset differs from the naive guess's (DST edges).
  guess = naive - zoneOffsetMinutes(new Date(guess), timeZone) * 60_000;
  return new Date(guess);
}

/** `day` plus `n` calendar days, `YYYY-MM-DD`. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Range rule of the dashboard (§5.7, §9: 1 to 31 days): for two `YYYY-MM-DD` days, end ≥ start and
 * at most 31 days counting both ends; for date-times (or a mix), end ≥ start and at most 31 × 24 h
 * apart. Returns the message of the broken rule (DASHBOARD_MESSAGES), or null.
 */
export function dateRangeError(startDate: string, endDate: string): string | null {
  if (YMD.test(startDate) && YMD.test(endDate)) {
    const days = (Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000;
    if (days < 0) return DASHBOARD_MESSAGES.rangeInvalid;
    if (days + 1 > MAX_RANGE_DAYS) return DASHBOARD_MESSAGES.rangeTooLong;
    return null;
  }
  const start = YMD.test(startDate) ? Date.parse(`${startDate}T00:00:00Z`) : Date.parse(startDate);
  const end = YMD.test(endDate) ? Date.parse(`${endDate}T23:59:59.999Z`) : Date.parse(endDate);
  if (end < start) return DASHBOARD_MESSAGES.rangeInvalid;
  if (end - start > MAX_RANGE_DAYS * 86_400_000) return DASHBOARD_MESSAGES.rangeTooLong;
  return null;
}

/** One bucket of a chart or sheet: its label and the instants it covers, `[from, to)`. */
export interface DashboardBucket {
  label: string;
  from: Date;
  to: Date;
}

/** A resolved dashboard range: instants `[from, to)`, granularity, buckets, and the local first and last day. */
export interface ResolvedRange {
  from: Date;
  to: Date;
  granularity: 'hour' | 'day';
  buckets: DashboardBucket[];
  startDay: string;
  endDay: string;
}

const floorHour = (ms: number) => Math.floor(ms / 3_600_000) * 3_600_000;
const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * Turns a valid request range into instants and chart buckets (§2.6: hourly labels for a single
 * day, daily otherwise). `YYYY-MM-DD` is a whole local day of `timeZone` (end inclusive); a
 * date-time is that instant, widened to its whole hour (the rollups are hourly). Hour labels are
 * local `YYYY-MM-DD HH:00`, day labels local `YYYY-MM-DD`. Call dateRangeError first.
 */
export function resolveDashboardRange(startDate: string, endDate: string, timeZone: string = DASHBOARD_TIME_ZONE): ResolvedRange {
  const startIsDay = YMD.test(startDate);
  const endIsDay = YMD.test(endDate);
  const from = startIsDay ? localDayStart(startDate, timeZone) : new Date(floorHour(Date.parse(startDate)));
  const to = endIsDay ? localDayStart(addDays(endDate, 1), timeZone) : new Date(floorHour(Date.parse(endDate)) + 3_600_000);
  const startDay = startIsDay ? startDate : localParts(from, timeZone).day;
  const endDay = endIsDay ? endDate : localParts(new Date(to.getTime() - 1), timeZone).day;
  const single = startIsDay && endIsDay ? startDate === endDate : to.getTime() - from.getTime() <= 24 * 3_600_000;
  const buckets: DashboardBucket[] = [];
  if (single) {
    for (let t = from.getTime(); t < to.getTime(); t += 3_600_000) {
      const p = localParts(new Date(t), timeZone);
      buckets.push({ label: `${p.day} ${pad2(p.hour)}:00`, from: new Date(t), to: new Date(Math.min(t + 3_600_000, to.getTime())) });
    }
  } else {
    for (let day = startDay; day <= endDay; day = addDays(day, 1)) {
      const a = Math.max(localDayStart(day, timeZone).getTime(), from.getTime());
      const b = Math.min(localDayStart(addDays(day, 1), timeZone).getTime(), to.getTime());
      buckets.push({ label: day, from: new Date(a), to: new Date(b) });
    }
  }
  return { from, to, granularity: single ? 'hour' : 'day', buckets, startDay, endDay };
}

/** The default range, last 7 days through today in `timeZone` (§2.6, §9), as `YYYY-MM-DD`. */
export function defaultDashboardRange(now: Date = new Date(), timeZone: string = DASHBOARD_TIME_ZONE): { startDate: string; endDate: string } {
  const today = localParts(now, timeZone).day;
  return { startDate: addDays(today, -(DASHBOARD_DEFAULT_DAYS - 1)), endDate: today };
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

function withRange<T extends { startDate: string; endDate: string }>(v: T, ctx: z.RefinementCtx, keys: [string, string] = ['startDate', 'endDate']) {
  if (!YMD.test(v.startDate) && !isoDateTimeInRange('x').safeParse(v.startDate).success) return;
  if (!YMD.test(v.endDate) && !isoDateTimeInRange('x').safeParse(v.endDate).success) return;
  const message = dateRangeError(v.startDate, v.endDate);
  if (message) ctx.addIssue({ code: 'custom', path: [keys[1]], message });
}

/** Body of `POST /api/report/rate`, `/api/report/usage`, `/api/report/usage/range-date` (§7.2). */
export const dashboardQuerySchema = z
  .object({
    application_id: z.string({ error: ZOD_MESSAGES.required('`application_id`') }).min(1, ZOD_MESSAGES.required('`application_id`')).max(64),
    channel: channelIdSchema,
    startDate: dashboardDateSchema('startDate'),
    endDate: dashboardDateSchema('endDate'),
  })
  .superRefine((v, ctx) => withRange(v, ctx));
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** Body of `POST /api/whatsapp-api/conversation` (§7.2). */
export const conversationQuerySchema = z
  .object({
    application_id: z.string({ error: ZOD_MESSAGES.required('`application_id`') }).min(1, ZOD_MESSAGES.required('`application_id`')).max(64),
    startDate: dashboardDateSchema('startDate'),
    endDate: dashboardDateSchema('endDate'),
  })
  .superRefine((v, ctx) => withRange(v, ctx));
export type ConversationQuery = z.infer<typeof conversationQuerySchema>;

/** Query of `GET /api/report/usage/download` (§7.2 downloads). */
export const dashboardDownloadQuerySchema = z
  .object({
    application_id: z.string({ error: ZOD_MESSAGES.required('`application_id`') }).min(1, ZOD_MESSAGES.required('`application_id`')).max(64),
    channel: channelIdSchema,
    start_date: dashboardDateSchema('start_date'),
    end_date: dashboardDateSchema('end_date'),
  })
  .superRefine((v, ctx) => withRange({ startDate: v.start_date, endDate: v.end_date }, ctx, ['start_date', 'end_date']));
export type DashboardDownloadQuery = z.infer<typeof dashboardDownloadQuerySchema>;

/** Query of `GET /api/whatsapp-api/conversation/download`; `channel` is accepted and ignored (always WhatsApp). */
export const conversationDownloadQuerySchema = z
  .object({
    application_id: z.string({ error: ZOD_MESSAGES.required('`application_id`') }).min(1, ZOD_MESSAGES.required('`application_id`')).max(64),
    channel: channelIdSchema.optional(),
    start_date: dashboardDateSchema('start_date'),
    end_date: dashboardDateSchema('end_date'),
  })
  .superRefine((v, ctx) => withRange({ startDate: v.start_date, endDate: v.end_date }, ctx, ['start_date', 'end_date']));
export type ConversationDownloadQuery = z.infer<typeof conversationDownloadQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Statuses and rates (§4, §9)
// ---------------------------------------------------------------------------------------------

function unique<T>(xs: readonly T[]): T[] {
  return [...new Set(xs)];
}

/** Every status a channel's message can have: its lifecycle then its failures (the chart's lines, the sheets' columns). */
export const DASHBOARD_STATUSES: Record<ChannelId, readonly MessageStatus[]> = {
  whatsapp: unique([...LIFECYCLES.whatsapp, ...FAILURE_STATUSES.whatsapp]),
  sms: unique([...LIFECYCLES.sms, ...FAILURE_STATUSES.sms]),
  sms_otp: unique([...LIFECYCLES.sms_otp, ...FAILURE_STATUSES.sms_otp]),
  email: unique([...LIFECYCLES.email, ...FAILURE_STATUSES.email]),
  call: unique([...LIFECYCLES.call, ...FAILURE_STATUSES.call]),
  voice_otp: unique([...LIFECYCLES.voice_otp, ...FAILURE_STATUSES.voice_otp]),
};

/**
 * The status groups of the success and failure rates (§9), per channel. SMS OTP uses the SMS rule;
 * Voice OTP (not in §9) uses the Call rule plus its own `success`. Statuses in neither group (such
 * as `in_queue`) count only in the total.
 */
export const RATE_GROUPS: Record<ChannelId, { success: readonly MessageStatus[]; failure: readonly MessageStatus[] }> = {
  whatsapp: { success: ['delivered', 'read'], failure: ['failed', 'rejected', 'submitted'] },
  email: { success: ['delivered', 'clicked', 'opened', 'submitted'], failure: ['failed', 'unsubscribe'] },
  sms: { success: ['sent', 'delivered', 'submitted'], failure: ['failed', 'undelivered'] },
  sms_otp: { success: ['sent', 'delivered', 'submitted'], failure: ['failed', 'undelivered'] },
  call: { success: ['sent', 'delivered', 'submitted', 'answered'], failure: ['failed', 'undelivered', 'user_busy', 'rna'] },
  voice_otp: { success: ['sent', 'delivered', 'submitted', 'answered', 'success'], failure: ['failed', 'undelivered', 'user_busy', 'rna'] },
};

/** Counts per status; a missing status is 0. */
export type StatusCounts = Partial<Record<MessageStatus, number>>;

/** `part / total` as a percentage rounded to 2 decimals (§9); 0 when total is 0. */
export function percentage(part: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((part / total) * 10_000) / 100;
}

/** A rate as the dashboard shows it: two decimals and a percent sign (`12.5` -> `'12.50%'`). */
export function formatRate(rate: number): string {
  return `${rate.toFixed(2)}%`;
}

/**
 * Total, success and failure of a channel from its counts per status (§9): total is every record
 * (all statuses), success and failure the sums of RATE_GROUPS, rates in percent with 2 decimals.
 */
export function rateSummary(channel: ChannelId, counts: StatusCounts): { total: number; success: number; failure: number; success_rate: number; failure_rate: number } {
  const sum = (xs: readonly MessageStatus[]) => xs.reduce((n, s) => n + (counts[s] ?? 0), 0);
  const total = Object.values(counts).reduce<number>((n, c) => n + (c ?? 0), 0);
  const success = sum(RATE_GROUPS[channel].success);
  const failure = sum(RATE_GROUPS[channel].failure);
  return { total, success, failure, success_rate: percentage(success, total), failure_rate: percentage(failure, total) };
}

/**
 * Status tooltip texts of the dashboard (§2.6 names them; the wording is not shown in the spec, so
 * this is Pesan's). English; the web may translate by status key.
 */
export const STATUS_TOOLTIPS: Partial<Record<MessageStatus, string>> = {
  delivered: 'The message reached the recipient.',
  read: 'The recipient opened the message.',
  submitted: 'The message was accepted and is waiting to be handed to the carrier.',
  rejected: 'The carrier refused the message.',
  failed: 'The message could not be sent.',
  sent: 'The carrier took the message; no delivery report yet.',
  opened: 'The recipient opened the e-mail.',
  clicked: 'The recipient clicked a link in the e-mail.',
  in_call: 'The call is ringing or in progress.',
  answered: 'The recipient answered the call.',
  rna: 'Ring no answer: the call rang but nobody answered.',
  in_queue: 'The message is queued for sending.',
  undelivered: 'The carrier could not deliver the message.',
  user_busy: 'The recipient was busy.',
  unsubscribe: 'The recipient unsubscribed.',
  success: 'The call was placed and the code delivered.',
};

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

const count = z.number().int().nonnegative();
const byStatusSchema = z.record(z.string(), count);

/** `POST /api/report/rate` answer. `by_status` holds every status of DASHBOARD_STATUSES[channel] (0 when none). */
export const rateDataSchema = z.object({
  channel: channelIdSchema,
  total: count,
  success: count,
  failure: count,
  /** Percent, 2 decimals (§9). */
  success_rate: z.number(),
  failure_rate: z.number(),
  by_status: byStatusSchema,
});
export const rateResponseSchema = z.object({ data: rateDataSchema });
export type RateData = z.infer<typeof rateDataSchema>;

/** WhatsApp, SMS and SMS OTP usage counters (§3 Report response). */
export const messagingUsageSchema = z.object({
  channel: z.enum(['whatsapp', 'sms', 'sms_otp']),
  total: count,
  total_delivered: count,
  total_read: count,
  total_submitted: count,
  total_rejected: count,
  total_failed: count,
  total_sent: count,
  total_undelivered: count,
  total_in_queue: count,
});
/** Email usage counters (§3). `failed_server` is always 0: Pesan's e-mail failures are all `failed`; `submitted` and `in_queue` are added. */
export const emailUsageSchema = z.object({
  channel: z.literal('email'),
  total: count,
  delivered: count,
  opened: count,
  clicked: count,
  failed: count,
  unsubscribe: count,
  failed_server: count,
  submitted: count,
  in_queue: count,
});
/** Call usage counters (§3), plus `total_user_busy` and `total_in_queue` so the counters add up to `total`. */
export const callUsageSchema = z.object({
  channel: z.literal('call'),
  total: count,
  total_in_call: count,
  total_answered: count,
  total_rna: count,
  total_failed: count,
  total_user_busy: count,
  total_in_queue: count,
});
/** Voice OTP usage counters (not in §3; named in its style after the Voice OTP statuses). */
export const voiceOtpUsageSchema = z.object({
  channel: z.literal('voice_otp'),
  total: count,
  total_in_queue: count,
  total_submitted: count,
  total_success: count,
  total_failed: count,
});
export const usageDataSchema = z.discriminatedUnion('channel', [messagingUsageSchema, emailUsageSchema, callUsageSchema, voiceOtpUsageSchema]);
export const usageResponseSchema = z.object({ data: usageDataSchema });
export type UsageData = z.infer<typeof usageDataSchema>;

/** The usage counters of a channel from its counts per status (§3 field names). */
export function usageCounters(channel: ChannelId, counts: StatusCounts): UsageData {
  const c = (s: MessageStatus) => counts[s] ?? 0;
  const total = Object.values(counts).reduce<number>((n, x) => n + (x ?? 0), 0);
  switch (channel) {
    case 'email':
      return { channel, total, delivered: c('delivered'), opened: c('opened'), clicked: c('clicked'), failed: c('failed'), unsubscribe: c('unsubscribe'), failed_server: 0, submitted: c('submitted'), in_queue: c('in_queue') };
    case 'call':
      return { channel, total, total_in_call: c('in_call'), total_answered: c('answered'), total_rna: c('rna'), total_failed: c('failed'), total_user_busy: c('user_busy'), total_in_queue: c('in_queue') };
    case 'voice_otp':
      return { channel, total, total_in_queue: c('in_queue'), total_submitted: c('submitted'), total_success: c('success'), total_failed: c('failed') };
    default:
      return {
        channel, total,
        total_delivered: c('delivered'), total_read: c('read'), total_submitted: c('submitted'), total_rejected: c('rejected'),
        total_failed: c('failed'), total_sent: c('sent'), total_undelivered: c('undelivered'), total_in_queue: c('in_queue'),
      };
  }
}

/**
 * `POST /api/report/usage/range-date` answer: one label per hour (single day) or per day, local to
 * the time zone; `series[status][i]` counts the messages created in bucket i now at that status,
 * for every status of DASHBOARD_STATUSES[channel]; `total[i]` sums them.
 */
export const rangeDateDataSchema = z.object({
  channel: channelIdSchema,
  granularity: z.enum(['hour', 'day']),
  time_zone: z.string(),
  labels: z.array(z.string()),
  series: z.record(z.string(), z.array(count)),
  total: z.array(count),
});
export const rangeDateResponseSchema = z.object({ data: rangeDateDataSchema });
export type RangeDateData = z.infer<typeof rangeDateDataSchema>;

/** WhatsApp conversation categories and initiators as stored (Meta's, lower-case). */
export const CONVERSATION_CATEGORIES = ['marketing', 'utility', 'authentication', 'service'] as const;
export type ConversationCategory = (typeof CONVERSATION_CATEGORIES)[number];
export const CONVERSATION_INITIATORS = ['business', 'user'] as const;
export type ConversationInitiator = (typeof CONVERSATION_INITIATORS)[number];

/** Series keys of the WhatsApp session chart, one per session figure. */
export const CONVERSATION_SERIES = ['total', 'business_initiated', 'customer_initiated', 'marketing', 'utility', 'authentication', 'service'] as const;

/**
 * `POST /api/whatsapp-api/conversation` answer: the session figures of §3 (spec spelling, including
 * `bussiness`) over the range, counting the WhatsApp messages that carry a conversation, by the hour
 * or day they were created; `series` has one array per CONVERSATION_SERIES key, aligned with `labels`.
 */
export const conversationDataSchema = z.object({
  total_all_conversation: count,
  total_all_bussiness_initiated: count,
  total_all_customer_initiated: count,
  total_all_marketing: count,
  total_all_utility: count,
  total_all_authentication: count,
  total_all_service: count,
  granularity: z.enum(['hour', 'day']),
  time_zone: z.string(),
  labels: z.array(z.string()),
  series: z.object(Object.fromEntries(CONVERSATION_SERIES.map((k) => [k, z.array(count)])) as Record<(typeof CONVERSATION_SERIES)[number], z.ZodArray<typeof count>>),
});
export const conversationResponseSchema = z.object({ data: conversationDataSchema });
export type ConversationData = z.infer<typeof conversationDataSchema>;

/** Counts of one bucket by conversation category and initiator. */
export interface ConversationCounts {
  category: string;
  initiator: string;
  count: number;
}

/** The session figures of a set of conversation counts (§3): totals by initiator and category. */
export function conversationFigures(rows: readonly ConversationCounts[]): Record<(typeof CONVERSATION_SERIES)[number], number> {
  const out = { total: 0, business_initiated: 0, customer_initiated: 0, marketing: 0, utility: 0, authentication: 0, service: 0 };
  for (const r of rows) {
    out.total += r.count;
    if (r.initiator === 'business') out.business_initiated += r.count;
    else if (r.initiator === 'user') out.customer_initiated += r.count;
    if (r.category === 'marketing' || r.category === 'utility' || r.category === 'authentication' || r.category === 'service') out[r.category] += r.count;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Excel file names (§9)
// ---------------------------------------------------------------------------------------------

const USAGE_FILE_CHANNEL: Record<ChannelId, string> = {
  sms: 'SMS', sms_otp: 'SMS_OTP', whatsapp: 'Whatsapp', email: 'Email', call: 'Call', voice_otp: 'Voice_OTP',
};

/** `Report_Usage_{SMS|SMS_OTP|Whatsapp|Email|Call|Voice_OTP}_{start}-{end}.xlsx` with local `YYYY-MM-DD` days (§9). */
export function usageFileName(channel: ChannelId, startDay: string, endDay: string): string {
  return `Report_Usage_${USAGE_FILE_CHANNEL[channel]}_${startDay}-${endDay}.xlsx`;
}

/** `Report_Session_WA_{start}-{end}.xlsx` (§9). */
export function sessionFileName(startDay: string, endDay: string): string {
  return `Report_Session_WA_${startDay}-${endDay}.xlsx`;
}
