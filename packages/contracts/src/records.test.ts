import { describe, expect, it } from 'vitest';
import { RECORDS_MESSAGES, consoleDate, decodeRecordsCursor, encodeRecordsCursor, maskRequestBody, recordsRangeError, resolveRecordsRange, zonedDayStart } from './records.ts';

describe('maskRequestBody (message detail, issue 9)', () => {
  it('masks OTP codes in SMS OTP texts and keeps the rest', () => {
    expect(maskRequestBody('sms_otp', { to: '+628123', text: 'Your code is 482913. Valid 5 min.' })).toEqual({ to: '+628123', text: 'Your code is ••••••. Valid 5 min.' });
  });
  it('masks the Voice OTP calling number after its first 5 characters', () => {
    expect(maskRequestBody('voice_otp', { to: '+628123', code_length: 4, calling_number: '+622112345678' })).toEqual({ to: '+628123', code_length: 4, calling_number: '+6221••••••••' });
  });
  it('masks WhatsApp button parameters always, and every parameter of an authentication template', () => {
    const body = { to: '+628', template: { name: 'otp', language: 'en', parameters: ['123456'], button_parameters: ['123456'] } };
    expect(maskRequestBody('whatsapp', body)).toEqual({ to: '+628', template: { name: 'otp', language: 'en', parameters: ['123456'], button_parameters: ['••••••'] } });
    expect(maskRequestBody('whatsapp', body, { authenticationTemplate: true })).toEqual({ to: '+628', template: { name: 'otp', language: 'en', parameters: ['••••••'], button_parameters: ['••••••'] } });
    const components = { to: '+628', template: { name: 'otp', language: 'en', components: [{ type: 'body', parameters: [{ type: 'text', text: '4821' }] }] } };
    expect(maskRequestBody('whatsapp', components, { authenticationTemplate: true })).toEqual({
      to: '+628',
      template: { name: 'otp', language: 'en', components: [{ type: 'body', parameters: [{ type: 'text', text: '••••' }] }] },
    });
  });
  it('leaves other channels and the input object alone', () => {
    const body = { to: 'a@b.co', subject: 'Code 1234', text: 'Code 1234' };
    expect(maskRequestBody('email', body)).toEqual(body);
    const sms = { to: '+62', text: 'Code 1234' };
    maskRequestBody('sms_otp', sms);
    expect(sms.text).toBe('Code 1234');
  });
});

describe('console dates (ARCHITECTURE.md §5)', () => {
  it('turns days into Asia/Jakarta bounds, the end day included', () => {
    expect(zonedDayStart('2026-11-23', 'Asia/Jakarta').toISOString()).toBe('2026-11-22T17:00:00.000Z');
    expect(zonedDayStart('2026-03-29', 'Europe/Amsterdam').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(zonedDayStart('2026-03-30', 'Europe/Amsterdam').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(resolveRecordsRange('2026-11-01', '2026-11-01')).toEqual({ from: new Date('2026-10-31T17:00:00Z'), to: new Date('2026-11-01T17:00:00Z'), toExclusive: true });
    expect(resolveRecordsRange('2026-11-01T00:00:00Z', '2026-11-02T00:00:00Z')).toEqual({ from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-11-02T00:00:00Z'), toExclusive: false });
  });
  it('keeps ranges to 1–31 days', () => {
    expect(recordsRangeError('2026-11-01', '2026-11-01')).toBeNull();
    expect(recordsRangeError('2026-11-01', '2026-12-01')).toBeNull();
    expect(recordsRangeError('2026-11-01', '2026-12-02')).toBe(RECORDS_MESSAGES.rangeTooLong);
    expect(recordsRangeError('2026-11-02', '2026-11-01')).toBe(RECORDS_MESSAGES.rangeInvalid);
    expect(recordsRangeError('2026-11-01T00:00:00Z', '2026-12-02T00:00:00Z')).toBeNull();
    expect(recordsRangeError('2026-11-01T00:00:00Z', '2026-12-02T00:00:00.001Z')).toBe(RECORDS_MESSAGES.rangeTooLong);
    expect(consoleDate('startDate').safeParse('2026-02-29').success).toBe(false);
    expect(consoleDate('startDate').safeParse('2028-02-29').success).toBe(true);
  });
  it('round-trips a keyset cursor and refuses others', () => {
    const c = { at: '2026-11-23T01:02:03.456789Z', id: '0b6f3c1e-8f3a-4b8e-9c1d-2a3b4c5d6e7f' };
    expect(decodeRecordsCursor(encodeRecordsCursor(c))).toEqual(c);
    expect(decodeRecordsCursor('bm90LWEtY3Vyc29y')).toBeNull();
    expect(decodeRecordsCursor('%%%')).toBeNull();
  });
});
