/**
 * The live stream's limits and messages (contracts/events.ts), apart from its zod schemas so the
 * console's stream client (lib/live-events.ts) loads no zod.
 */
export const STREAM_LIMITS = {
  perUser: 8,
  maxApplications: 50,
  /** Messages one stream may watch (`message_id`): a page of Monitoring and its open detail. */
  maxWatched: 100,
  /** The shortest time between two `activity` events of a stream, ms. */
  activityMs: 500,
  /** How far behind (in outbox ids, every organization's) a resumed stream may be; further behind it gets `reset`. */
  resumeScanMax: 200_000,
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
  applicationIdInvalid: '`application_id` must be an application id (a UUID)',
  messageIdInvalid: '`message_id` must be a message id (a UUID)',
} as const;

