/**
 * Live delivery (issue 28): `GET /api/events/stream`, a Server-Sent Events stream of the signed-in
 * user's organization's status changes, fed from the status outbox.
 *
 * What a screen needs, not every change: a busy organization changes thousands of statuses a
 * second, and hundreds of consoles may be open on it. So a stream carries
 * - `status` events (data statusEventSchema, `id` = the outbox row's id) for the WATCHED messages
 *   only: `message_id` (repeatable, at most STREAM_LIMITS.maxWatched), the rows on screen and the
 *   open detail; the console reopens its stream when they change;
 * - `activity` events (data activityEventSchema), at most one per STREAM_LIMITS.activityMs: how
 *   many changes each application and channel had since the previous one (new messages, and
 *   changes into each status). A screen refetches what it shows from it (the Overview's counters)
 *   or offers to (Monitoring's "New activity").
 * - Query `application_id` (repeatable, at most STREAM_LIMITS.maxApplications): only those
 *   applications' changes (the ones on screen); none = every application of the organization.
 * - Resumable: the browser's EventSource sends the last id it saw in `Last-Event-ID` (or
 *   `last_event_id` in the query); the watched messages' changes after it arrive first, in id
 *   order, then one `activity` event summing what the applications did meanwhile. When more than
 *   STREAM_LIMITS.resumeMax changes of watched messages were missed, or the id is more than
 *   STREAM_LIMITS.resumeScanMax behind, the stream sends one `reset` event instead: refetch what is
 *   on screen.
 * - A comment line every STREAM_LIMITS.heartbeatMs keeps proxies from closing it.
 * - It ends when the session is revoked or signs out (within STREAM_LIMITS.sessionCheckMs).
 * - At most STREAM_LIMITS.perUser streams per user at once: one more is a 429 `rate_limited`
 *   (the console then falls back to polling).
 */
import { z } from './zod.ts';
import { EVENTS_MESSAGES, STREAM_LIMITS } from './events-limits.ts';

export { EVENTS_MESSAGES, STREAM_LIMITS } from './events-limits.ts';

/** A repeatable query parameter of ids: one value or many, at most `max`. */
const repeatedIds = (max: number, id: z.ZodType<string> = z.string().min(1).max(64)) =>
  z
    .union([id, z.array(id).max(max)])
    .optional()
    .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]));

/** Query of `GET /api/events/stream`. */
export const eventStreamQuerySchema = z.strictObject({
  application_id: repeatedIds(STREAM_LIMITS.maxApplications, z.uuid({ error: EVENTS_MESSAGES.applicationIdInvalid })),
  message_id: repeatedIds(STREAM_LIMITS.maxWatched, z.uuid({ error: EVENTS_MESSAGES.messageIdInvalid })),
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

/** One application and channel's share of an `activity` event. */
export const activityEntrySchema = z.object({
  application_id: z.string(),
  channel: z.string(),
  /** Messages whose first status was recorded (new rows of Monitoring). */
  created: z.number().int().nonnegative(),
  /** Changes into each status (status -> count). */
  statuses: z.record(z.string(), z.number().int().nonnegative()),
});

/** Data of an `activity` event: the stream's applications' changes since its previous one. */
export const activityEventSchema = z.object({
  id: z.string().describe('The newest outbox id it covers (what Last-Event-ID names)'),
  changes: z.array(activityEntrySchema),
  /** ISO 8601: the oldest and newest status time it covers. */
  from: z.string(),
  to: z.string(),
  /** True when it sums what a resumed stream missed. */
  resumed: z.boolean(),
});
export type ActivityEvent = z.infer<typeof activityEventSchema>;
export type ActivityEntry = z.infer<typeof activityEntrySchema>;
