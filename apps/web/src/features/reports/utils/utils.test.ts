import { describe, expect, it } from 'vitest';
import { REPORT_MESSAGES } from '@pesan/contracts/reports';
import { ApiError } from '../../../lib/api-client.ts';
import { filterChips } from './chips.ts';
import { canListReports, NO_FILTERS, toListCriteria } from './criteria.ts';
import { formatReportRange, formatTotalData, reportChannelLabel, reportProgress, unbreakableParts } from './format.ts';
import {
  APPLICATION_REQUIRED,
  EMPTY_GENERATE_FORM,
  liveReportName,
  nextStatusSelection,
  serverFieldErrors,
  toGenerateInput,
  validateGenerateForm,
} from './generate-form.ts';
import { parseCreatePrefill, toDay } from './prefill.ts';

describe('list criteria', () => {
  it('sends every application when none is picked, no dates for All Time, and the normalised search', () => {
    const c = toListCriteria({ filters: { ...NO_FILTERS, search: ' 0812 ' }, range: null, page: 3, allApplicationIds: ['a1', 'a2'] });
    expect(c).toEqual({ application_id: ['a1', 'a2'], channel: [], type: [], search: '62812', page: 3, limit: 10 });
    expect(canListReports(c)).toBe(true);
  });
  it('sends the picked applications, statuses and days', () => {
    const c = toListCriteria({ filters: { applicationIds: ['a2'], statuses: ['done', 'failed'], search: '' }, range: ['2026-03-01', '2026-03-07'], page: 1, allApplicationIds: ['a1', 'a2'] });
    expect(c).toEqual({ application_id: ['a2'], channel: [], type: ['done', 'failed'], start_date: '2026-03-01', end_date: '2026-03-07', page: 1, limit: 10 });
  });
  it('is not fetched without an application id', () => {
    expect(canListReports(toListCriteria({ filters: NO_FILTERS, range: null, page: 1, allApplicationIds: [] }))).toBe(false);
  });
});

describe('chips', () => {
  it('has one chip per application and status and one for the date, none for All Time', () => {
    const names = new Map([['a1', 'Toko Rina']]);
    const today = new Date(2026, 2, 15);
    expect(filterChips({ applicationIds: ['a1'], statuses: ['failed'] }, ['2026-03-09', '2026-03-15'], names, today)).toEqual([
      { type: 'application', value: 'a1', text: 'Application: Toko Rina' },
      { type: 'status', value: 'failed', text: 'Status: Failed' },
      { type: 'date', value: '2026-03-09,2026-03-15', text: 'Date: Last 7 Days' },
    ]);
    expect(filterChips({ applicationIds: [], statuses: [] }, null, names)).toEqual([]);
  });
});

describe('row texts', () => {
  it('labels channels as §9 and formats the range, the total and the progress', () => {
    expect(['whatsapp', 'sms', 'email', 'call', 'voice_otp', 'sms_otp'].map(reportChannelLabel)).toEqual(['Whatsapp', 'SMS', 'Email', 'Voice', 'Voice OTP', 'SMS OTP']);
    expect(formatReportRange({ start_date: '2026-03-01', end_date: '2026-03-07' })).toBe('01-03-2026 - 07-03-2026');
    expect(formatTotalData({ total_data: null })).toBe('-');
    expect(formatTotalData({ total_data: 12345 })).toBe('12,345');
    expect(reportProgress({ data_processed: 1234, total_data: 5000 })).toEqual({ percent: 24, text: '1,234 of 5,000 rows' });
    expect(reportProgress({ data_processed: 0, total_data: null })).toEqual({ percent: null, text: 'Waiting to start' });
    expect(reportProgress({ data_processed: 0, total_data: 0 })).toEqual({ percent: 100, text: '0 of 0 rows' });
  });
});

