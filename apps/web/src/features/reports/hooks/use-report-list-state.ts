/**
 * State of the report list (templates-dashboard-reports.md §2.7, §4 List behaviour, §9): the
 * filters as chosen (shown at once in the chips and the search box), the filters applied to the
 * list (500 ms after the last filter or search change), the date range (null = All Time) and the
 * page. Any filter, search or date change puts the list back on page 1; a date change applies at
 * once, together with any filter still waiting, and so does 'Clear all' (every chip but the search).
 */
import { useEffect, useReducer } from 'react';
import type { ReportStatus } from '@pesan/contracts/reports';
import { NO_FILTERS, type DayRange, type ReportFilters } from '../utils/criteria.ts';

/** Delay before filter and search changes apply (§9). */
export const REPORT_FILTER_DEBOUNCE_MS = 500;

export interface ReportListState {
  /** As chosen in the Filters dropdown, the chips and the search box. */
  pending: ReportFilters;
  /** As the list was last asked for. */
  applied: ReportFilters;
  range: DayRange | null;
  page: number;
}

export type ReportListAction =
  | { type: 'applications'; ids: string[] }
  | { type: 'statuses'; statuses: ReportStatus[] }
  | { type: 'search'; search: string }
  | { type: 'clear' }
  | { type: 'commit' }
  | { type: 'range'; range: DayRange | null }
  | { type: 'page'; page: number };

const sameFilters = (a: ReportFilters, b: ReportFilters) =>
  a.search === b.search && a.applicationIds.join('\n') === b.applicationIds.join('\n') && a.statuses.join('\n') === b.statuses.join('\n');

const sameRange = (a: DayRange | null, b: DayRange | null) => (a === null || b === null ? a === b : a[0] === b[0] && a[1] === b[1]);

/** Pure transitions (see the module comment). */
export function reportListReducer(state: ReportListState, action: ReportListAction): ReportListState {
  switch (action.type) {
    case 'applications':
      return { ...state, pending: { ...state.pending, applicationIds: action.ids } };
    case 'statuses':
      return { ...state, pending: { ...state.pending, statuses: action.statuses } };
    case 'search':
      return { ...state, pending: { ...state.pending, search: action.search } };
    case 'clear': {
      // 'Clear all' of the chips: applications, statuses and the date go at once; the search stays.
      const cleared = { ...NO_FILTERS, search: state.pending.search };
      return { ...state, pending: cleared, applied: cleared, range: null, page: 1 };
    }
    case 'commit':
      return sameFilters(state.pending, state.applied) ? state : { ...state, applied: state.pending, page: 1 };
    case 'range':
      return sameRange(state.range, action.range) && sameFilters(state.pending, state.applied)
        ? state
        : { ...state, range: action.range, applied: state.pending, page: 1 };
    case 'page':
      return action.page === state.page ? state : { ...state, page: action.page };
  }
}

/** No filter, All Time, page 1. */
export const INITIAL_REPORT_LIST_STATE: ReportListState = { pending: NO_FILTERS, applied: NO_FILTERS, range: null, page: 1 };

/** The state and its dispatcher; pending filter changes are committed after REPORT_FILTER_DEBOUNCE_MS. */
export function useReportListState(initial: ReportListState = INITIAL_REPORT_LIST_STATE) {
  const [state, dispatch] = useReducer(reportListReducer, initial);
  const waiting = !sameFilters(state.pending, state.applied);
  useEffect(() => {
    if (!waiting) return;
    const t = setTimeout(() => dispatch({ type: 'commit' }), REPORT_FILTER_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [state.pending, waiting]);
  return { state, dispatch, waiting };
}
