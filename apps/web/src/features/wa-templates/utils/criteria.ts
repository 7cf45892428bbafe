/**
 * The template list criteria (templates-dashboard-reports.md §2.2, §3 Template list filter, §4
 * List behaviour, §9): the applied filters, the date range and the page become the body of
 * `POST /api/wa/template/list` (contracts templateListQuerySchema). No application picked = every
 * application of the organization; no status ticked = every status; no range = any date.
 */
import { TEMPLATE_PAGE_SIZE, type TemplateListInput } from '@pesan/contracts/wa-template-api';
import type { TemplateStatus } from '@pesan/contracts/wa-template-status';

/** Inclusive range of days `[start, end]` as 'YYYY-MM-DD' (the shared picker's DateRange). */
export type DayRange = [string, string];

/** What the filter panel and the search box choose. */
export interface TemplateFilters {
  statuses: TemplateStatus[];
  applicationIds: string[];
  /** Raw search text as typed; normalised when sent. */
  search: string;
}

/** Nothing ticked, no search. */
export const NO_TEMPLATE_FILTERS: TemplateFilters = { statuses: [], applicationIds: [], search: '' };

/** Search text as sent (§2.2): trimmed; a leading 0 becomes the prefix 62 ('0812' -> '62812'). */
export function normaliseTemplateSearch(search: string): string {
  const trimmed = search.trim();
  return trimmed.startsWith('0') ? `62${trimmed.slice(1)}` : trimmed;
}

/** Body of the list call for the given state. */
export function toTemplateListQuery({ filters, range, page }: { filters: TemplateFilters; range: DayRange | null; page: number }): TemplateListInput {
  const search = normaliseTemplateSearch(filters.search);
  return {
    application_id: [...filters.applicationIds],
    status: [...filters.statuses],
    ...(range ? { start_date: range[0], end_date: range[1] } : {}),
    ...(search ? { search } : {}),
    page,
    limit: TEMPLATE_PAGE_SIZE,
  };
}
