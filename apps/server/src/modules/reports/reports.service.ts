/**
 * Reports as the console sees them (templates-dashboard-reports.md §2.7, §2.8, §3, §7.3;
 * ARCHITECTURE.md §5): list with the spec's criteria, create (queued for generation), one report
 * for progress, and the download of a finished one. Generation itself is report-generation.ts.
 */
import type { Readable } from 'node:stream';
import { resolveRecordsRange } from '@pesan/contracts/records';
import { organizationTimeZone } from '../organization/organization.service.ts';
import { REPORT_CONTENT_TYPES, REPORT_MESSAGES, REPORT_PENDING_LIMIT, reportFileName, normaliseReportSearch, type GenerateReportRequest, type ReportListQuery, type ReportListResponse, type ReportRow, type ReportStatus, type ReportType } from '@pesan/contracts/reports';
import type { ChannelId } from '@pesan/contracts/channels';
import type { Db } from '../../db/client.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { refuseBeforeRetention } from '../../lib/retention.ts';
import * as repo from './reports.repo.ts';
import type { ReportStore } from './report-store.ts';
import { errorText } from '../../lib/log-safety.ts';

export interface ReportsDeps {
  db: Db;
  now: () => Date;
  store: ReportStore;
  enqueueReport: (reportId: string) => Promise<void>;
  /** RETENTION_DAYS (config.retentionDays): a report may not start before the oldest kept messages (lib/retention.ts). */
  retentionDays: number;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The console's shape of a report (contracts/reports.ts reportRowSchema). */
export function toReportRow(r: repo.ReportWithApplication): ReportRow {
  return {
    _id: r.id,
    name: r.title,
    application_id: r.applicationId,
    application_name: r.applicationName,
    channel: r.channel as ChannelId,
    type: r.type as ReportType,
    status: r.status as ReportStatus,
    statuses: r.statuses,
    search: r.search,
    start_date: r.startDate,
    end_date: r.endDate,
    data_processed: r.rowsWritten,
    total_data: r.totalRows,
    additional_info: { reason: r.reason },
    url: r.status === 'done' ? `/api/report/${r.id}/download` : null,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    finished_at: r.finishedAt?.toISOString() ?? null,
  };
}

/**
 * One page of the organization's reports matching the §3 list criteria (applications, 404 when one
 * is not the organization's; channels,
 * report statuses in `type`, creation days in the organization's time zone, title search with a
 * leading 0 read as 62), newest first.
 */
export async function listReports(deps: Pick<ReportsDeps, 'db'>, organizationId: string, q: ReportListQuery): Promise<ReportListResponse> {
  const applicationIds = [...new Set(q.application_id)];
  // Another organization's application is a 404, as everywhere (never an empty list that confirms nothing).
  const valid = applicationIds.filter((id) => UUID_RE.test(id));
  if (valid.length < applicationIds.length || (await repo.findOrganizationApplicationIds(deps.db, organizationId, valid)).length < valid.length) throw notFound('application');
  const range = q.start_date && q.end_date ? resolveRecordsRange(q.start_date, q.end_date, await organizationTimeZone(deps.db, organizationId)) : undefined;
  const search = q.search ? normaliseReportSearch(q.search) : '';
  const { rows, total } = await repo.listReports(
    deps.db,
    { organizationId, applicationIds, channels: q.channel, statuses: q.type, from: range?.from, to: range?.to, search: search || undefined },
    { limit: q.limit, offset: (q.page - 1) * q.limit },
  );
  return { data: rows.map(toReportRow), page: q.page, limit: q.limit, pages: Math.ceil(total / q.limit), total };
}

/**
 * Creates a report of application `body.application_id` (404 when it is not the organization's)
 * and queues its generation. The range is resolved once, in the organization's time zone: the
 * report holds messages created in [start of start day, start of the day after end day), or
 * between the two instants given. Statuses are unique; none = every status.
 * @throws AppError not_found (application), invalid_request (range), outside_retention (422, the
 *   range starts before the oldest kept messages; nothing stored), rate_limited (429
 *   REPORT_MESSAGES.tooManyPending, nothing stored) when the organization already has
 *   REPORT_PENDING_LIMIT reports in-queue or processing (issue 23).
 */
export async function createReport(deps: ReportsDeps, caller: { organizationId: string; userId: string }, body: GenerateReportRequest): Promise<ReportRow> {
  if (!UUID_RE.test(body.application_id)) throw notFound('application');
  const application = await repo.findOwnApplication(deps.db, caller.organizationId, body.application_id);
  if (!application) throw notFound('application');
  const timeZone = await organizationTimeZone(deps.db, caller.organizationId);
  const range = resolveRecordsRange(body.start_date, body.end_date, timeZone);
  if (!range.from || !range.to) throw fieldError('start_date', REPORT_MESSAGES.dateRequired);
  refuseBeforeRetention(deps, range.from, timeZone, 'start_date');
  // An inclusive ISO end becomes exclusive one millisecond later (timestamps hold microseconds: close enough for a report).
  const rangeTo = range.toExclusive ? range.to : new Date(range.to.getTime() + 1);
  const created = await repo.insertReportWithinLimit(deps.db, {
    organizationId: caller.organizationId,
    applicationId: body.application_id,
    createdBy: caller.userId,
    title: body.title,
    channel: body.channel,
    statuses: [...new Set(body.status)],
    search: body.search || null,
    startDate: body.start_date,
    endDate: body.end_date,
    rangeFrom: range.from,
    rangeTo,
    timeZone,
    type: body.type,
    createdAt: deps.now(),
  }, REPORT_PENDING_LIMIT);
  if (!created) throw new AppError('rate_limited', REPORT_MESSAGES.tooManyPending);
  // A lost enqueue is not lost work: the sweep queues reports left waiting (report-generation.ts).
  await deps.enqueueReport(created.id).catch((err: unknown) => console.error(`[reports] could not queue report ${created.id}: ${errorText(err)}`));
  return toReportRow({ ...created, applicationName: application.name });
}

/** Report `id` of the organization (404 otherwise). */
export async function getReport(deps: Pick<ReportsDeps, 'db'>, organizationId: string, id: string): Promise<ReportRow> {
  if (!UUID_RE.test(id)) throw notFound('report');
  const r = await repo.findReport(deps.db, organizationId, id);
  if (!r) throw notFound('report');
  return toReportRow(r);
}

/** A report file to send: its stream, size, content type and download name. */
export interface ReportDownload {
  stream: Readable;
  bytes: number | undefined;
  contentType: string;
  fileName: string;
}

/**
 * The file of report `id` (404 for another organization or a missing file; 409 while it is not
 * done), named `{title}_{start}_{end}.csv|xlsx`.
 */
export async function openReportDownload(deps: Pick<ReportsDeps, 'db' | 'store'>, organizationId: string, id: string): Promise<ReportDownload> {
  if (!UUID_RE.test(id)) throw notFound('report');
  const r = await repo.findReport(deps.db, organizationId, id);
  if (!r) throw notFound('report');
  if (r.status !== 'done' || !r.fileKey) throw new AppError('conflict', REPORT_MESSAGES.notReady);
  const file = await deps.store.open(r.fileKey);
  if (!file) throw notFound('reportFile');
  const type = r.type as ReportType;
  return { stream: file.stream, bytes: file.bytes, contentType: REPORT_CONTENT_TYPES[type], fileName: reportFileName({ name: r.title, start_date: r.startDate, end_date: r.endDate, type }) };
}
