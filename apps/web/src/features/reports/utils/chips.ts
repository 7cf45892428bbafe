/**
 * Filter chips (templates-dashboard-reports.md §2.7, §3 Filter chip): one per picked application
 * and status and one for the date range, with the type, the value and the text shown; no chip for
 * 'All Time'.
 */
import type { ReportStatus } from '@pesan/contracts/reports';
import { rangeLabel } from '../../../components/date-range-picker.tsx';
import i18n from '../../../lib/i18n.ts';
import type { DayRange, ReportFilters } from './criteria.ts';

export interface FilterChip {
  type: 'application' | 'status' | 'date';
  /** The application id, the report status, or 'start,end' for the date. */
  value: string;
  /** Text of the chip ('Application: Demo App', 'Status: Done', 'Date: Last 7 Days'). */
  text: string;
}

/** The chips of the chosen filters and range, worded in the current language; `names` maps application ids to names. */
export function filterChips(filters: Pick<ReportFilters, 'applicationIds' | 'statuses'>, range: DayRange | null, names: ReadonlyMap<string, string>, today?: Date): FilterChip[] {
  return [
    ...filters.applicationIds.map((id) => ({ type: 'application' as const, value: id, text: i18n.t('reports:chips.application', { name: names.get(id) ?? id }) })),
    ...filters.statuses.map((s: ReportStatus) => ({ type: 'status' as const, value: s, text: i18n.t('reports:chips.status', { status: i18n.t(`reports:reportStatus.${s}`) }) })),
    ...(range ? [{ type: 'date' as const, value: range.join(','), text: i18n.t('reports:chips.date', { range: rangeLabel(range, today) }) }] : []),
  ];
}
