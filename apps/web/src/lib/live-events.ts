/**
 * Live delivery (issue 28): the console's side of `GET /api/events/stream` (contracts/events.ts).
 *
 * - ONE EventSource per browser tab, shared by every subscriber (ref-counted): it asks for the
 *   union of the subscribers' application ids and watched message ids (the rows on screen, the open
 *   detail) and is reopened (with `last_event_id`, so nothing is missed in between) when that union
 *   changes; it closes when the last subscriber leaves.
 * - `status` events (watched messages' changes) and `activity` events (at most one per 500 ms: how
 *   many changes each application and channel had) go to the subscribers of their application.
 * - Connection state: 'connecting' until the stream opens, then 'live'. 'unavailable' when there
 *   is no EventSource, when the stream is refused (a 429 for too many streams, a 401: EventSource
 *   closes itself on a non-200 answer) or when an error does not recover within
 *   LIVE_RECOVER_MS; callers then poll (LIVE_FALLBACK_POLL_MS) and the stream is tried again
 *   after LIVE_RETRY_MS. `end` (the session ended) closes it: 'unavailable', no reconnection while
 *   its subscribers stay (once all have left, the next subscriber opens a new stream).
 * - A tab hidden for LIVE_HIDDEN_CLOSE_MS closes its stream (a server holds no connection for a
 *   tab nobody looks at); shown again, it reopens with `last_event_id`: the watched messages'
 *   missed changes and a sum of the others arrive at once.
 * - `reset` (the server could not replay what was missed) calls every subscriber's onReset: they
 *   refetch what is on screen.
 * - useLiveStatusEvents() delivers a subscriber's `status` events in batches (every
 *   LIVE_BATCH_MS at most), and adds the 'paused' state (no events delivered while paused; on
 *   resume onReset is called so the screen catches up).
 */
import { useEffect, useRef, useState } from 'react';
import { STREAM_LIMITS } from '@pesan/contracts/events-limits';
import type { ActivityEvent, StatusEvent } from '@pesan/contracts/events';

export type LiveState = 'connecting' | 'live' | 'paused' | 'unavailable';

/** Events are handed to a subscriber at most this often, ms. */
export const LIVE_BATCH_MS = 250;
/** An error the browser has not recovered from after this long makes the stream 'unavailable', ms. */
export const LIVE_RECOVER_MS = 10_000;
/** After 'unavailable', the stream is tried again after this long, ms. */
export const LIVE_RETRY_MS = 60_000;
/** A tab hidden this long closes its stream until it is shown again, ms. */
export const LIVE_HIDDEN_CLOSE_MS = 30_000;
/** What callers poll at while the stream is 'unavailable', ms. */
export const LIVE_FALLBACK_POLL_MS = 10_000;

export const LIVE_STREAM_PATH = '/api/events/stream';

interface Subscriber {
  /** Application ids; empty = all of the organization's. */
  applicationIds: readonly string[];
  /** Messages whose changes it wants one by one (`status` events). */
  messageIds: readonly string[];
  onEvent(e: StatusEvent): void;
  onActivity(e: ActivityEvent): void;
  onReset(): void;
  onState(s: Exclude<LiveState, 'paused'>): void;
}

type ConnState = Exclude<LiveState, 'paused'>;

/** The tab's connection: one EventSource for all subscribers. Exported for tests (createLiveConnection). */
export interface LiveConnection {
  subscribe(sub: Subscriber): () => void;
  state(): ConnState;
  /** Closes everything and forgets every subscriber (tests). */
  dispose(): void;
}

