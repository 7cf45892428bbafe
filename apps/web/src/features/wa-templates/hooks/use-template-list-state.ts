/**
 * State of the template list (templates-dashboard-reports.md §2.2, §4 List behaviour, §9): the
 * filters as chosen (shown at once in the chips and the search box), the filters applied to the
 * list (500 ms after the last filter or search change; Enter in the search box applies at once),
 * the date range (null = any date) and the page. Any filter, search or date change puts the list
 * back on page 1; a date change applies at once, together with any filter still waiting, and so
 * does 'Clear all' (every chip; the search stays).
 */
import { useEffect, useReducer } from 'react';
import type { TemplateStatus } from '@pesan/contracts/wa-template-status';
import { NO_TEMPLATE_FILTERS, type DayRange, type TemplateFilters } from '../utils/criteria.ts';

/** Delay before filter and search changes apply (§9). */
export const TEMPLATE_FILTER_DEBOUNCE_MS = 500;

export interface TemplateListState {
  /** As chosen in the filter panel, the chips and the search box. */
  pending: TemplateFilters;
  /** As the list was last asked for. */
  applied: TemplateFilters;
  range: DayRange | null;
  page: number;
}

export type TemplateListAction =
  | { type: 'filters'; statuses: TemplateStatus[]; applicationIds: string[] }
  | { type: 'search'; search: string }
  | { type: 'clear' }
  | { type: 'commit' }
  | { type: 'range'; range: DayRange | null }
  | { type: 'page'; page: number };

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
const sameFilters = (a: TemplateFilters, b: TemplateFilters) => a.search === b.search && sameList(a.statuses, b.statuses) && sameList(a.applicationIds, b.applicationIds);
const sameRange = (a: DayRange | null, b: DayRange | null) => (a === null || b === null ? a === b : a[0] === b[0] && a[1] === b[1]);

/** Pure transitions (see the module comment). */
export function templateListReducer(state: TemplateListState, action: TemplateListAction): TemplateListState {
  switch (action.type) {
    case 'filters':
      return { ...state, pending: { ...state.pending, statuses: action.statuses, applicationIds: action.applicationIds } };
    case 'search':
      return { ...state, pending: { ...state.pending, search: action.search } };
    case 'clear': {
      const cleared = { ...NO_TEMPLATE_FILTERS, search: state.pending.search };
      return { ...state, pending: cleared, applied: cleared, range: null, page: 1 };
    }
    case 'commit':
      return sameFilters(state.pending, state.applied) ? state : { ...state, applied: state.pending, page: 1 };
    case 'range':
      return sameRange(state.range, action.range) && sameFilters(state.pending, state.applied) ? state : { ...state, range: action.range, applied: state.pending, page: 1 };
    case 'page':
      return action.page === state.page ? state : { ...state, page: action.page };
  }
}

/** Nothing filtered, any date, page 1. */
export const INITIAL_TEMPLATE_LIST_STATE: TemplateListState = { pending: NO_TEMPLATE_FILTERS, applied: NO_TEMPLATE_FILTERS, range: null, page: 1 };

/** The state and its dispatcher; pending filter changes are committed after TEMPLATE_FILTER_DEBOUNCE_MS. */
export function useTemplateListState(initial: TemplateListState = INITIAL_TEMPLATE_LIST_STATE) {
  const [state, dispatch] = useReducer(templateListReducer, initial);
  const waiting = !sameFilters(state.pending, state.applied);
  useEffect(() => {
    if (!waiting) return;
    const t = setTimeout(() => dispatch({ type: 'commit' }), TEMPLATE_FILTER_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [state.pending, waiting]);
  return { state, dispatch, waiting };
}
