/**
 * Keyset cursors of the Monitoring pages already seen (ARCHITECTURE.md §9 keyset paging; issue
 * 11): the cursor of page n+1 is page n's `next_cursor`. Moving one page on uses it (the index
 * walks on from the last row, however deep the page); a jump to a page not reached that way pages
 * by offset. Forgotten when `filtersKey` (application, channel, range, status, search) changes.
 */
import { useRef } from 'react';

export function usePageCursors(filtersKey: string) {
  const ref = useRef<{ key: string; cursors: Map<number, string> }>({ key: filtersKey, cursors: new Map() });
  if (ref.current.key !== filtersKey) ref.current = { key: filtersKey, cursors: new Map() };
  const cursors = ref.current.cursors;
  return {
    /** The cursor that opens `page`, when the page before it was seen; undefined for page 1 or a jump. */
    cursorFor: (page: number): string | undefined => (page > 1 ? cursors.get(page) : undefined),
    /** Remembers the answer of `page`: its `next_cursor` opens page + 1. */
    remember: (page: number, nextCursor: string | null) => {
      if (nextCursor) cursors.set(page + 1, nextCursor);
    },
  };
}
