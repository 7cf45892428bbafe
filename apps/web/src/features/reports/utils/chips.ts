/**
 * Filter chips (templates-dashboard-reports.md §2.7, §3 Filter chip): one per picked application
 * and status and one for the date range, with the type, the value and the text shown; no chip for
 * 'All Time'.
 */
import { REPORT_STATUS_LABELS, type ReportStatus } from '@pesan/contracts/reports';
import { rangeLabel } from '../../../components/date-range-picker.tsx';
import type { DayRange, ReportFilters } from './criteria.ts';

export interface FilterChip {
  type: 'application' | 'status' | 'date';
  /** The application id, the report status, or 'start,end' for the date. */
  value: string;
  /** Text of the chip ('Application: Demo App', 'Status: Done', 'Date: Last 7 Days'). */
  text: string;
}

/** The chips of the chosen filters and range; `names` maps application ids to names. */
export function filterChips(filters: Pick<ReportFilters, 'applicationIds' | 'statuses'>, range: DayRange | null, names: ReadonlyMap<string, string>, today?: Date): FilterChip[] {
  return [
    ...filters.applicationIds.map((id) => ({ type: 'application' as const, value: id, text: `Application: ${names.get(id) ?? id}` })),
    ...filters.statuses.map((s: ReportStatus) => ({ type: 'status' as const, value: s, text: `Status: ${REPORT_STATUS_LABELS[s]}` })),
    ...(range ? [{ type: 'date' as const, value: range.join(','), text: `Date: ${rangeLabel(range, today)}` }] : []),
  ];
}
