import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePageCursors } from './use-page-cursors.ts';

describe('usePageCursors', () => {
  it("opens page n+1 with page n's next_cursor, pages by offset on a jump, and forgets on a filter change", () => {
    const { result, rerender } = renderHook(({ key }) => usePageCursors(key), { initialProps: { key: 'sms|7d' } });
    expect(result.current.cursorFor(1)).toBeUndefined();
    result.current.remember(1, 'c2');
    result.current.remember(2, 'c3');
    result.current.remember(3, null);
    expect(result.current.cursorFor(2)).toBe('c2');
    expect(result.current.cursorFor(3)).toBe('c3');
    expect(result.current.cursorFor(4)).toBeUndefined();
    expect(result.current.cursorFor(9)).toBeUndefined();
    rerender({ key: 'sms|7d' });
    expect(result.current.cursorFor(2)).toBe('c2');
    rerender({ key: 'email|7d' });
    expect(result.current.cursorFor(2)).toBeUndefined();
  });
});
