/** Test-only: a fake EventSource (stub it with vi.stubGlobal('EventSource', FakeEventSource)), a status event and an activity event. */
import type { ActivityEvent, StatusEvent } from '@pesan/contracts/events';

export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  readyState = 0;
  closed = false;
  onopen: ((e: Event) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  private listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  constructor(
    readonly url: string,
    readonly init?: { withCredentials?: boolean },
  ) {
    FakeEventSource.instances.push(this);
  }
  get withCredentials() {
    return Boolean(this.init?.withCredentials);
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  removeEventListener() {}
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  /** The server answered 200. */
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  /** An error; readyState 0 = the browser reconnects, 2 = it gave up (a non-200 answer). */
  fail(readyState: 0 | 2) {
    this.readyState = readyState;
    this.onerror?.(new Event('error'));
  }
  emit(type: string, data: unknown, id = '') {
    if (this.closed) return;
    const e = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id });
    for (const fn of this.listeners.get(type) ?? []) fn(e);
  }
}

/** A `status` event of message `messageId`. */
export function statusEvent(id: string, messageId: string, applicationId: string, status: string, channel = 'sms', at = '2026-03-15T03:05:00Z'): StatusEvent {
  return { id, message_id: messageId, application_id: applicationId, channel, status, previous_status: null, reason: null, at };
}

/** An `activity` event: `created` new messages and changes into `statuses` of one application and channel. */
export function activityEvent(id: string, applicationId: string, created: number, statuses: Record<string, number>, channel = 'sms'): ActivityEvent {
  return { id, changes: [{ application_id: applicationId, channel, created, statuses }], from: '2026-03-15T03:05:00Z', to: '2026-03-15T03:05:01Z', resumed: false };
}
