/**
 * Generate Report (templates-dashboard-reports.md §2.7, §2.8, §3 Report row / Report list criteria /
 * Report generation request, §4 Report status, §5.6, §7.3, §8, §9; ARCHITECTURE.md §5).
 *
 * THIS FILE IS THE CONTRACT THE WEB PAGE (apps/web/src/features/reports) USES. Shapes are pinned:
 * add fields if needed, never rename or remove one.
 *
 * Calls (session with an organization; another organization's application or report is a 404):
 * - `POST /api/report/list/generate-report` reportListQuerySchema     -> reportListResponseSchema
 * - `POST /api/report/generate-report`      generateReportSchema      -> 201 {data: ReportRow}
 * - `GET  /api/report/{id}`                 -                         -> {data: ReportRow} (progress polling)
 * - `GET  /api/report/{id}/download`        -                         -> the file (done reports only; else 409)
 */
import { singleLine } from './text-fields.ts';
import { z } from './zod.ts';
import { listOf, MAX_APPLICATION_FILTER } from './list-field.ts';
import { CHANNEL_IDS, type ChannelId } from './channels.ts';
import { MAX_PAGE } from './application-messages.ts';
import { DASHBOARD_STATUSES } from './dashboard.ts';
import { consoleDate, isConsoleDay, MAX_RANGE_DAYS, recordsRangeError } from './records.ts';
import type { MessageStatus } from './statuses.ts';
import { tooLongMessage, ZOD_MESSAGES } from './zod-messages.ts';
import { VALIDATION_MESSAGES } from './server-messages.ts';

/** Report list page size (§9). */
export const REPORT_PAGE_SIZE = 10;
/** Longest report name, as a template name (§5.1, §5.6). */
export const REPORT_NAME_MAX = 512;
/** Reports (and their files) are deleted this many days after they were created. */
export const REPORT_RETENTION_DAYS = 30;
/**
 * Reports an organization may have waiting or being generated at once (issue 23): one more is
 * refused with 429 REPORT_MESSAGES.tooManyPending and stored nowhere. Not in the spec.
 */
export const REPORT_PENDING_LIMIT = 10;

export const REPORT_MESSAGES = {
  /** §2.7 */
  title: 'Generate Report',
  subtitle: 'You can generate a hit rate report based on date range & status.',
  /** §5.6 */
  nameRequired: 'Report Name is Required',
  statusRequired: 'Status is Required',
  typeRequired: 'Type is Required',
  channelRequired: 'Channel is Required',
  dateRequired: 'Date is required',
  rangeTooLong: 'Date range must be at most 31 days',
  rangeInvalid: 'End date must be after start date',
  statusNotOfChannel: 'Status is not one of the chosen channel',
  /** §8 */
  generated: 'Success! A new report has been generated!',
  errorTitle: 'Error!',
  downloaded: 'Report results have been downloaded successfully',
  /** §2.7: the same empty state as the template list (§2.2). */
  empty: "Sorry we couldn't find any result. Try adjusting your search or filter to find what you're looking for.",
  notReady: 'The report is not ready yet: download it when its status is Done',
  notFound: 'Report not found',
  /** additional_info.reason of a report whose generation was interrupted too often. */
  interrupted: 'Generation was interrupted; generate the report again',
  statusUnknown: 'Unknown report status',
  /** 429 when the organization has REPORT_PENDING_LIMIT reports in Preparation or Processing. */
  tooManyPending: `Your organization already has ${REPORT_PENDING_LIMIT} reports in Preparation or Processing, the most at once. Generate this report when one of them is done.`,
} as const;

// ---------------------------------------------------------------------------------------------
// Types, channels, statuses (§4, §9)
// ---------------------------------------------------------------------------------------------

