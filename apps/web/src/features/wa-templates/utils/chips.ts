/**
 * Filter chips of the template list (templates-dashboard-reports.md §2.2 "removable filter chips",
 * §3 Filter chip {type, value, data text}): one per ticked status and picked application, and one
 * for the date range when there is one. The texts are in the interface language (call at render time).
 */
import { rangeLabel } from '../../../components/date-range-picker.tsx';
import i18n from '../../../lib/i18n.ts';
import type { DayRange, TemplateFilters } from './criteria.ts';
import { templateStatusText } from './labels.ts';

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
    ...filters.statuses.map((s) => ({ type: 'status' as const, value: s, text: i18n.t('wa-templates:chips.status', { label: templateStatusText(s) }) })),
    ...filters.applicationIds.map((id) => ({ type: 'application' as const, value: id, text: i18n.t('wa-templates:chips.application', { name: names.get(id) ?? id }) })),
    ...(range ? [{ type: 'date' as const, value: range.join(','), text: i18n.t('wa-templates:chips.date', { range: rangeLabel(range, today) }) }] : []),
  ];
}
