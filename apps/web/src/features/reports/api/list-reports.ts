/**
 * POST /api/report/list/generate-report {application_id[], channel[], type[] (report statuses),
 * start_date?, end_date? (YYYY-MM-DD, both or neither), search?, page, limit} -> {data: ReportRow[],
 * page, limit, pages, total} (templates-dashboard-reports.md §3 Report list criteria, §7.3;
 * ARCHITECTURE.md §5; contracts/reports.ts). While a row of the page is in-queue or processing the
 * page asks again every REPORT_POLL_MS, so progress moves without a manual refresh.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { isReportRunning, type ReportListQuery, type ReportListResponse } from '@pesan/contracts/reports';
import { api } from '../../../lib/api-client.ts';

/** Poll interval while some report of the page is being made, in ms. */
export const REPORT_POLL_MS = 1500;

/** Key prefix of every report list page (invalidated after a report is generated). */
export const reportListQueryKey = ['reports', 'list'] as const;

/** Fetches one page of reports. */
export function listReports(criteria: ReportListQuery, signal?: AbortSignal): Promise<ReportListResponse> {
  return api<ReportListResponse>('/api/report/list/generate-report', { body: criteria, signal });
}

/** Whether a page holds a report still being made. */
export const hasRunningReport = (page: ReportListResponse | undefined): boolean => Boolean(page?.data.some((r) => isReportRunning(r.status)));

/** Query options of one list page: previous page kept while the next loads, polling while a report runs. */
export const reportsQueryOptions = (criteria: ReportListQuery) =>
  queryOptions({
    queryKey: [...reportListQueryKey, criteria],
    queryFn: ({ signal }) => listReports(criteria, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (q) => (hasRunningReport(q.state.data) ? REPORT_POLL_MS : false),
    refetchIntervalInBackground: false,
  });

/** The page of reports for `criteria`; idle while `enabled` is false (no application id yet). */
export const useReports = (criteria: ReportListQuery, enabled = true) => useQuery({ ...reportsQueryOptions(criteria), enabled });
