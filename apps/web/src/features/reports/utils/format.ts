/**
 * Display texts of a report row (templates-dashboard-reports.md §2.7, §4, §9): channel label,
 * 'Range Date' (start - end), progress ('1,234 of 5,000 rows').
 */
import type { ChannelId } from '@pesan/contracts/channels';
import { REPORT_CHANNEL_OPTIONS, type ReportRow } from '@pesan/contracts/reports';
import dayjs from 'dayjs';
import { formatNumber, inDisplayZone } from '../../../lib/format.ts';
import i18n from '../../../lib/i18n.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Thousands with the language's separators: 1234 -> '1,234' / '1.234'. */
export const formatCount = (n: number): string => formatNumber(n);

/** Label of a report channel ('call' -> 'Voice'); the id itself when unknown. */
export function reportChannelLabel(channel: ChannelId | string): string {
  return REPORT_CHANNEL_OPTIONS.find((o) => o.value === channel)?.label ?? channel;
}

/** One end of a report range: a day 'YYYY-MM-DD' -> 'DD-MM-YYYY'; an ISO date-time -> 'DD-MM-YYYY hh:mm A' (in the organization's zone). */
export function formatRangeEnd(value: string): string {
  if (DAY.test(value)) return dayjs(value).format('DD-MM-YYYY');
  if (!dayjs(value).isValid()) return value;
  return inDisplayZone(value).locale('en').format('DD-MM-YYYY hh:mm A');
}

/** 'Range Date' column: '01-03-2026 - 07-03-2026'. */
export const formatReportRange = (row: Pick<ReportRow, 'start_date' | 'end_date'>): string =>
  `${formatRangeEnd(row.start_date)} - ${formatRangeEnd(row.end_date)}`;

/** The parts of a text that must not break inside: '01-03-2026 - 07-03-2026' -> ['01-03-2026 -', '07-03-2026']. */
export function unbreakableParts(text: string): string[] {
  const range = text.split(' - ');
  if (range.length === 2) return [`${range[0]} -`, range[1]!];
  // 'DD-MM-YYYY hh:mm:ss A': the day, then the time.
  const m = /^(\d{2}-\d{2}-\d{4}) (.+)$/.exec(text);
  return m ? [m[1]!, m[2]!] : [text];
}

/** 'Total Data' column: the row count, '-' before it is counted. */
export const formatTotalData = (row: Pick<ReportRow, 'total_data'>): string => (row.total_data === null ? '-' : formatCount(row.total_data));

export interface ReportProgress {
  /** 0–100, for the bar; null while the rows are not counted yet. */
  percent: number | null;
  /** What the bar says: '1,234 of 5,000 rows', or 'Waiting to start' before counting (current language). */
  text: string;
}

/** Progress of a report being made: rows written (data_processed) of the rows counted (total_data). */
export function reportProgress(row: Pick<ReportRow, 'data_processed' | 'total_data'>): ReportProgress {
  if (row.total_data === null) return { percent: null, text: i18n.t('reports:progress.waiting') };
  const done = Math.min(row.data_processed, row.total_data);
  const percent = row.total_data === 0 ? 100 : Math.floor((done / row.total_data) * 100);
  return { percent, text: i18n.t('reports:progress.rows', { done: formatCount(done), total: formatCount(row.total_data) }) };
}
