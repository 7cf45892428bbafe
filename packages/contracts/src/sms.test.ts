import { describe, expect, it } from 'vitest';
import { countSmsSegments } from './sms.ts';

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
