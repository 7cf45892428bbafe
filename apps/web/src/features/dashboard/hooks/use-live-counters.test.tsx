import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LIVE_BATCH_MS, resetLiveConnectionForTests } from '../../../lib/live-events.ts';
import { FakeEventSource, statusEvent } from '../../../lib/live-events.test-support.ts';
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
  it("invalidates the application's dashboard queries at most once per 2 s", async () => {
    const client = new QueryClient();
    const spy = vi.spyOn(client, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    renderHook(() => useLiveCounters('app-1'), { wrapper });
    await act(async () => {});
    const es = FakeEventSource.instances[0]!;
    act(() => es.open());
    const emit = (n: number) => {
      act(() => es.emit('status', statusEvent(String(n), `m${n}`, 'app-1', 'sent'), String(n)));
      act(() => vi.advanceTimersByTime(LIVE_BATCH_MS));
    };
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