describe('generate form rules', () => {
  it('gives the §5.6 messages for an empty form', () => {
    expect(validateGenerateForm(EMPTY_GENERATE_FORM)).toEqual({
      title: REPORT_MESSAGES.nameRequired,
      application_id: APPLICATION_REQUIRED,
      channel: REPORT_MESSAGES.channelRequired,
      status: REPORT_MESSAGES.statusRequired,
      type: REPORT_MESSAGES.typeRequired,
      range: REPORT_MESSAGES.dateRequired,
    });
  });
  it('allows 1 to 31 days', () => {
    const v = { ...EMPTY_GENERATE_FORM, title: 'x', application_id: 'a1', channel: 'sms' as const, status: ['all'], type: 'csv' as const };
    expect(validateGenerateForm({ ...v, range: ['2026-03-01', '2026-03-31'] })).toEqual({});
    expect(validateGenerateForm({ ...v, range: ['2026-03-01', '2026-04-01'] })).toEqual({ range: REPORT_MESSAGES.rangeTooLong });
    expect(validateGenerateForm({ ...v, range: ['2026-03-02', '2026-03-01'] })).toEqual({ range: REPORT_MESSAGES.rangeInvalid });
  });
  it('sanitises the name live and keeps 512 characters', () => {
    expect(liveReportName('My Report-01!')).toBe('my_report01');
    expect(liveReportName('a'.repeat(600))).toHaveLength(512);
  });
  it('treats All as exclusive and sends it as an empty list', () => {
    expect(nextStatusSelection(['sent'], ['sent', 'all'])).toEqual(['all']);
    expect(nextStatusSelection(['all'], ['all', 'sent'])).toEqual(['sent']);
    expect(nextStatusSelection(['sent'], ['sent', 'delivered'])).toEqual(['sent', 'delivered']);
    const body = toGenerateInput({ title: 'March SMS', application_id: 'a1', channel: 'sms', status: ['all'], type: 'xlsx', range: ['2026-03-01', '2026-03-07'] });
    expect(body).toEqual({ application_id: 'a1', title: 'march_sms', channel: 'sms', status: [], start_date: '2026-03-01', end_date: '2026-03-07', type: 'xlsx' });
  });
  it('maps server detail paths onto the fields', () => {
    const err = new ApiError(400, 'invalid_request', 'Invalid', [
      { path: 'title', message: 'Report Name is Required' },
      { path: 'status.0', message: 'Status is not one of the chosen channel: read' },
      { path: 'end_date', message: 'Date range must be at most 31 days' },
      { path: 'other', message: 'x' },
    ]);
    expect(serverFieldErrors(err)).toEqual({
      title: 'Report Name is Required',
      status: 'Status is not one of the chosen channel: read',
      range: 'Date range must be at most 31 days',
    });
  });
});

describe('prefill from the address', () => {
  it('reads Monitoring’s Export link', () => {
    const p = parseCreatePrefill(new URLSearchParams('create=1&application_id=a1&channel=sms&status=delivered&start_date=2026-03-01&end_date=2026-03-07'));
    expect(p).toEqual({ open: true, values: { application_id: 'a1', channel: 'sms', status: ['delivered'], range: ['2026-03-01', '2026-03-07'] } });
  });
  it('maps All, the spec’s channel values, ISO dates and swapped dates', () => {
    const iso = '2026-03-07T10:00:00.000Z';
    const p = parseCreatePrefill(new URLSearchParams(`application_id=a1&channel=sms-otp&status=all&start_date=${iso}&end_date=2026-03-01`), { openCreate: true });
    expect(p.open).toBe(true);
    expect(p.values).toMatchObject({ channel: 'sms_otp', status: ['all'], range: ['2026-03-01', toDay(iso)] });
    expect(parseCreatePrefill(new URLSearchParams('create=1&channel=voice')).values).toEqual({ channel: 'call', status: ['all'] });
  });
  it('drops statuses of another channel and bad values; no create flag keeps it closed', () => {
    const p = parseCreatePrefill(new URLSearchParams('channel=email&status=read,opened&start_date=2026-02-30&end_date=2026-03-01'));
    expect(p).toEqual({ open: false, values: { channel: 'email', status: ['opened'] } });
    expect(parseCreatePrefill(new URLSearchParams('create=1&channel=fax')).values).toEqual({});
  });
});

describe('unbreakable parts', () => {
  it('splits a range at its dash and a date-time between day and time', () => {
    expect(unbreakableParts('18-11-2026 - 24-11-2026')).toEqual(['18-11-2026 -', '24-11-2026']);
    expect(unbreakableParts('24-11-2026 08:54:15 AM')).toEqual(['24-11-2026', '08:54:15 AM']);
    expect(unbreakableParts('12,345')).toEqual(['12,345']);
  });
});
