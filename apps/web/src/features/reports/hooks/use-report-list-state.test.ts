import { describe, expect, it } from 'vitest';
import { INITIAL_REPORT_LIST_STATE, reportListReducer, type ReportListState } from './use-report-list-state.ts';

const on3: ReportListState = { ...INITIAL_REPORT_LIST_STATE, page: 3 };

describe('report list state', () => {
  it('keeps filter and search changes pending until committed, then goes to page 1', () => {
    let s = reportListReducer(on3, { type: 'search', search: 'march' });
    s = reportListReducer(s, { type: 'statuses', statuses: ['done'] });
    expect(s.applied).toEqual(INITIAL_REPORT_LIST_STATE.applied);
    expect(s.page).toBe(3);
    s = reportListReducer(s, { type: 'commit' });
    expect(s.applied).toEqual({ applicationIds: [], statuses: ['done'], search: 'march' });
    expect(s.page).toBe(1);
    expect(reportListReducer(s, { type: 'commit' })).toBe(s);
  });
  it('applies a date change at once, with the pending filters, on page 1', () => {
    const pending = reportListReducer(on3, { type: 'applications', ids: ['a1'] });
    const s = reportListReducer(pending, { type: 'range', range: ['2026-03-01', '2026-03-07'] });
    expect(s).toMatchObject({ range: ['2026-03-01', '2026-03-07'], page: 1, applied: { applicationIds: ['a1'] } });
    expect(reportListReducer(s, { type: 'range', range: ['2026-03-01', '2026-03-07'] })).toBe(s);
  });
  it('clears every chip but the search at once', () => {
    let s = reportListReducer(on3, { type: 'search', search: 'x' });
    s = reportListReducer(s, { type: 'range', range: ['2026-03-01', '2026-03-07'] });
    s = reportListReducer(s, { type: 'statuses', statuses: ['failed'] });
    s = reportListReducer(s, { type: 'clear' });
    expect(s).toEqual({ pending: { applicationIds: [], statuses: [], search: 'x' }, applied: { applicationIds: [], statuses: [], search: 'x' }, range: null, page: 1 });
  });
});
