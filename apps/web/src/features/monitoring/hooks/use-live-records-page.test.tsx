import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LIVE_BATCH_MS, resetLiveConnectionForTests } from '../../../lib/live-events.ts';
import { activityEvent, FakeEventSource, statusEvent } from '../../../lib/live-events.test-support.ts';
import { recordsQueryOptions, type RecordsPage, type RecordsParams } from '../api/list-records.ts';
import { recordFixture } from '../test/fixtures.ts';
import { PREVIEW_REFRESH_MS, useLiveRecordsPage } from './use-live-records-page.ts';

const A = '7f1d2c9e-0000-4000-8000-00000000000a';
const B = '7f1d2c9e-0000-4000-8000-00000000000b';
const params: RecordsParams = { application_id: 'app-1', channel: 'sms', startDate: '2026-03-09', endDate: '2026-03-15', page: 1, limit: 5, showType: 'all', search: '' };
const page: RecordsPage = {
  data: [
    { ...recordFixture(A, 'sms'), status: 'sent' },
    { ...recordFixture(B, 'sms'), status: 'sent' },
  ],
  page: 1,
  limit: 5,
  pages: 1,
  total: 2,
  total_capped: false,
  next_cursor: null,
  last_update: '2026-03-15T03:04:02Z',
};

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  resetLiveConnectionForTests();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('useLiveRecordsPage', () => {
  it('watches the shown rows, applies their changes in place, and refetches on new messages at most once per window', async () => {
    const client = new QueryClient();
    const key = recordsQueryOptions(params).queryKey;
    client.setQueryData(key, page);
    const spy = vi.spyOn(client, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    renderHook(() => useLiveRecordsPage(params), { wrapper });
    await act(async () => {});
    const es = FakeEventSource.instances.at(-1)!;
    expect(es.url).toBe(`/api/events/stream?application_id=app-1&message_id=${A}&message_id=${B}`);
    act(() => es.open());

    act(() => es.emit('status', statusEvent('3', B, 'app-1', 'delivered', 'sms', '2026-03-15T03:05:00Z'), '3'));
    act(() => vi.advanceTimersByTime(LIVE_BATCH_MS));
    expect(client.getQueryData<RecordsPage>(key)!.data.map((r) => r.status)).toEqual(['sent', 'delivered']);
    expect(spy).not.toHaveBeenCalled();

    // Only status changes of other messages, or another channel's new messages: no refetch.
    act(() => es.emit('activity', activityEvent('4', 'app-1', 0, { delivered: 3 }), '4'));
    act(() => es.emit('activity', activityEvent('5', 'app-1', 2, { sent: 2 }, 'whatsapp'), '5'));
    expect(spy).not.toHaveBeenCalled();
    // New messages: at once, then once at the end of the window for the ones after.
    act(() => es.emit('activity', activityEvent('6', 'app-1', 1, { in_queue: 1 }), '6'));
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0]![0]).toEqual({ queryKey: key, exact: true });
    act(() => es.emit('activity', activityEvent('7', 'app-1', 1, { in_queue: 1 }), '7'));
    act(() => es.emit('activity', activityEvent('8', 'app-1', 1, { in_queue: 1 }), '8'));
    expect(spy).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(PREVIEW_REFRESH_MS));
    expect(spy).toHaveBeenCalledTimes(2);
  });
});
