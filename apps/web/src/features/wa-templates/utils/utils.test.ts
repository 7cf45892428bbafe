import { describe, expect, it } from 'vitest';
import { INITIAL_TEMPLATE_LIST_STATE, templateListReducer } from '../hooks/use-template-list-state.ts';
import { toTemplateApplications } from '../api/list-template-applications.ts';
import { templateFilterChips } from './chips.ts';
import { normaliseTemplateSearch, toTemplateListQuery } from './criteria.ts';
import { templateStatusColor } from './status.ts';

const today = new Date(2026, 2, 15, 10, 0);

describe('template list criteria', () => {
  it('rewrites a leading 0 of the search to 62 and trims it', () => {
    expect(normaliseTemplateSearch(' 0812 ')).toBe('62812');
    expect(normaliseTemplateSearch('promo')).toBe('promo');
    expect(normaliseTemplateSearch('  ')).toBe('');
  });
  it('builds the list body: dates only with a range, search only when there is one, 10 per page', () => {
    expect(toTemplateListQuery({ filters: { statuses: [], applicationIds: [], search: '' }, range: null, page: 1 })).toEqual({ application_id: [], status: [], page: 1, limit: 10 });
    expect(toTemplateListQuery({ filters: { statuses: ['DRAFT'], applicationIds: ['a1'], search: '0812' }, range: ['2026-03-01', '2026-03-07'], page: 3 })).toEqual({
      application_id: ['a1'],
      status: ['DRAFT'],
      start_date: '2026-03-01',
      end_date: '2026-03-07',
      search: '62812',
      page: 3,
      limit: 10,
    });
  });
  it('makes a chip per status, application and the range', () => {
    expect(templateFilterChips({ statuses: ['PENDING'], applicationIds: ['a1', 'gone'] }, ['2026-03-09', '2026-03-15'], new Map([['a1', 'Demo App']]), today).map((c) => c.text)).toEqual([
      'Status: In Review',
      'Application: Demo App',
      'Application: gone',
      'Date: Last 7 Days',
    ]);
  });
  it('colours statuses, raw spellings included', () => {
    expect(templateStatusColor('APPROVED')).toBe('green');
    expect(templateStatusColor('Reviewed')).toBe('yellow');
    expect(templateStatusColor('active-low')).toBe('gray');
  });
  it('reads the WhatsApp sender name of an application', () => {
    const base = { organization_id: 'o', user_id: 'u', billing_type: 'post-paid' as const, require_signature: false, created_at: '', updated_at: '' };
    expect(
      toTemplateApplications([
        { ...base, id: 'a', application_name: 'A', channels: [{ channel: 'sms', channel_name: 'SMS', senderName: 'SMSNAME' }, { channel: 'whatsapp', channel_name: 'Whatsapp', senderName: ' PESAN ' }] },
        { ...base, id: 'b', application_name: 'B', channels: [{ channel: 'whatsapp', channel_name: 'Whatsapp', senderName: '' }] },
      ]),
    ).toEqual([
      { id: 'a', name: 'A', channels: ['sms', 'whatsapp'], whatsappSenderName: 'PESAN' },
      { id: 'b', name: 'B', channels: ['whatsapp'], whatsappSenderName: null },
    ]);
  });
});

describe('template list state', () => {
  const s0 = { ...INITIAL_TEMPLATE_LIST_STATE, page: 4 };
  it('keeps filter and search changes pending until committed, then goes to page 1', () => {
    const s1 = templateListReducer(s0, { type: 'filters', statuses: ['DRAFT'], applicationIds: [] });
    const s2 = templateListReducer(s1, { type: 'search', search: 'x' });
    expect(s2.applied).toEqual(s0.applied);
    expect(s2.page).toBe(4);
    const s3 = templateListReducer(s2, { type: 'commit' });
    expect(s3.applied).toEqual({ statuses: ['DRAFT'], applicationIds: [], search: 'x' });
    expect(s3.page).toBe(1);
    expect(templateListReducer(s3, { type: 'commit' })).toBe(s3);
  });
  it('applies a date change at once with what is pending; Clear all keeps the search', () => {
    const s1 = templateListReducer(templateListReducer(s0, { type: 'search', search: 'abc' }), { type: 'range', range: ['2026-03-01', '2026-03-02'] });
    expect(s1).toMatchObject({ range: ['2026-03-01', '2026-03-02'], page: 1, applied: { search: 'abc' } });
    const s2 = templateListReducer(templateListReducer(s1, { type: 'filters', statuses: ['REJECTED'], applicationIds: ['a1'] }), { type: 'clear' });
    expect(s2).toEqual({ pending: { statuses: [], applicationIds: [], search: 'abc' }, applied: { statuses: [], applicationIds: [], search: 'abc' }, range: null, page: 1 });
  });
});