/** Creates a connection manager (the app uses the one of liveConnection()). */
export function createLiveConnection(): LiveConnection {
  const subs = new Set<Subscriber>();
  let source: EventSource | null = null;
  let sourceKey: string | null = null;
  let state: ConnState = 'connecting';
  let ended = false;
  let lastEventId: string | null = null;
  let recoverTimer: ReturnType<typeof setTimeout> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let syncScheduled = false;
  /** The tab has been hidden for LIVE_HIDDEN_CLOSE_MS: no stream until it is shown. */
  let asleep = false;
  let hiddenTimer: ReturnType<typeof setTimeout> | null = null;
  const doc = (globalThis as { document?: Document }).document;
  const onVisibility = () => {
    if (doc?.visibilityState === 'hidden') {
      hiddenTimer ??= setTimeout(() => {
        hiddenTimer = null;
        asleep = true;
        close();
      }, LIVE_HIDDEN_CLOSE_MS);
      return;
    }
    if (hiddenTimer) clearTimeout(hiddenTimer);
    hiddenTimer = null;
    if (asleep) {
      asleep = false;
      sync();
    }
  };
  let listening = false;
  const listen = (on: boolean) => {
    if (!doc || on === listening) return;
    listening = on;
    if (on) doc.addEventListener('visibilitychange', onVisibility);
    else {
      doc.removeEventListener('visibilitychange', onVisibility);
      if (hiddenTimer) clearTimeout(hiddenTimer);
      hiddenTimer = null;
      asleep = false;
    }
  };

  const setState = (s: ConnState) => {
    if (s === state) return;
    state = s;
    for (const sub of subs) sub.onState(s);
  };
  const clearTimers = () => {
    if (recoverTimer) clearTimeout(recoverTimer);
    if (retryTimer) clearTimeout(retryTimer);
    recoverTimer = retryTimer = null;
  };
  const close = () => {
    source?.close();
    source = null;
    sourceKey = null;
  };

  /**
   * The stream's query for the current subscribers: the union of their application ids (none =
   * all applications, when one subscriber wants all) and of their watched messages (at most
   * STREAM_LIMITS.maxWatched), sorted, so equal wants give an equal key.
   */
  function wantedKey(): string {
    const apps = new Set<string>();
    const messages = new Set<string>();
    let all = false;
    for (const s of subs) {
      if (s.applicationIds.length === 0) all = true;
      for (const id of s.applicationIds) apps.add(id);
      for (const id of s.messageIds) messages.add(id);
    }
    const q = new URLSearchParams();
    if (!all) for (const id of [...apps].sort()) q.append('application_id', id);
    for (const id of [...messages].sort().slice(0, STREAM_LIMITS.maxWatched)) q.append('message_id', id);
    return q.toString();
  }

  function unavailable(retry: boolean) {
    close();
    if (recoverTimer) clearTimeout(recoverTimer);
    recoverTimer = null;
    setState('unavailable');
    if (retry && !retryTimer) {
      retryTimer = setTimeout(() => {
        retryTimer = null;
        sync(true);
      }, LIVE_RETRY_MS);
    }
  }

  function open(key: string) {
    const ES = (globalThis as { EventSource?: typeof EventSource }).EventSource;
    if (!ES) return unavailable(false);
    const q = new URLSearchParams(key);
    if (lastEventId) q.set('last_event_id', lastEventId);
    const qs = q.toString();
    const es = new ES(`${LIVE_STREAM_PATH}${qs ? `?${qs}` : ''}`, { withCredentials: true });
    source = es;
    sourceKey = key;
    if (state !== 'live') setState('connecting');
    es.onopen = () => {
      if (source !== es) return;
      if (recoverTimer) clearTimeout(recoverTimer);
      recoverTimer = null;
      setState('live');
    };
    es.onerror = () => {
      if (source !== es) return;
      // CLOSED: the answer was not a stream (429 too many streams, 401 signed out, 5xx): the
      // browser will not retry. CONNECTING: it retries by itself; give it LIVE_RECOVER_MS.
      if (es.readyState === 2) return unavailable(true);
      if (!recoverTimer) recoverTimer = setTimeout(() => unavailable(true), LIVE_RECOVER_MS);
    };
    /** Listens to `type`: events of this source only, with JSON data (a malformed one is dropped); remembers the id. */
    const on = <T>(type: string, handle: (data: T) => void) =>
      es.addEventListener(type, (ev) => {
        if (source !== es) return;
        const m = ev as MessageEvent<string>;
        let data: T;
        try {
          data = JSON.parse(m.data) as T;
        } catch {
          return;
        }
        if (m.lastEventId) lastEventId = m.lastEventId;
        handle(data);
      });
    const wants = (s: Subscriber, applicationId: string) => s.applicationIds.length === 0 || s.applicationIds.includes(applicationId);
    on<StatusEvent>('status', (data) => {
      for (const s of subs) if (wants(s, data.application_id)) s.onEvent(data);
    });
    on<ActivityEvent>('activity', (data) => {
      for (const s of subs) {
        const changes = data.changes.filter((c) => wants(s, c.application_id));
        if (changes.length) s.onActivity(changes.length === data.changes.length ? data : { ...data, changes });
      }
    });
    es.addEventListener('reset', (ev) => {
      if (source !== es) return;
      const m = ev as MessageEvent<string>;
      if (m.lastEventId) lastEventId = m.lastEventId;
      for (const s of subs) s.onReset();
    });
    es.addEventListener('end', () => {
      if (source !== es) return;
      ended = true;
      clearTimers();
      unavailable(false);
    });
  }

  /** Opens, reopens or closes the source for the current subscribers. */
  function sync(force = false) {
    syncScheduled = false;
    if (subs.size === 0) {
      clearTimers();
      close();
      listen(false);
      // Nobody listens: the next view (after signing in again, say) starts afresh.
      ended = false;
      state = 'connecting';
      return;
    }
    if (ended) return setState('unavailable');
    listen(true);
    if (asleep) return; // reopened when the tab is shown
    const key = wantedKey();
    if (retryTimer && !force) return; // unavailable: wait for the retry
    if (source && key === sourceKey) return;
    close();
    open(key);
  }
  const scheduleSync = () => {
    if (syncScheduled) return;
    syncScheduled = true;
    // Subscribers that mount together make one request.
    queueMicrotask(() => sync());
  };

  return {
    subscribe(sub) {
      subs.add(sub);
      scheduleSync();
      return () => {
        if (subs.delete(sub)) scheduleSync();
      };
    },
    state: () => state,
    dispose() {
      subs.clear();
      clearTimers();
      close();
      listen(false);
      ended = false;
      lastEventId = null;
      state = 'connecting';
    },
  };
}

