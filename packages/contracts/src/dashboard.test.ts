import { describe, expect, it } from 'vitest';
import {
  conversationFigures, DASHBOARD_MESSAGES, dashboardQuerySchema, dateRangeError, defaultDashboardRange, formatRate, localDayStart, localParts,
  percentage, rateSummary, resolveDashboardRange, sessionFileName, usageCounters, usageFileName,
} from './dashboard.ts';

describe('rates (templates-dashboard-reports.md §9)', () => {
  it('WhatsApp: success delivered+read, failure failed+rejected+submitted, over all records', () => {
    const r = rateSummary('whatsapp', { delivered: 3, read: 2, failed: 1, rejected: 1, submitted: 1, in_queue: 1, sent: 0 });
    expect(r).toEqual({ total: 9, success: 5, failure: 3, success_rate: 55.56, failure_rate: 33.33 });
  });
  it('Email, SMS, SMS OTP and Call groups', () => {
    expect(rateSummary('email', { delivered: 1, clicked: 1, opened: 1, submitted: 1, failed: 1, unsubscribe: 1, in_queue: 2 })).toMatchObject({ total: 8, success: 4, failure: 2, success_rate: 50, failure_rate: 25 });
    expect(rateSummary('sms', { sent: 1, delivered: 1, submitted: 1, failed: 1, undelivered: 1, rejected: 1 })).toMatchObject({ total: 6, success: 3, failure: 2, success_rate: 50, failure_rate: 33.33 });
    expect(rateSummary('sms_otp', { delivered: 2, undelivered: 1 })).toMatchObject({ success_rate: 66.67, failure_rate: 33.33 });
    expect(rateSummary('call', { answered: 1, rna: 1, user_busy: 1, failed: 1, in_call: 1 })).toMatchObject({ total: 5, success: 1, failure: 3, success_rate: 20, failure_rate: 60 });
    expect(rateSummary('voice_otp', { success: 3, failed: 1 })).toMatchObject({ success_rate: 75, failure_rate: 25 });
  });
  it('no records: 0 rates; two decimals', () => {
    expect(rateSummary('sms', {})).toEqual({ total: 0, success: 0, failure: 0, success_rate: 0, failure_rate: 0 });
    expect(percentage(1, 3)).toBe(33.33);
    expect(percentage(2, 3)).toBe(66.67);
    expect(formatRate(12.5)).toBe('12.50%');
  });
});

describe('usage counters (§3 field names)', () => {
  it('per channel', () => {
    expect(usageCounters('sms', { delivered: 2, in_queue: 1 })).toEqual({
      channel: 'sms', total: 3, total_delivered: 2, total_read: 0, total_submitted: 0, total_rejected: 0, total_failed: 0, total_sent: 0, total_undelivered: 0, total_in_queue: 1,
    });
    expect(usageCounters('email', { opened: 1, unsubscribe: 1 })).toMatchObject({ channel: 'email', total: 2, opened: 1, unsubscribe: 1, failed_server: 0 });
    expect(usageCounters('call', { rna: 1, answered: 2 })).toMatchObject({ channel: 'call', total: 3, total_rna: 1, total_answered: 2, total_in_call: 0 });
  });
  it('session figures by initiator and category', () => {
    expect(conversationFigures([
      { category: 'marketing', initiator: 'business', count: 2 },
      { category: 'utility', initiator: 'business', count: 1 },
      { category: 'service', initiator: 'user', count: 4 },
    ])).toEqual({ total: 7, business_initiated: 3, customer_initiated: 4, marketing: 2, utility: 1, authentication: 0, service: 4 });
  });
});

