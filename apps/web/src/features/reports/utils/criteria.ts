/**
 * The report list criteria (templates-dashboard-reports.md §3 Report list criteria, §4 List
 * behaviour, §9): the applied filters, the date range and the page become the body of
 * `POST /api/report/list/generate-report`. With no application picked, every application of the
 * organization is sent (the list is fetched only when at least one id is present).
 */
import { REPORT_PAGE_SIZE, normaliseReportSearch, type ReportListQuery, type ReportStatus } from '@pesan/contracts/reports';

/** Inclusive range of days `[start, end]` as 'YYYY-MM-DD' (the shared picker's DateRange). */
export type DayRange = [string, string];

/** What the Filters dropdown and the search box choose. */
export interface ReportFilters {
  applicationIds: string[];
  statuses: ReportStatus[];
  /** Raw search text as typed; normalised when sent. */
  search: string;
}

/** Nothing picked, no search. */
export const NO_FILTERS: ReportFilters = { applicationIds: [], statuses: [], search: '' };

export interface CriteriaInput {
  filters: ReportFilters;
  /** null = All Time (no dates sent). */
  range: DayRange | null;
  page: number;
  /** Every application id of the organization, sent when none is picked. */
  allApplicationIds: readonly string[];
}

/** Body of the list call for the given state (search trimmed, a leading 0 becoming 62). */
export function toListCriteria({ filters, range, page, allApplicationIds }: CriteriaInput): ReportListQuery {
  const search = normaliseReportSearch(filters.search);
  return {
    application_id: filters.applicationIds.length > 0 ? [...filters.applicationIds] : [...allApplicationIds],
    channel: [],
    type: [...filters.statuses],
    ...(range ? { start_date: range[0], end_date: range[1] } : {}),
    ...(search ? { search } : {}),
    page,
    limit: REPORT_PAGE_SIZE,
  };
}

/** Whether the list may be fetched: at least one application id (§4). */
export const canListReports = (criteria: ReportListQuery): boolean => criteria.application_id.length > 0;
