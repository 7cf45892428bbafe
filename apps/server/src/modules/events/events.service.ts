/**
 * The live stream of status changes (issue 28; contract contracts/events.ts): opens a stream for a
 * signed-in user, resumes it after Last-Event-ID, and hands it to the process's hub
 * (event-hub.ts). HTTP-free: the route gives it a sink that writes Server-Sent Events frames.
 */
import { EVENTS_MESSAGES, STREAM_LIMITS, type StatusEvent } from '@pesan/contracts/events';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { createActivity } from './activity.ts';
import type { EventHub, StreamSubscriber } from './event-hub.ts';
import { maxOutboxId, readWatchedOutbox, summarizeOutbox, type OutboxEventRow } from './events.repo.ts';
import { sseFrame } from './sse-frame.ts';

/** Where a stream's frames go: the HTTP response. */
export interface StreamSink {
  /** Writes text to the client; false when the client is too far behind (its buffer is full). */
  write(frame: string): boolean;
  /** Ends the response. */
  close(): void;
}

/** The signed-in user a stream belongs to. */
export interface StreamOwner {
  userId: string;
  organizationId: string;
  sessionHash: string;
}

/** What a stream asks for (the query of GET /api/events/stream). */
export interface StreamOptions {
  /** Only these applications (empty or undefined = all of the organization's). */
  applicationIds?: string[];
  /** The watched messages: their changes arrive one by one as `status` events. */
  messageIds?: string[];
  /** Resume after this event id (Last-Event-ID). */
  lastEventId?: string | null;
}

export interface EventsService {
  /**
   * Opens a stream: a `retry` hint, then (with `lastEventId`) the watched messages' changes after
   * it and one `activity` event summing the rest, or one `reset` event when that is too much
   * (STREAM_LIMITS.resumeMax, resumeScanMax); then `status` events of the watched messages and an
   * `activity` event every STREAM_LIMITS.activityMs while its applications change. Returns the
   * function that ends it (call it when the client goes away).
   * @throws AppError rate_limited (429) when the user has STREAM_LIMITS.perUser streams open (before
   *   anything is written). A failed read of the missed changes ends the stream instead.
   */
  open(owner: StreamOwner, opts: StreamOptions, sink: StreamSink): Promise<() => void>;
}

/** Bytes a client may fall behind by before its stream is ended (it then resumes with Last-Event-ID). */
export const SLOW_CLIENT_BYTES = 1 << 20;

/** The `status` event of an outbox row. */
export function toStatusEvent(r: OutboxEventRow): StatusEvent {
  return {
    id: String(r.id),
    message_id: r.messageId,
    application_id: r.applicationId,
    channel: r.channel,
    status: r.status,
    previous_status: r.previousStatus,
    reason: r.reason,
    at: r.at.toISOString(),
  };
}

/** Creates the service (deps: the database and the process's hub). */
export function createEventsService(deps: { db: Db; hub: EventHub }): EventsService {
  return {
    async open(owner, opts, sink) {
      if (deps.hub.streamsOf(owner.userId) >= STREAM_LIMITS.perUser) throw new AppError('rate_limited', EVENTS_MESSAGES.tooManyStreams);
      const applicationIds = opts.applicationIds?.length ? new Set(opts.applicationIds) : null;
      const messageIds = new Set(opts.messageIds ?? []);
      const after = opts.lastEventId && /^\d{1,19}$/.test(opts.lastEventId) ? Number(opts.lastEventId) : null;
      let ended = false;
      // What the hub hands over while the missed changes are read waits here, then goes out without repeats.
      let pending: { rows: OutboxEventRow[]; activity: string[] } | null = after === null ? null : { rows: [], activity: [] };
      const sent = new Set<number>();
      let unsubscribe = () => {};
      const end = () => {
        if (ended) return;
        ended = true;
        unsubscribe();
        sink.close();
      };
      const write = (text: string) => {
        if (text && !ended && !sink.write(text)) end();
      };
      const send = (rows: OutboxEventRow[]) => {
        let text = '';
        for (const r of rows) if (!sent.size || !sent.has(r.id)) text += sseFrame('status', toStatusEvent(r), String(r.id));
        write(text);
      };
      const sub: StreamSubscriber = {
        organizationId: owner.organizationId,
        applicationIds,
        messageIds,
        userId: owner.userId,
        sessionHash: owner.sessionHash,
        deliver: (rows) => {
          if (ended) return;
          if (pending) pending.rows.push(...rows);
          else send(rows);
        },
        activity: (frame) => {
          if (ended) return;
          if (pending) pending.activity.push(frame);
          else write(frame);
        },
        end: (reason) => {
          if (ended) return;
          sink.write(sseFrame('end', { reason }));
          end();
        },
      };
      sink.write(`retry: ${STREAM_LIMITS.retryMs}\n\n`);
      unsubscribe = deps.hub.subscribe(sub);
      if (after !== null && !ended) {
        const apps = applicationIds ? [...applicationIds] : null;
        try {
          const newest = await maxOutboxId(deps.db);
          const missed = newest - after > STREAM_LIMITS.resumeScanMax ? null : messageIds.size ? await readWatchedOutbox(deps.db, owner.organizationId, apps, [...messageIds], after, newest, STREAM_LIMITS.resumeMax + 1) : [];
          if (missed === null || missed.length > STREAM_LIMITS.resumeMax) {
            write(sseFrame('reset', { last_event_id: String(newest) }, String(newest)));
            if (pending) pending.rows = pending.rows.filter((r) => r.id > newest);
          } else {
            const summary = createActivity();
            for (const g of await summarizeOutbox(deps.db, owner.organizationId, apps, after, newest)) summary.addGroup(g);
            send(missed);
            write(summary.frame(applicationIds, { resumed: true }) ?? '');
            // A row the tail saw skipped may still reach the hub after this read delivered it.
            for (const r of missed) sent.add(r.id);
            setTimeout(() => sent.clear(), 15_000).unref();
          }
        } catch {
          // The stream is already open (200): end it; the browser reconnects with its Last-Event-ID.
          end();
          return end;
        }
        const buffered = pending ?? { rows: [], activity: [] };
        pending = null;
        if (buffered.rows.length) send(buffered.rows);
        for (const frame of buffered.activity) write(frame);
      }
      return end;
    },
  };
}
