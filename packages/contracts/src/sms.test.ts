import { describe, expect, it } from 'vitest';
import { countSmsSegments, splitSms } from './sms.ts';

describe('countSmsSegments (GSM-7 160/153, UCS-2 70/67)', () => {
  it.each([
    ['', 'GSM-7', 0, 1],
    ['Hello', 'GSM-7', 5, 1],
    ['a'.repeat(160), 'GSM-7', 160, 1],
    ['a'.repeat(161), 'GSM-7', 161, 2],
    ['a'.repeat(306), 'GSM-7', 306, 2],
    ['a'.repeat(307), 'GSM-7', 307, 3],
    ['€'.repeat(80), 'GSM-7', 160, 1],
    ['€'.repeat(81), 'GSM-7', 162, 2],
    ['[]{}', 'GSM-7', 8, 1],
    ['é'.repeat(160), 'GSM-7', 160, 1],
    ['ж'.repeat(70), 'UCS-2', 70, 1],
    ['ж'.repeat(71), 'UCS-2', 71, 2],
    ['ж'.repeat(134), 'UCS-2', 134, 2],
    ['ж'.repeat(135), 'UCS-2', 135, 3],
    ['OTP 1234 😀', 'UCS-2', 11, 1],
    ['a'.repeat(69) + 'ж', 'UCS-2', 70, 1],
  ] as const)('%j -> %s %i units, %i segments', (text, encoding, units, segments) => {
    expect(countSmsSegments(text)).toEqual({ encoding, units, segments });
  });
});

describe('splitSms', () => {
  it('keeps a text within the single limit in one part', () => {
    expect(splitSms('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, parts: ['a'.repeat(160)] });
    expect(splitSms('')).toEqual({ encoding: 'GSM-7', units: 0, parts: [''] });
  });

  it('cuts GSM-7 into 153-septet parts', () => {
    const { parts } = splitSms('x'.repeat(400));
    expect(parts.map((p) => p.length)).toEqual([153, 153, 94]);
    expect(parts.join('')).toBe('x'.repeat(400));
  });

  it('never splits an extension-table escape pair across parts', () => {
    const text = 'a'.repeat(152) + '€' + 'b'.repeat(10);
    const { parts } = splitSms(text);
    expect(parts).toEqual(['a'.repeat(152), '€' + 'b'.repeat(10)]);
    expect(countSmsSegments(text).segments).toBe(2);
  });

  it('never splits a surrogate pair in UCS-2, and the count follows the split', () => {
    const text = 'ж'.repeat(66) + '😀' + 'ж'.repeat(10);
    const { encoding, parts } = splitSms(text);
    expect(encoding).toBe('UCS-2');
    expect(parts).toEqual(['ж'.repeat(66), '😀' + 'ж'.repeat(10)]);
    expect(parts.join('')).toBe(text);
    expect(countSmsSegments(text)).toEqual({ encoding: 'UCS-2', units: 78, segments: 2 });
  });

  it('counts a part that a trailing two-septet character pushes over as an extra segment', () => {
    // 306 septets would be 2 parts by division, but 152 + € cannot share the first part.
    const text = 'a'.repeat(152) + '€' + 'a'.repeat(152);
    expect(countSmsSegments(text)).toEqual({ encoding: 'GSM-7', units: 306, segments: 3 });
  });
});