/** Download types (§9): value and label. `xlsx` writes a real Office Open XML workbook. */
export const REPORT_TYPES = ['csv', 'xlsx'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const REPORT_TYPE_LABELS: Record<ReportType, string> = { csv: '.CSV', xlsx: '.XLS' };
export const REPORT_CONTENT_TYPES: Record<ReportType, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * Report channels in the order and with the labels of §9: Whatsapp, SMS, Email, Voice, Voice OTP,
 * SMS OTP. Values are Pesan's channel ids; the spec's own values (`voice`, `call-otp`, `sms-otp`)
 * are accepted too (reportChannelSchema).
 */
export const REPORT_CHANNEL_OPTIONS: readonly { value: ChannelId; label: string }[] = [
  { value: 'whatsapp', label: 'Whatsapp' },
  { value: 'sms', label: 'SMS' },
  { value: 'email', label: 'Email' },
  { value: 'call', label: 'Voice' },
  { value: 'voice_otp', label: 'Voice OTP' },
  { value: 'sms_otp', label: 'SMS OTP' },
];
const SPEC_CHANNEL_ALIASES: Record<string, ChannelId> = { voice: 'call', 'call-otp': 'voice_otp', 'sms-otp': 'sms_otp' };

/** A report channel: a channel id or the spec's value for it (§9). */
export const reportChannelSchema = z.preprocess(
  (v) => (typeof v === 'string' && v in SPEC_CHANNEL_ALIASES ? SPEC_CHANNEL_ALIASES[v] : v),
  z.enum(CHANNEL_IDS, { error: (i) => (i.input === undefined || i.input === '' ? REPORT_MESSAGES.channelRequired : 'Unknown channel') }),
);

/**
 * Statuses a report of a channel can filter on: every status a message of the channel can have
 * (its lifecycle, then its failures). Pesan's own statuses, not the spec's §9 lists, which name
 * statuses some channels never reach here (ARCHITECTURE.md §7: the status pipeline).
 */
export const REPORT_STATUSES_BY_CHANNEL: Record<ChannelId, readonly MessageStatus[]> = DASHBOARD_STATUSES;

/** Report status (§4): stored value -> label. */
export const REPORT_STATUSES = ['in-queue', 'processing', 'done', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  'in-queue': 'Preparation',
  processing: 'Processing',
  done: 'Done',
  failed: 'Failed',
};

/**
 * A report name sanitised like a template name (§5.1, §5.6): spaces become underscores, characters
 * other than letters, digits and underscore are removed, and the text is lower-cased.
 */
export function sanitizeReportName(name: string): string {
  return name.replace(/ /g, '_').replace(/[^A-Za-z0-9_]/g, '').toLowerCase();
}

/** Search text of the report list: trimmed; a leading 0 becomes 62 (§2.7). */
export function normaliseReportSearch(search: string): string {
  const trimmed = search.trim();
  return trimmed.startsWith('0') ? `62${trimmed.slice(1)}` : trimmed;
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

const dayOrIso = (name: string) =>
  z
    .string({ error: (i) => (i.input === undefined ? REPORT_MESSAGES.dateRequired : VALIDATION_MESSAGES.mustBeDate(`\`${name}\``)) })
    .min(1, REPORT_MESSAGES.dateRequired)
    .max(40, VALIDATION_MESSAGES.mustBeDateOrIso(`\`${name}\``))
    .pipe(consoleDate(name));
const anyDate = consoleDate('date');

/**
 * Body of `POST /api/report/generate-report` (§3 Report generation request, §5.6): the title is
 * sanitised (§5.1) and must keep at least one character; `status` lists statuses of the channel
 * (an empty list = 'All', every status); dates `YYYY-MM-DD` (whole days in the organization's time
 * zone) or ISO date-times, 1–31 days; `search` narrows to a recipient or message id as Monitoring's
 * search does (a number: normalised prefix; hex: message id prefix; on email: text in the address).
 */
export const generateReportSchema = z
  .object({
    application_id: z.string({ error: ZOD_MESSAGES.required('`application_id`') }).min(1, ZOD_MESSAGES.required('`application_id`')).max(64),
    title: z
      .string({ error: REPORT_MESSAGES.nameRequired })
      .max(REPORT_NAME_MAX * 4, tooLongMessage('Report Name', REPORT_NAME_MAX))
      .transform(sanitizeReportName)
      .pipe(z.string().min(1, REPORT_MESSAGES.nameRequired).max(REPORT_NAME_MAX, tooLongMessage('Report Name', REPORT_NAME_MAX))),
    channel: reportChannelSchema,
    status: z.array(z.string().max(40), { error: REPORT_MESSAGES.statusRequired }).max(20),
    start_date: dayOrIso('start_date'),
    end_date: dayOrIso('end_date'),
    type: z.enum(REPORT_TYPES, { error: (i) => (i.input === undefined || i.input === '' ? REPORT_MESSAGES.typeRequired : 'Type must be csv or xlsx') }),
    search: singleLine(z.string().trim().max(254, tooLongMessage('Search', 254)), 'Search').optional(),
  })
  .superRefine((v, ctx) => {
    const allowed = REPORT_STATUSES_BY_CHANNEL[v.channel] as readonly string[];
    v.status.forEach((s, i) => {
      if (!allowed.includes(s)) ctx.addIssue({ code: 'custom', path: ['status', i], message: `${REPORT_MESSAGES.statusNotOfChannel}: ${s}` });
    });
    if (anyDate.safeParse(v.start_date).success && anyDate.safeParse(v.end_date).success) {
      const error = recordsRangeError(v.start_date, v.end_date);
      if (error) ctx.addIssue({ code: 'custom', path: ['end_date'], message: error });
    }
  });
export type GenerateReportInput = z.input<typeof generateReportSchema>;
export type GenerateReportRequest = z.output<typeof generateReportSchema>;

const listDay = (name: string) =>
  z.string().refine(isConsoleDay, VALIDATION_MESSAGES.mustBeDate(`\`${name}\``));

/**
 * Body of `POST /api/report/list/generate-report` (§3 Report list criteria): reports of the listed
 * applications (none listed = every application of the organization), channels and report statuses
 * (`type` is the spec's name of the status list), created in `start_date`..`end_date` (whole days,
 * both or neither; 'All Time' sends neither), whose title contains `search` (case-insensitive;
 * a leading 0 becomes 62). Newest first, `limit` per page.
 */
export const reportListQuerySchema = z
  .object({
    application_id: listOf(z.string().min(1).max(64), MAX_APPLICATION_FILTER).default([]),
    channel: listOf(reportChannelSchema, CHANNEL_IDS.length).default([]),
    type: listOf(z.enum(REPORT_STATUSES, { error: REPORT_MESSAGES.statusUnknown }), REPORT_STATUSES.length).default([]),
    start_date: listDay('start_date').optional(),
    end_date: listDay('end_date').optional(),
    search: singleLine(z.string().max(REPORT_NAME_MAX, tooLongMessage('Search', REPORT_NAME_MAX)), 'Search').optional(),
    page: z.coerce.number().int().min(1).max(MAX_PAGE, VALIDATION_MESSAGES.pageTooLarge(MAX_PAGE)).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(REPORT_PAGE_SIZE),
  })
  .superRefine((v, ctx) => {
    if (!!v.start_date !== !!v.end_date) ctx.addIssue({ code: 'custom', path: [v.start_date ? 'end_date' : 'start_date'], message: REPORT_MESSAGES.dateRequired });
    if (v.start_date && v.end_date && isConsoleDay(v.start_date) && isConsoleDay(v.end_date) && v.end_date < v.start_date)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: REPORT_MESSAGES.rangeInvalid });
  });
