/**
 * Rules of the Generate Report pop-up (templates-dashboard-reports.md §2.8, §3 Report generation
 * request, §5.6, §9): the form values, the submit-time messages, the 'All' status choice (sent as an
 * empty list), the request body, and the server's field messages mapped back onto the fields.
 */
import type { ChannelId } from '@pesan/contracts/channels';
import { MAX_RANGE_DAYS } from '@pesan/contracts/records-messages';
import { REPORT_MESSAGES, sanitizeReportName, REPORT_NAME_MAX, type GenerateReportInput, type ReportType } from '@pesan/contracts/reports';
import type { ApiError } from '../../../lib/api-client.ts';
import type { DayRange } from './criteria.ts';

/** The 'All' option of the Status field. */
export const STATUS_ALL = 'all';

/** Message of an empty Application (the spec leaves the field implicit; the API needs it). */
export const APPLICATION_REQUIRED = 'Application is Required';

export interface GenerateFormValues {
  title: string;
  application_id: string | null;
  channel: ChannelId | null;
  /** Message statuses of the channel, or [STATUS_ALL]. */
  status: string[];
  type: ReportType | null;
  range: DayRange | null;
}

/** The form as it opens without a prefill. */
export const EMPTY_GENERATE_FORM: GenerateFormValues = { title: '', application_id: null, channel: null, status: [], type: null, range: null };

/** The name as the field keeps it while typing: sanitised (§5.1) and cut at 512 characters. */
export const liveReportName = (typed: string): string => sanitizeReportName(typed).slice(0, REPORT_NAME_MAX);

/**
 * Status selection after a change in the multi-select: picking 'All' keeps only 'All'; picking a
 * status while 'All' is selected drops 'All'.
 */
export function nextStatusSelection(prev: readonly string[], next: readonly string[]): string[] {
  const hadAll = prev.includes(STATUS_ALL);
  if (next.includes(STATUS_ALL) && !hadAll) return [STATUS_ALL];
  if (hadAll && next.length > 1) return next.filter((s) => s !== STATUS_ALL);
  return [...next];
}

/** Calendar days in `[start, end]`, both counted ('YYYY-MM-DD'). */
const spanDays = ([start, end]: DayRange) => (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000 + 1;

/** The 1–31 day rule (§5.6) as a message, or null. */
export function formRangeError(range: DayRange | null): string | null {
  if (!range) return REPORT_MESSAGES.dateRequired;
  const days = spanDays(range);
  if (!Number.isFinite(days)) return REPORT_MESSAGES.dateRequired;
  if (days < 1) return REPORT_MESSAGES.rangeInvalid;
  return days > MAX_RANGE_DAYS ? REPORT_MESSAGES.rangeTooLong : null;
}

/** Submit-time messages of §5.6, keyed by field (empty when the form can be sent). */
export function validateGenerateForm(v: GenerateFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!sanitizeReportName(v.title)) errors.title = REPORT_MESSAGES.nameRequired;
  if (!v.application_id) errors.application_id = APPLICATION_REQUIRED;
  if (!v.channel) errors.channel = REPORT_MESSAGES.channelRequired;
  if (v.status.length === 0) errors.status = REPORT_MESSAGES.statusRequired;
  if (!v.type) errors.type = REPORT_MESSAGES.typeRequired;
  const range = formRangeError(v.range);
  if (range) errors.range = range;
  return errors;
}

/** The request body of valid values ('All' -> an empty status list). */
export function toGenerateInput(v: GenerateFormValues): GenerateReportInput {
  if (!v.application_id || !v.channel || !v.type || !v.range) throw new Error('toGenerateInput needs validated values');
  return {
    application_id: v.application_id,
    title: sanitizeReportName(v.title),
    channel: v.channel,
    status: v.status.includes(STATUS_ALL) ? [] : [...v.status],
    start_date: v.range[0],
    end_date: v.range[1],
    type: v.type,
  };
}

/** Form field of a server detail path: 'title' -> 'title', 'status.1' -> 'status', 'end_date' -> 'range'. */
function fieldOfPath(path: string): keyof GenerateFormValues | null {
  const head = path.split('.')[0];
  switch (head) {
    case 'title':
    case 'application_id':
    case 'channel':
    case 'status':
    case 'type':
      return head;
    case 'start_date':
    case 'end_date':
      return 'range';
    default:
      return null;
  }
}

/** The server's 400 field messages (error envelope details) by form field; the first per field wins. */
export function serverFieldErrors(err: ApiError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of err.details) {
    const field = fieldOfPath(d.path);
    if (field && !out[field]) out[field] = d.message;
  }
  return out;
}