describe('date ranges (§5.7, §9: 1 to 31 days, Asia/Jakarta)', () => {
  it('checks end before start and more than 31 days', () => {
    expect(dateRangeError('2026-11-01', '2026-12-02')).toBe(DASHBOARD_MESSAGES.rangeTooLong);
    expect(dateRangeError('2026-11-01', '2026-11-30')).toBeNull();
    expect(dateRangeError('2026-10-01', '2026-10-31')).toBeNull();
    expect(dateRangeError('2026-11-02', '2026-11-01')).toBe(DASHBOARD_MESSAGES.rangeInvalid);
    expect(dateRangeError('2026-11-01', '2026-11-01')).toBeNull();
    expect(dateRangeError('2026-11-01T00:00:00+07:00', '2026-11-01T23:59:59+07:00')).toBeNull();
    expect(dateRangeError('2026-11-02T00:00:00Z', '2026-11-01T00:00:00Z')).toBe(DASHBOARD_MESSAGES.rangeInvalid);
  });
  it('the schema reports the broken rule with a clear message', () => {
    const bad = dashboardQuerySchema.safeParse({ application_id: 'a', channel: 'sms', startDate: '2026-10-01', endDate: '2026-11-15' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.message).toBe('Date range must be at most 31 days');
    const back = dashboardQuerySchema.safeParse({ application_id: 'a', channel: 'sms', startDate: '2026-11-15', endDate: '2026-11-14' });
    expect(back.error!.issues[0]!.message).toBe('End date must be after start date');
    const notDate = dashboardQuerySchema.safeParse({ application_id: 'a', channel: 'sms', startDate: '2026-02-30', endDate: '2026-03-01' });
    expect(notDate.error!.issues[0]!.message).toMatch(/startDate.*real date/);
    expect(dashboardQuerySchema.safeParse({ application_id: 'a', channel: 'sms', startDate: '2026-11-01', endDate: '2026-11-07' }).success).toBe(true);
  });
  it('resolves a YYYY-MM-DD day as the whole Jakarta day, hourly', () => {
    const r = resolveDashboardRange('2026-11-23', '2026-11-23');
    expect(r.from.toISOString()).toBe('2026-11-22T17:00:00.000Z');
    expect(r.to.toISOString()).toBe('2026-11-23T17:00:00.000Z');
    expect(r.granularity).toBe('hour');
    expect(r.buckets).toHaveLength(24);
    expect(r.buckets[0]!.label).toBe('2026-11-23 00:00');
    expect(r.buckets[23]!.label).toBe('2026-11-23 23:00');
  });
  it('resolves several days daily, end inclusive', () => {
    const r = resolveDashboardRange('2026-11-17', '2026-11-23');
    expect(r.granularity).toBe('day');
    expect(r.buckets.map((b) => b.label)).toEqual(['2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23']);
    expect(r.buckets[1]!.from.toISOString()).toBe('2026-11-17T17:00:00.000Z');
    expect(r.to.toISOString()).toBe('2026-11-23T17:00:00.000Z');
    expect([r.startDay, r.endDay]).toEqual(['2026-11-17', '2026-11-23']);
  });
  it('Jakarta day edges: 23:59 and 00:00 local fall on their own days', () => {
    expect(localParts(new Date('2026-11-22T16:59:00Z'), 'Asia/Jakarta')).toEqual({ day: '2026-11-22', hour: 23 });
    expect(localParts(new Date('2026-11-22T17:00:00Z'), 'Asia/Jakarta')).toEqual({ day: '2026-11-23', hour: 0 });
    expect(localDayStart('2026-11-23', 'UTC').toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });
  it('ISO date-times: hour-aligned, hourly within 24 h', () => {
    const r = resolveDashboardRange('2026-11-23T00:00:00+07:00', '2026-11-23T23:59:59+07:00');
    expect(r.granularity).toBe('hour');
    expect(r.buckets).toHaveLength(24);
    expect([r.startDay, r.endDay]).toEqual(['2026-11-23', '2026-11-23']);
  });
  it('default range is the last 7 days through today (Jakarta)', () => {
    expect(defaultDashboardRange(new Date('2026-11-22T18:00:00Z'))).toEqual({ startDate: '2026-11-17', endDate: '2026-11-23' });
  });
  it('file names (§9)', () => {
    expect(usageFileName('sms', '2026-11-01', '2026-11-07')).toBe('Report_Usage_SMS_2026-11-01-2026-11-07.xlsx');
    expect(usageFileName('sms_otp', 'a', 'b')).toBe('Report_Usage_SMS_OTP_a-b.xlsx');
    expect(usageFileName('whatsapp', 'a', 'b')).toBe('Report_Usage_Whatsapp_a-b.xlsx');
    expect(usageFileName('email', 'a', 'b')).toBe('Report_Usage_Email_a-b.xlsx');
    expect(usageFileName('call', 'a', 'b')).toBe('Report_Usage_Call_a-b.xlsx');
    expect(sessionFileName('a', 'b')).toBe('Report_Session_WA_a-b.xlsx');
  });
});
