import { describe, expect, it } from 'vitest';
import { findUnsafeText, unsafeTextReason } from './text-safety.ts';

describe('text safety (one rule for every text field)', () => {
  it('refuses NUL and lone surrogates, accepts any well-formed Unicode', () => {
    expect(unsafeTextReason('a\u0000b')).toBe('nul');
    expect(unsafeTextReason('a\ud800b')).toBe('surrogate');
    expect(unsafeTextReason('a\udc00')).toBe('surrogate');
    expect(unsafeTextReason('\ud800')).toBe('surrogate');
    expect(unsafeTextReason('😀 Halo, عالم, 世界, \u200f')).toBeNull();
    expect(unsafeTextReason("'; drop table users; --")).toBeNull();
  });

  it('names the first unsafe field by its dotted path, keys included', () => {
    expect(findUnsafeText({ to: '0812', template: { parameters: ['ok', 'x\u0000'] } })).toEqual({
      path: 'template.parameters.1',
      message: '`template.parameters.1` must not contain NUL characters (\\u0000)',
    });
    expect(findUnsafeText({ fullName: 'a\ud800b' })?.message).toBe('`fullName` must be valid Unicode text (it contains a lone surrogate such as \\ud800)');
    expect(findUnsafeText({ nested: { 'k\u0000': 1 } })?.path).toBe('nested');
    expect(findUnsafeText('\u0000')?.message).toMatch(/^The request must not contain NUL/);
    expect(findUnsafeText({ a: [1, true, null, { b: 'fine' }] })).toBeNull();
  });

  it('walks any nesting depth without exhausting the stack', () => {
    const deep = JSON.parse('['.repeat(100_000) + '"x\\u0000"' + ']'.repeat(100_000)) as unknown;
    expect(findUnsafeText(deep)?.message).toMatch(/must not contain NUL/);
    expect(findUnsafeText(JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)))).toBeNull();
  });
});
