import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { ActivityEvent, StatusEvent } from '@pesan/contracts/events';
import { LIVE_BATCH_MS, LIVE_HIDDEN_CLOSE_MS, LIVE_RECOVER_MS, LIVE_RETRY_MS, resetLiveConnectionForTests, useLiveStatusEvents } from './live-events.ts';
import { activityEvent, FakeEventSource, statusEvent } from './live-events.test-support.ts';

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

const flushMicrotasks = () => act(async () => {});

describe('useLiveStatusEvents', () => {
  it('shares one EventSource between subscribers, with the union of their application ids, and delivers events in batches', async () => {
    const a: StatusEvent[][] = [];
    const b: StatusEvent[][] = [];
    const one = renderHook(() => useLiveStatusEvents(['app-1'], (e) => a.push(e)));
    const two = renderHook(() => useLiveStatusEvents(['app-2'], (e) => b.push(e)));
    await flushMicrotasks();
    expect(FakeEventSource.instances).toHaveLength(1);
    const es = FakeEventSource.instances[0]!;
    expect(es.url).toBe('/api/events/stream?application_id=app-1&application_id=app-2');
    expect(es.withCredentials).toBe(true);
    expect(one.result.current).toBe('connecting');
    act(() => es.open());
    expect(one.result.current).toBe('live');
    expect(two.result.current).toBe('live');

    act(() => {
      es.emit('status', statusEvent('1', 'm1', 'app-1', 'sent'), '1');
      es.emit('status', statusEvent('2', 'm1', 'app-1', 'delivered'), '2');
      es.emit('status', statusEvent('3', 'm2', 'app-2', 'sent'), '3');
    });
    expect(a).toHaveLength(0);
    act(() => vi.advanceTimersByTime(LIVE_BATCH_MS));
    expect(a).toHaveLength(1);
    expect(a[0]!.map((e) => e.status)).toEqual(['sent', 'delivered']);
    expect(b).toEqual([[expect.objectContaining({ message_id: 'm2' })]]);

    // One leaves: reopened with the other's ids only, resuming after the last event.
    two.unmount();
    await flushMicrotasks();
    expect(es.closed).toBe(true);
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(FakeEventSource.instances[1]!.url).toBe('/api/events/stream?application_id=app-1&last_event_id=3');
    one.unmount();
    await flushMicrotasks();
    expect(FakeEventSource.instances[1]!.closed).toBe(true);
  });

  it("asks for the union of the subscribers' watched messages, reopens (resuming) when it changes, and routes activity by application", async () => {
    const got: ActivityEvent[] = [];
    const other: ActivityEvent[] = [];
    const one = renderHook(({ ids }) => useLiveStatusEvents(['app-1'], () => {}, { messageIds: ids, onActivity: (e) => got.push(e) }), { initialProps: { ids: ['m2', 'm1', 'm1'] } });
    renderHook(() => useLiveStatusEvents(['app-2'], () => {}, { onActivity: (e) => other.push(e) }));
    await flushMicrotasks();
    expect(FakeEventSource.instances).toHaveLength(1);
    const es = FakeEventSource.instances[0]!;
    expect(es.url).toBe('/api/events/stream?application_id=app-1&application_id=app-2&message_id=m1&message_id=m2');
    act(() => es.open());
    act(() => es.emit('activity', { ...activityEvent('7', 'app-1', 1, { sent: 1 }), changes: [...activityEvent('7', 'app-1', 1, { sent: 1 }).changes, ...activityEvent('7', 'app-2', 0, { delivered: 2 }).changes] }, '7'));
    expect(got).toHaveLength(1);
    expect(got[0]!.changes.map((c) => c.application_id)).toEqual(['app-1']);
    expect(other[0]!.changes).toEqual([{ application_id: 'app-2', channel: 'sms', created: 0, statuses: { delivered: 2 } }]);
    // The same set in another order is the same stream; a new set reopens after the last event.
    one.rerender({ ids: ['m1', 'm2'] });
    await flushMicrotasks();
    expect(FakeEventSource.instances).toHaveLength(1);
    one.rerender({ ids: ['m3'] });
    await flushMicrotasks();
    expect(es.closed).toBe(true);
    expect(FakeEventSource.instances[1]!.url).toBe('/api/events/stream?application_id=app-1&application_id=app-2&message_id=m3&last_event_id=7');
  });

  it('closes the stream of a tab hidden for 30 s and reopens it, resuming, when shown', async () => {
    let visibility: DocumentVisibilityState = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    const setVisibility = (v: DocumentVisibilityState) => {
      visibility = v;
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
    };
    renderHook(() => useLiveStatusEvents(['app-1'], () => {}));
    await flushMicrotasks();
    const es = FakeEventSource.instances[0]!;
    act(() => es.open());
    act(() => es.emit('status', statusEvent('4', 'm1', 'app-1', 'sent'), '4'));
    // Hidden briefly: kept.
    setVisibility('hidden');
    act(() => vi.advanceTimersByTime(LIVE_HIDDEN_CLOSE_MS - 1000));
    setVisibility('visible');
    act(() => vi.advanceTimersByTime(LIVE_HIDDEN_CLOSE_MS));
    expect(es.closed).toBe(false);
    // Hidden long: closed, and reopened after the last event when shown.
    setVisibility('hidden');
    act(() => vi.advanceTimersByTime(LIVE_HIDDEN_CLOSE_MS));
    expect(es.closed).toBe(true);
    expect(FakeEventSource.instances).toHaveLength(1);
    setVisibility('visible');
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(FakeEventSource.instances[1]!.url).toBe('/api/events/stream?application_id=app-1&last_event_id=4');
    vi.restoreAllMocks();
  });

  it('calls onReset on a `reset` event', async () => {
    const onReset = vi.fn();
    renderHook(() => useLiveStatusEvents(['app-1'], () => {}, { onReset }));
    await flushMicrotasks();
    const es = FakeEventSource.instances[0]!;
    act(() => es.open());
    act(() => es.emit('reset', { last_event_id: '9' }, '9'));
    expect(onReset).toHaveBeenCalledTimes(1);
  });

  it('stops for good on `end`', async () => {
    const hook = renderHook(() => useLiveStatusEvents(['app-1'], () => {}));
    await flushMicrotasks();
    const es = FakeEventSource.instances[0]!;
    act(() => es.open());
    act(() => es.emit('end', { reason: 'session_ended' }));
    expect(hook.result.current).toBe('unavailable');
    expect(es.closed).toBe(true);
    act(() => vi.advanceTimersByTime(LIVE_RETRY_MS * 2));
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('is unavailable (callers poll) when refused, and tries again later', async () => {
    const hook = renderHook(() => useLiveStatusEvents(['app-1'], () => {}));
    await flushMicrotasks();
    act(() => FakeEventSource.instances[0]!.fail(2)); // a 429: the browser gives up
    expect(hook.result.current).toBe('unavailable');
    act(() => vi.advanceTimersByTime(LIVE_RETRY_MS));
    expect(FakeEventSource.instances).toHaveLength(2);
    act(() => FakeEventSource.instances[1]!.open());
    expect(hook.result.current).toBe('live');
  });

  it('is unavailable when an error does not recover within 10 s', async () => {
    const hook = renderHook(() => useLiveStatusEvents(['app-1'], () => {}));
    await flushMicrotasks();
    const es = FakeEventSource.instances[0]!;
    act(() => es.open());
    act(() => es.fail(0)); // the browser reconnects by itself
    expect(hook.result.current).toBe('live');
    act(() => vi.advanceTimersByTime(LIVE_RECOVER_MS - 1));
    expect(hook.result.current).toBe('live');
    act(() => vi.advanceTimersByTime(1));
    expect(hook.result.current).toBe('unavailable');
  });

  it('is unavailable without EventSource', async () => {
    vi.stubGlobal('EventSource', undefined);
    const hook = renderHook(() => useLiveStatusEvents(['app-1'], () => {}));
    await flushMicrotasks();
    expect(hook.result.current).toBe('unavailable');
  });

  it('delivers nothing while paused, releases the stream, and asks for a refetch on resume', async () => {
    const got: StatusEvent[][] = [];
    const onReset = vi.fn();
    const hook = renderHook(({ paused }) => useLiveStatusEvents(['app-1'], (e) => got.push(e), { paused, onReset }), { initialProps: { paused: false } });
    await flushMicrotasks();
    act(() => FakeEventSource.instances[0]!.open());
    hook.rerender({ paused: true });
    await flushMicrotasks();
    expect(hook.result.current).toBe('paused');
    expect(FakeEventSource.instances[0]!.closed).toBe(true);
    act(() => FakeEventSource.instances[0]!.emit('status', statusEvent('1', 'm1', 'app-1', 'sent'), '1'));
    act(() => vi.advanceTimersByTime(LIVE_BATCH_MS));
    expect(got).toHaveLength(0);
    hook.rerender({ paused: false });
    await flushMicrotasks();
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(FakeEventSource.instances).toHaveLength(2);
  });
});
