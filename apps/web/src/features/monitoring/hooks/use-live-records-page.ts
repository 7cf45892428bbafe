/**
 * A records page that follows live delivery by itself (issue 28), for the Overview's Monitoring
 * preview: its rows are watched, so their status changes are applied in place (no refetch), and
 * when the application's activity shows new rows for this list it is refetched, at most once per
 * PREVIEW_REFRESH_MS (the first change at once, the ones after it together at the end of the window).
 * Monitoring itself offers 'New activity — Refresh' instead (monitoring-view.tsx): its reader may be
 * paging; a 5-row preview of the newest messages simply keeps up.
 */
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveStatusEvents, type LiveState } from '../../../lib/live-events.ts';
import { activityShowsIn, applyStatusEvents, recordsQueryOptions, type RecordsPage, type RecordsParams } from '../api/list-records.ts';

/** The shortest time between two refetches of a live preview, ms. */
export const PREVIEW_REFRESH_MS = 1500;

/** Keeps the cached page of `params` live while mounted; returns the stream's state. */
export function useLiveRecordsPage(params: RecordsParams): LiveState {
  const queryClient = useQueryClient();
  const key = recordsQueryOptions(params).queryKey;
  const ids = queryClient.getQueryData<RecordsPage>(key)?.data.map((r) => r.msgid) ?? [];
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    },
    [],
  );
  const refetch = () => {
    last.current = Date.now();
    void queryClient.invalidateQueries({ queryKey: key, exact: true });
  };
  return useLiveStatusEvents(
    [params.application_id],
    (events) => {
      const current = queryClient.getQueryData<RecordsPage>(key);
      if (!current) return;
      const { page } = applyStatusEvents(current, events);
      if (page !== current) queryClient.setQueryData(key, page);
    },
    {
      messageIds: ids,
      onActivity: (activity) => {
        if (!activityShowsIn(activity, params.application_id, params.channel, String(params.showType)) || timer.current) return;
        const wait = last.current + PREVIEW_REFRESH_MS - Date.now();
        if (wait <= 0) refetch();
        else
          timer.current = setTimeout(() => {
            timer.current = null;
            refetch();
          }, wait);
      },
      onReset: refetch,
    },
  );
}
