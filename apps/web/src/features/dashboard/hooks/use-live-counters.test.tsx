import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { resetLiveConnectionForTests } from '../../../lib/live-events.ts';
import { activityEvent, FakeEventSource } from '../../../lib/live-events.test-support.ts';
import { COUNTERS_REFRESH_MS, useLiveCounters } from './use-live-counters.ts';

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

describe('useLiveCounters', () => {
  it("invalidates the application's dashboard queries on its activity events, at most once per 1.5 s", async () => {
    const client = new QueryClient();
    const spy = vi.spyOn(client, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    renderHook(() => useLiveCounters('app-1'), { wrapper });
    await act(async () => {});
    const es = FakeEventSource.instances[0]!;
    act(() => es.open());
    expect(es.url).toBe('/api/events/stream?application_id=app-1');
    const emit = (n: number, applicationId = 'app-1') => {
      act(() => es.emit('activity', activityEvent(String(n), applicationId, 1, { sent: 1 }), String(n)));
      act(() => vi.advanceTimersByTime(300));
    };
    // Another application's activity is not this tab's.
    emit(0, 'app-2');
    expect(spy).not.toHaveBeenCalled();
    emit(1);
    expect(spy).toHaveBeenCalledTimes(1);
    emit(2);
    emit(3);
    expect(spy).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(COUNTERS_REFRESH_MS));
    expect(spy).toHaveBeenCalledTimes(2);
    const { predicate } = spy.mock.calls[0]![0] as unknown as { predicate: (q: { queryKey: unknown[] }) => boolean };
    expect(predicate({ queryKey: ['dashboard', 'usage', { application_id: 'app-1' }] })).toBe(true);
    expect(predicate({ queryKey: ['dashboard', 'usage', { application_id: 'app-2' }] })).toBe(false);
    expect(predicate({ queryKey: ['records', { application_id: 'app-1' }] })).toBe(false);
  });
});
