/**
 * Live delivery (issue 28): `GET /api/events/stream`, a Server-Sent Events stream of the signed-in
 * user's organization's status changes, fed from the status outbox.
 *
 * - Query: `application_id` (repeatable, at most STREAM_LIMITS.maxApplications): only those
 *   applications' changes (the ones on screen); none = every application of the organization.
 * - Each change is an event `status` whose `id` is the outbox row's id and whose data is
 *   statusEventSchema. The browser's EventSource resumes after a disconnect by sending the last id
 *   in `Last-Event-ID` (or `last_event_id` in the query): the changes after it arrive first, in id
 *   order. When more than STREAM_LIMITS.resumeMax changes were missed the stream sends one `reset`
 *   event instead: refetch what is on screen.
 * - A comment line every STREAM_LIMITS.heartbeatMs keeps proxies from closing it.
 * - It ends when the session is revoked or signs out (within STREAM_LIMITS.sessionCheckMs).
 * - At most STREAM_LIMITS.perUser streams per user at once: one more is a 429 `rate_limited`
 *   (the console then falls back to polling).
 */
import { z } from './zod.ts';

export const STREAM_LIMITS = {
  perUser: 8,
  maxApplications: 50,
  resumeMax: 1000,
  heartbeatMs: 15_000,
  /** How often a process re-checks that its streams' sessions are still live. */
  sessionCheckMs: 5_000,
  /** The reconnection delay the stream asks EventSource for. */
  retryMs: 2_000,
} as const;

export const EVENTS_MESSAGES = {
  tooManyStreams: `At most ${STREAM_LIMITS.perUser} live views at once: close a tab of the console or wait a moment`,
  lastEventIdInvalid: '`last_event_id` must be the id of an event of this stream',
} as const;

const appIds = z.union([z.string().min(1).max(64), z.array(z.string().min(1).max(64)).max(STREAM_LIMITS.maxApplications)]);

/** Query of `GET /api/events/stream`. */
export const eventStreamQuerySchema = z.strictObject({
  application_id: appIds.optional().transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v])),
  last_event_id: z.string().regex(/^\d{1,19}$/, EVENTS_MESSAGES.lastEventIdInvalid).optional(),
});
export type EventStreamQuery = z.infer<typeof eventStreamQuerySchema>;

/** Data of a `status` event: one status change of one message. */
export const statusEventSchema = z.object({
  id: z.string().describe('The event id (the status outbox row): what Last-Event-ID names'),
  message_id: z.string(),
  application_id: z.string(),
  channel: z.string(),
  status: z.string(),
  previous_status: z.string().nullable(),
  reason: z.string().nullable(),
  /** ISO 8601: when the carrier says it happened. */
  at: z.string(),
});
export type StatusEvent = z.infer<typeof statusEventSchema>;
