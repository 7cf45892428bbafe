/**
 * Overview dashboard (templates-dashboard-reports.md §2.6, §3, §7.2, §9; ARCHITECTURE.md §5): rates,
 * usage counters, trend series, WhatsApp session figures and their Excel exports, all from the hourly
 * rollups (dashboard.repo.ts), never from messages. Rules (formulas, ranges, file names) are in
 * contracts/dashboard.ts; this file only assembles them.
 */
import ExcelJS from 'exceljs';
import type { ChannelId } from '@pesan/contracts/channels';
import {
  CONVERSATION_SERIES,
  DASHBOARD_STATUSES,
  conversationFigures,
  rateSummary,
  resolveDashboardRange,
  sessionFileName,
  usageCounters,
  usageFileName,
  type ConversationData,
  type ConversationDownloadQuery,
  type ConversationQuery,
  type DashboardDownloadQuery,
  type DashboardQuery,
  type RangeDateData,
  type RateData,
  type ResolvedRange,
  type StatusCounts,
  type UsageData,
} from '@pesan/contracts/dashboard';
import type { MessageStatus } from '@pesan/contracts/statuses';
import { dashboardLabel } from '@pesan/contracts/dashboard-labels';
import type { UiLanguage } from '@pesan/contracts/ui-language';
import type { Db } from '../../db/client.ts';
import { getApplication } from '../application/application.service.ts';
import { organizationTimeZone } from '../organization/organization.service.ts';
import { refuseBeforeRetention, type RetentionDeps } from '../../lib/retention.ts';
import * as repo from './dashboard.repo.ts';

/**
 * What the dashboard service uses (services.ts): the database, and the clock with RETENTION_DAYS:
 * every call refuses a range that starts before the oldest kept messages (lib/retention.ts), 422.
 */
export interface DashboardDeps extends RetentionDeps {
  db: Db;
}

/** A generated Excel file: its §9 name and bytes. */
export interface DashboardFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Index of the bucket holding `hour` (buckets are ordered and contiguous), or -1. */
function bucketOf(range: ResolvedRange, hour: Date): number {
  const t = hour.getTime();
  if (range.granularity === 'hour') {
    const i = Math.floor((t - range.from.getTime()) / 3_600_000);
    return i >= 0 && i < range.buckets.length ? i : -1;
  }
  return range.buckets.findIndex((b) => t >= b.from.getTime() && t < b.to.getTime());
}

interface ChannelStats {
  applicationName: string;
  channel: ChannelId;
  range: ResolvedRange;
  /** The organization's IANA zone the range and buckets were read in. */
  timeZone: string;
  counts: StatusCounts;
  /** series[status][bucket]. */
  series: Record<string, number[]>;
  total: number[];
}

/**
 * The status counts of one application and channel over a range, overall and per bucket.
 * A channel the application does not have reads as zeros. `startField` names the start in the
 * refusal's detail (`startDate` in bodies, `start_date` in download queries).
 * @throws AppError not_found (404) when the application is not the caller organization's;
 *   outside_retention (422) when the range starts before the oldest kept messages.
 */
async function channelStats(deps: DashboardDeps, organizationId: string, applicationId: string, channel: ChannelId, startDate: string, endDate: string, startField = 'startDate'): Promise<ChannelStats> {
  const { db } = deps;
  const app = await getApplication(db, organizationId, applicationId);
  const timeZone = await organizationTimeZone(db, organizationId);
  const range = resolveDashboardRange(startDate, endDate, timeZone);
  refuseBeforeRetention(deps, range.from, timeZone, startField);
  const statuses = DASHBOARD_STATUSES[channel];
  const counts: StatusCounts = Object.fromEntries(statuses.map((s) => [s, 0]));
  const series: Record<string, number[]> = Object.fromEntries(statuses.map((s) => [s, range.buckets.map(() => 0)]));
  const total = range.buckets.map(() => 0);
  const has = app.channels.some((c) => c.channel === channel);
  const rows = has ? await repo.statusCountsByHour(db, app.id, channel, range.from, range.to) : [];
  for (const r of rows) {
    const status = r.status as MessageStatus;
    counts[status] = (counts[status] ?? 0) + r.count;
    const i = bucketOf(range, r.hour);
    if (i < 0) continue;
    (series[status] ??= range.buckets.map(() => 0))[i]! += r.count;
    total[i]! += r.count;
  }
  return { applicationName: app.application_name, channel, range, timeZone, counts, series, total };
}