export type ReportListInput = z.input<typeof reportListQuerySchema>;
export type ReportListQuery = z.output<typeof reportListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/**
 * One report (§3 Report row) with Pesan's additions: `type`, the application, `total_data` (rows
 * the report holds, counted when generation starts; null before) beside `data_processed` (rows
 * written so far: progress = data_processed / total_data), the statuses and search it was asked
 * for, and `url` (the download path, only when done). Dates: ISO instants; start_date and end_date
 * as they were asked (`YYYY-MM-DD` or ISO).
 */
export const reportRowSchema = z.object({
  _id: z.string(),
  name: z.string(),
  application_id: z.string(),
  application_name: z.string(),
  channel: z.enum(CHANNEL_IDS),
  type: z.enum(REPORT_TYPES),
  status: z.enum(REPORT_STATUSES),
  statuses: z.array(z.string()),
  search: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string(),
  data_processed: z.number().int(),
  total_data: z.number().int().nullable(),
  additional_info: z.object({ reason: z.string().nullable() }),
  url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const reportResponseSchema = z.object({ data: reportRowSchema });
export const reportListResponseSchema = z.object({
  data: z.array(reportRowSchema),
  page: z.number().int(),
  limit: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type ReportListResponse = z.infer<typeof reportListResponseSchema>;

/** Whether a report is still being made (its row polls for progress). */
export function isReportRunning(status: ReportStatus): boolean {
  return status === 'in-queue' || status === 'processing';
}

/** File name of a report's download (`{title}_{start}_{end}.csv|xlsx`; ISO dates keep their day). */
export function reportFileName(r: { name: string; start_date: string; end_date: string; type: ReportType }): string {
  const day = (d: string) => d.slice(0, 10);
  return `${r.name}_${day(r.start_date)}_${day(r.end_date)}.${r.type}`;
}

/** Header row of a report file (the columns of issue 12), the time zone named on the date columns. */
export function reportColumns(timeZone: string): string[] {
  return ['Message ID', 'Recipient', 'Channel', 'Status', 'Reason', 'Country', 'Segments', 'Template Name', `Created At (${timeZone})`, `Updated At (${timeZone})`];
}

export { MAX_RANGE_DAYS };
