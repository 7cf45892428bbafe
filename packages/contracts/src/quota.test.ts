import { describe, expect, it } from 'vitest';
import { isValidRecipient, normaliseThresholdInput, quotaSettingsInputSchema, remainingOf } from './quota.ts';

describe('quota rules (console.md §4, §5)', () => {
  it('keeps digits only, strips leading zeros, empty is 0', () => {
    expect(normaliseThresholdInput('0050abc')).toEqual({ text: '50', value: 50 });
    expect(normaliseThresholdInput('')).toEqual({ text: '0', value: 0 });
    expect(normaliseThresholdInput('000')).toEqual({ text: '0', value: 0 });
    expect(normaliseThresholdInput('1.5e3')).toEqual({ text: '153', value: 153 });
    expect(normaliseThresholdInput('9'.repeat(20)).text).toHaveLength(13);
  });
  it('remaining is quota − usage (call minutes × 60), never below 0', () => {
    expect(remainingOf({ quota: 10, usage: 3, quota_type: 'message' })).toBe(7);
    expect(remainingOf({ quota: 10, usage: 30, quota_type: 'menit' })).toBe(570);
    expect(remainingOf({ quota: 1, usage: 3, quota_type: 'session' })).toBe(0);
  });
  it('accepts at most 5 distinct valid recipients', () => {
    expect(isValidRecipient(' Ops@Example.com ')).toBe(true);
    expect(isValidRecipient('nope')).toBe(false);
    const ok = quotaSettingsInputSchema.safeParse({ disable: false, email_recipient: ['a@x.io'], thresholds: [{ type: 'sms', reminder: true, threshold: 5 }] });
    expect(ok.success).toBe(true);
    const six = quotaSettingsInputSchema.safeParse({ disable: false, email_recipient: ['a', 'b', 'c', 'd', 'e', 'f'].map((c) => `${c}@x.io`), thresholds: [] });
    expect(six.success).toBe(false);
  });
});