/**
 * `POST /api/report/rate`: total, success and failure with their rates (§9, 2 decimals) and the
 * count of every status of the channel (`by_status`) over the range.
 * @throws AppError not_found (404) for another organization's application; outside_retention (422, channelStats).
 */
export async function reportRate(deps: DashboardDeps, organizationId: string, q: DashboardQuery): Promise<RateData> {
  const s = await channelStats(deps, organizationId, q.application_id, q.channel, q.startDate, q.endDate);
  return { channel: q.channel, ...rateSummary(q.channel, s.counts), by_status: s.counts as Record<string, number> };
}

/**
 * `POST /api/report/usage`: the channel's usage counters under the spec's field names (§3).
 * @throws AppError not_found (404) for another organization's application; outside_retention (422, channelStats).
 */
export async function reportUsage(deps: DashboardDeps, organizationId: string, q: DashboardQuery): Promise<UsageData> {
  const s = await channelStats(deps, organizationId, q.application_id, q.channel, q.startDate, q.endDate);
  return usageCounters(q.channel, s.counts);
}

/**
 * `POST /api/report/usage/range-date`: one line per status (every status of the channel), hourly
 * for a single day, daily otherwise (§2.6), labels local to the organization's time zone.
 * @throws AppError not_found (404) for another organization's application; outside_retention (422, channelStats).
 */
export async function reportRangeDate(deps: DashboardDeps, organizationId: string, q: DashboardQuery): Promise<RangeDateData> {
  const s = await channelStats(deps, organizationId, q.application_id, q.channel, q.startDate, q.endDate);
  return { channel: q.channel, granularity: s.range.granularity, time_zone: s.timeZone, labels: s.range.buckets.map((b) => b.label), series: s.series, total: s.total };
}

/**
 * `POST /api/whatsapp-api/conversation`: WhatsApp session figures (§3) and their series, from
 * conversation_stats_hourly. An application without WhatsApp reads as zeros. `startField` as in channelStats.
 * @throws AppError not_found (404) for another organization's application; outside_retention (422).
 */
export async function whatsappConversation(deps: DashboardDeps, organizationId: string, q: ConversationQuery, startField = 'startDate'): Promise<ConversationData & { application_name: string }> {
  const { db } = deps;
  const app = await getApplication(db, organizationId, q.application_id);
  const timeZone = await organizationTimeZone(db, organizationId);
  const range = resolveDashboardRange(q.startDate, q.endDate, timeZone);
  refuseBeforeRetention(deps, range.from, timeZone, startField);
  const rows = app.channels.some((c) => c.channel === 'whatsapp') ? await repo.conversationCountsByHour(db, app.id, range.from, range.to) : [];
  const perBucket: repo.ConversationHourRow[][] = range.buckets.map(() => []);
  for (const r of rows) {
    const i = bucketOf(range, r.hour);
    if (i >= 0) perBucket[i]!.push(r);
  }
  const figures = perBucket.map((b) => conversationFigures(b));
  const all = conversationFigures(rows);
  const series = Object.fromEntries(CONVERSATION_SERIES.map((k) => [k, figures.map((f) => f[k])])) as ConversationData['series'];
  return {
    application_name: app.application_name,
    total_all_conversation: all.total,
    total_all_bussiness_initiated: all.business_initiated,
    total_all_customer_initiated: all.customer_initiated,
    total_all_marketing: all.marketing,
    total_all_utility: all.utility,
    total_all_authentication: all.authentication,
    total_all_service: all.service,
    granularity: range.granularity,
    time_zone: timeZone,
    labels: range.buckets.map((b) => b.label),
    series,
  };
}

const bold = { bold: true } as const;

function addTable(sheet: ExcelJS.Worksheet, header: string[], rows: (string | number)[][], totals?: (string | number)[]): void {
  sheet.addRow(header).font = bold;
  for (const r of rows) sheet.addRow(r);
  if (totals) sheet.addRow(totals).font = bold;
  sheet.columns.forEach((c, i) => {
    c.width = Math.max(12, header[i]!.length + 2);
  });
}

