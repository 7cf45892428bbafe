/**
 * The live stream of status changes (issue 28; contract contracts/events.ts): opens a stream for a
 * signed-in user, resumes it after Last-Event-ID, and hands it to the process's hub
 * (event-hub.ts). HTTP-free: the route gives it a sink that writes Server-Sent Events frames.
 */
import { EVENTS_MESSAGES, STREAM_LIMITS, type StatusEvent } from '@pesan/contracts/events';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { EventHub, StreamSubscriber } from './event-hub.ts';
import { maxOutboxId, readOrganizationOutbox, type OutboxEventRow } from './events.repo.ts';

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

export interface EventsService {
  /**
   * Opens a stream: a `retry` hint, then (with `lastEventId`) the changes after it or one `reset`
   * event when more than STREAM_LIMITS.resumeMax were missed, then every new change of the
   * organization (of `applicationIds` only, when given). Returns the function that ends it (call it
   * when the client goes away).
   * @throws AppError rate_limited (429) when the user has STREAM_LIMITS.perUser streams open (before
   *   anything is written). A failed read of the missed changes ends the stream instead.
   */
  open(owner: StreamOwner, opts: { applicationIds?: string[]; lastEventId?: string | null }, sink: StreamSink): Promise<() => void>;
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

/** One Server-Sent Events frame. `data` is JSON (no line breaks). */
export const sseFrame = (event: string, data: unknown, id?: string) => `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * The `status` frame of an outbox row, serialised once however many streams carry it: the hub hands
 * the same row objects to every stream of the organization.
 */
const statusFrames = new WeakMap<OutboxEventRow, string>();
function statusFrame(r: OutboxEventRow): string {
  let frame = statusFrames.get(r);
  if (frame === undefined) {
    frame = sseFrame('status', toStatusEvent(r), String(r.id));
    statusFrames.set(r, frame);
  }
  return frame;
}

/** Creates the service (deps: the database and the process's hub). */
export function createEventsService(deps: { db: Db; hub: EventHub }): EventsService {
  return {
    async open(owner, opts, sink) {
      if (deps.hub.streamsOf(owner.userId) >= STREAM_LIMITS.perUser) throw new AppError('rate_limited', EVENTS_MESSAGES.tooManyStreams);
      const applicationIds = opts.applicationIds?.length ? new Set(opts.applicationIds) : null;
      const after = opts.lastEventId && /^\d{1,19}$/.test(opts.lastEventId) ? Number(opts.lastEventId) : null;
      let ended = false;
      // Live rows that arrive while the missed ones are read wait here, then go out without repeats.
      let pending: OutboxEventRow[] | null = after === null ? null : [];
      const sent = new Set<number>();
      let unsubscribe = () => {};
      const end = () => {
        if (ended) return;
        ended = true;
        unsubscribe();
        sink.close();
      };
      const send = (rows: OutboxEventRow[]) => {
        let text = '';
        for (const r of rows) {
          const id = Number(r.id);
          if (sent.size && sent.has(id)) continue;
          text += statusFrame(r);
        }
        if (text && !sink.write(text)) end();
      };
      const sub: StreamSubscriber = {
        organizationId: owner.organizationId,
        applicationIds,
        userId: owner.userId,
        sessionHash: owner.sessionHash,
        deliver: (rows) => {
          if (ended) return;
          if (pending) pending.push(...rows);
          else send(rows);
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
        try {
          const missed = await readOrganizationOutbox(deps.db, owner.organizationId, applicationIds ? [...applicationIds] : null, after, STREAM_LIMITS.resumeMax + 1);
          if (missed.length > STREAM_LIMITS.resumeMax) {
            const last = String(await maxOutboxId(deps.db));
            if (!ended && !sink.write(sseFrame('reset', { last_event_id: last }, last))) end();
            pending = (pending ?? []).filter((r) => Number(r.id) > Number(last));
          } else {
            send(missed);
            // A row the tail saw skipped may still reach the hub after this read delivered it.
            for (const r of missed) sent.add(Number(r.id));
            setTimeout(() => sent.clear(), 15_000).unref();
          }
        } catch {
          // The stream is already open (200): end it; the browser reconnects with its Last-Event-ID.
          end();
          return end;
        }
        const buffered = pending ?? [];
        pending = null;
        if (!ended && buffered.length) send(buffered);
      }
      return end;
    },
  };
}
