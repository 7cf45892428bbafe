/**
 * Filter chips of the template list (templates-dashboard-reports.md §2.2 "removable filter chips",
 * §3 Filter chip {type, value, data text}): one per ticked status and picked application, and one
 * for the date range when there is one.
 */
import { TEMPLATE_STATUS_LABELS } from '@pesan/contracts/wa-template-status';
import { rangeLabel } from '../../../components/date-range-picker.tsx';
import type { DayRange, TemplateFilters } from './criteria.ts';

export interface TemplateFilterChip {
  type: 'status' | 'application' | 'date';
  /** The status, the application id, or 'start,end' for the date. */
  value: string;
  /** Text of the chip ('Status: Draft', 'Application: Demo App', 'Date: Last 7 Days'). */
  text: string;
}

/** The chips of the chosen filters and range; `names` maps application ids to names. */
export function templateFilterChips(filters: Pick<TemplateFilters, 'statuses' | 'applicationIds'>, range: DayRange | null, names: ReadonlyMap<string, string>, today?: Date): TemplateFilterChip[] {
  return [
    ...filters.statuses.map((s) => ({ type: 'status' as const, value: s, text: `Status: ${TEMPLATE_STATUS_LABELS[s]}` })),
    ...filters.applicationIds.map((id) => ({ type: 'application' as const, value: id, text: `Application: ${names.get(id) ?? id}` })),
    ...(range ? [{ type: 'date' as const, value: range.join(','), text: `Date: ${rangeLabel(range, today)}` }] : []),
  ];
}