let tabConnection: LiveConnection | null = null;
/** The tab's one connection. */
export function liveConnection(): LiveConnection {
  return (tabConnection ??= createLiveConnection());
}
/** Test-only: drops the tab's connection (the next subscriber makes a new one). */
export function resetLiveConnectionForTests() {
  tabConnection?.dispose();
  tabConnection = null;
}

export interface LiveOptions {
  /** No events delivered and the stream not held for this subscriber. */
  paused?: boolean;
  /** Messages whose changes arrive one by one in onEvents (the rows on screen, the open detail). */
  messageIds?: readonly string[];
  /** At most every 500 ms: how many changes the applications had meanwhile (refetch what depends on them). */
  onActivity?: (e: ActivityEvent) => void;
  /** The server could not replay what was missed, or updates resume after a pause: refetch what is shown. */
  onReset?: () => void;
}

/**
 * Subscribes to the live changes of `applicationIds` (empty = all of the organization's) while
 * mounted: `onEvents` receives the watched messages' (`messageIds`) changes in batches (oldest
 * first, at most every LIVE_BATCH_MS), `onActivity` the sums of all of them.
 * Returns the connection state: 'unavailable' means poll (LIVE_FALLBACK_POLL_MS).
 */
export function useLiveStatusEvents(applicationIds: readonly string[], onEvents: (events: StatusEvent[]) => void, { paused = false, onReset, messageIds = [], onActivity }: LiveOptions = {}): LiveState {
  const [connState, setConnState] = useState<ConnState>(() => liveConnection().state());
  const onEventsRef = useRef(onEvents);
  const onResetRef = useRef(onReset);
  const onActivityRef = useRef(onActivity);
  useEffect(() => {
    onEventsRef.current = onEvents;
    onResetRef.current = onReset;
    onActivityRef.current = onActivity;
  });
  const key = [...applicationIds].sort().join(',');
  const watchKey = [...new Set(messageIds)].sort().join(',');

  useEffect(() => {
    if (paused) return;
    let buffer: StatusEvent[] = [];
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      timer = null;
      const batch = buffer;
      buffer = [];
      if (batch.length) onEventsRef.current(batch);
    };
    const conn = liveConnection();
    const unsubscribe = conn.subscribe({
      applicationIds: key ? key.split(',') : [],
      messageIds: watchKey ? watchKey.split(',') : [],
      onActivity: (e) => onActivityRef.current?.(e),
      onEvent: (e) => {
        buffer.push(e);
        timer ??= setTimeout(flush, LIVE_BATCH_MS);
      },
      onReset: () => onResetRef.current?.(),
      onState: setConnState,
    });
    setConnState(conn.state());
    return () => {
      if (timer) clearTimeout(timer);
      unsubscribe();
    };
  }, [key, watchKey, paused]);

  // Back from a pause: what changed meanwhile was not applied; refetch once.
  const wasPaused = useRef(paused);
  useEffect(() => {
    if (wasPaused.current && !paused) onResetRef.current?.();
    wasPaused.current = paused;
  }, [paused]);

  return paused ? 'paused' : connState;
}
