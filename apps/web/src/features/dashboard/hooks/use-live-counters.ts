/**
 * Live Overview counters (issue 28): while a channel tab is open, the `activity` events of its
 * application (the live stream's sums of its changes, lib/live-events.ts) invalidate that
 * application's dashboard queries (rate,
 * usage, trend, WhatsApp sessions: their keys are ['dashboard', kind, {application_id, …}]) at most
 * once per COUNTERS_REFRESH_MS, the first change at once and the ones after it together at the end
 * of the window. A `reset` invalidates them too. Returns the connection state.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveStatusEvents, type LiveState } from '../../../lib/live-events.ts';

/** The shortest time between two refetches of the counters, ms. */
export const COUNTERS_REFRESH_MS = 1500;

export function useLiveCounters(applicationId: string): LiveState {
  const queryClient = useQueryClient();
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const invalidate = useCallback(() => {
    last.current = Date.now();
    void queryClient.invalidateQueries({
      predicate: (q) => q.queryKey[0] === 'dashboard' && (q.queryKey[2] as { application_id?: string } | undefined)?.application_id === applicationId,
    });
  }, [queryClient, applicationId]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    },
    [],
  );
  const changed = () => {
    if (timer.current) return; // already due at the end of the window
    const wait = last.current + COUNTERS_REFRESH_MS - Date.now();
    if (wait <= 0) invalidate();
    else
      timer.current = setTimeout(() => {
        timer.current = null;
        invalidate();
      }, wait);
  };
  return useLiveStatusEvents([applicationId], changed, { onActivity: changed, onReset: invalidate });
}