async function toBuffer(wb: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * `GET /api/report/usage/download`: what the dashboard shows for one channel (§2.6) as an .xlsx
 * named per §9 (usageFileName), labelled in `lang` with the labels the tiles show (contracts
 * dashboard-labels.ts; ARCHITECTURE.md §7.9): sheet 'Summary' (application, channel, period, time
 * zone, totals, rates, the usage counters) and sheet 'Per day' or 'Per hour' (one row per bucket,
 * one column per status, a total column and a total row). At most 31 days × statuses: small.
 * @throws AppError not_found (404) for another organization's application; outside_retention (422, channelStats).
 */
export async function usageDownload(deps: DashboardDeps, organizationId: string, q: DashboardDownloadQuery, lang: UiLanguage = 'en'): Promise<DashboardFile> {
  const s = await channelStats(deps, organizationId, q.application_id, q.channel, q.start_date, q.end_date, 'start_date');
  const rate = rateSummary(q.channel, s.counts);
  const usage = usageCounters(q.channel, s.counts);
  const L = (key: string) => dashboardLabel(key, lang);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Pesan';
  const summary = wb.addWorksheet(L('sheetSummary'));
  addTable(summary, [L('field'), L('value')], [
    [L('application'), s.applicationName],
    [L('channel'), L(`channel_${q.channel}`)],
    [L('startDate'), s.range.startDay],
    [L('endDate'), s.range.endDay],
    [L('timeZone'), s.timeZone],
    [L('total'), rate.total],
    [L('success'), rate.success],
    [L('failure'), rate.failure],
    [`${L('successRate')} (%)`, rate.success_rate],
    [`${L('failureRate')} (%)`, rate.failure_rate],
    ...Object.entries(usage).filter(([k]) => k !== 'channel' && k !== 'total').map(([k, v]) => [L(k), v as number]),
  ]);
  const statuses = DASHBOARD_STATUSES[q.channel];
  const per = wb.addWorksheet(L(s.range.granularity === 'hour' ? 'sheetPerHour' : 'sheetPerDay'));
  addTable(
    per,
    [L(s.range.granularity === 'hour' ? 'hour' : 'date'), ...statuses.map(L), L('total')],
    s.range.buckets.map((b, i) => [b.label, ...statuses.map((st) => s.series[st]![i]!), s.total[i]!]),
    [L('total'), ...statuses.map((st) => s.counts[st] ?? 0), rate.total],
  );
  return { fileName: usageFileName(q.channel, s.range.startDay, s.range.endDay), contentType: XLSX, body: await toBuffer(wb) };
}

/** The session figures of the Summary sheet, in the tiles' order (§3 names, the spec's spelling). */
const SESSION_FIGURES = [
  'total_all_conversation',
  'total_all_bussiness_initiated',
  'total_all_customer_initiated',
  'total_all_marketing',
  'total_all_utility',
  'total_all_authentication',
  'total_all_service',
] as const;

/**
 * `GET /api/whatsapp-api/conversation/download`: the WhatsApp session figures as an .xlsx named
 * `Report_Session_WA_{start}-{end}.xlsx` (§9), labelled in `lang` as the tiles and the chart are
 * (dashboard-labels.ts): sheet 'Summary' (the §3 figures) and sheet 'Per day' or 'Per hour' (one
 * row per bucket, one column per series, the total first, and a total row).
 * @throws AppError not_found (404) for another organization's application; outside_retention (422, whatsappConversation).
 */
export async function conversationDownload(deps: DashboardDeps, organizationId: string, q: ConversationDownloadQuery, lang: UiLanguage = 'en'): Promise<DashboardFile> {
  const L = (key: string) => dashboardLabel(key, lang);
  const d = await whatsappConversation(deps, organizationId, { application_id: q.application_id, startDate: q.start_date, endDate: q.end_date }, 'start_date');
  const range = resolveDashboardRange(q.start_date, q.end_date, d.time_zone);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Pesan';
  addTable(wb.addWorksheet(L('sheetSummary')), [L('field'), L('value')], [
    [L('application'), d.application_name],
    [L('startDate'), range.startDay],
    [L('endDate'), range.endDay],
    [L('timeZone'), d.time_zone],
    ...SESSION_FIGURES.map((k): [string, number] => [L(k), d[k]]),
  ]);
  addTable(
    wb.addWorksheet(L(d.granularity === 'hour' ? 'sheetPerHour' : 'sheetPerDay')),
    // The total series is the Total Conversation figure; the others are named as on the chart.
    [L(d.granularity === 'hour' ? 'hour' : 'date'), ...CONVERSATION_SERIES.map((k) => L(k === 'total' ? 'total_all_conversation' : k))],
    d.labels.map((label, i) => [label, ...CONVERSATION_SERIES.map((k) => d.series[k][i]!)]),
    [L('total'), ...CONVERSATION_SERIES.map((k) => d.series[k].reduce((a, b) => a + b, 0))],
  );
  return { fileName: sessionFileName(range.startDay, range.endDay), contentType: XLSX, body: await toBuffer(wb) };
}
