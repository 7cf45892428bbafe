/**
 * Status webhooks to customers (ARCHITECTURE.md §5, §6.2; issue 9): the console's endpoint,
 * secret and delivery calls, the event payloads, and the retry schedule.
 */
import { z } from './zod.ts';
import type { ChannelId } from './channels.ts';
import { LIFECYCLES, type MessageStatus } from './statuses.ts';

export const WEBHOOK_MESSAGES = {
  urlRequired: 'Endpoint URL is required',
  urlInvalid: 'Endpoint URL must be a valid URL',
  urlHttps: 'Endpoint URL must start with https://',
  urlTooLong: 'Endpoint URL must be at most 2048 characters',
  urlCredentials: 'Endpoint URL must not contain a user name or password',
  urlPrivate: 'Endpoint URL must be reachable on the internet: it resolves to a private, loopback or link-local address',
  urlUnresolvable: 'Endpoint URL host could not be resolved',
  noEndpoint: 'Set an endpoint URL first',
  endpointDisabled: 'Enable the endpoint first',
  saved: 'Webhook settings saved',
  rotated: 'Secret rotated. The old secret keeps working for 24 hours.',
  testSent: 'Test event sent',
  redelivered: 'Redelivery queued',
  deliveryNotFound: 'Delivery not found',
  disabledGone: 'The endpoint answered 410 Gone',
  disabledFailing: 'Every delivery failed for 3 days',
  messageIdInvalid: '`message_id` must be a message id',
} as const;

/** Longest endpoint URL (characters). */
export const WEBHOOK_URL_MAX = 2048;
/** Hours the previous secret keeps signing after a rotation (customers roll over). */
export const SECRET_OVERLAP_HOURS = 24;
/** Days of failing deliveries after which an endpoint is disabled and the organization told. */
export const DISABLE_AFTER_FAILING_DAYS = 3;
/** Seconds a delivery may take before it counts as failed. */
export const DELIVERY_TIMEOUT_SECONDS = 15;
/** Bytes of the endpoint's answer kept with an attempt. */
export const RESPONSE_SNIPPET_BYTES = 1024;
/**
 * Delays before each retry (ARCHITECTURE.md §6.2): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h,
 * 24 h, in milliseconds; after the last one the event is given up.
 */
export const RETRY_SCHEDULE_MS = [5, 300, 1800, 7200, 18_000, 36_000, 50_400, 72_000, 86_400].map((s) => s * 1000);

/** The event types a customer receives. */
export const WEBHOOK_EVENT_TYPES = ['message.status', 'template.status', 'verification.status', 'webhook.test'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** `PUT /api/application/{id}/webhook` body. */
export const webhookEndpointInputSchema = z.object({
  url: z
    .string({ error: WEBHOOK_MESSAGES.urlRequired })
    .trim()
    .min(1, WEBHOOK_MESSAGES.urlRequired)
    .max(WEBHOOK_URL_MAX, WEBHOOK_MESSAGES.urlTooLong)
    .pipe(z.url({ error: WEBHOOK_MESSAGES.urlInvalid, protocol: /^https?$/ })),
  enabled: z.boolean().default(true),
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointInputSchema>;

/** The endpoint as the console shows it; `secret` only in the answer that created or rotated it. */
export const webhookEndpointSchema = z.object({
  url: z.string().nullable(),
  enabled: z.boolean(),
  /** Why the endpoint was disabled by Pesan (410, 3 days of failures), or null. */
  disabled_reason: z.string().nullable(),
  disabled_at: z.string().nullable(),
  /** The `whsec_…` secret, shown once. */
  secret: z.string().optional(),
  /** When the previous secret stops signing (after a rotation), or null. */
  previous_secret_expires_at: z.string().nullable(),
  /** The application's 'Require signed requests' setting for /v1 (ARCHITECTURE.md §6). */
  require_signature: z.boolean(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookEndpointResponseSchema = z.object({ data: webhookEndpointSchema, message: z.string().optional() });

/** One delivery attempt as the console lists it. */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  event_id: z.string(),
  event_type: z.enum(WEBHOOK_EVENT_TYPES),
  message_id: z.string().nullable(),
  attempt: z.number().int(),
  /** pending (not sent yet or in flight), succeeded, failed. */
  status: z.enum(['pending', 'succeeded', 'failed']),
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int().nullable(),
  /** The first 1 KB of the answer, or the network error. */
  response: z.string().nullable(),
  created_at: z.string(),
  /** When the next attempt of this event runs (failed attempts with retries left), or null. */
  next_retry_at: z.string().nullable(),
  payload: z.unknown(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  message_id: z.uuid({ error: WEBHOOK_MESSAGES.messageIdInvalid }).optional(),
});
export const webhookDeliveriesResponseSchema = z.object({
  data: z.array(webhookDeliverySchema),
  page: z.number().int(),
  limit: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});

/** `data` of a `message.status` event. `step` is the status's position in the channel's lifecycle (receivers ignore stale events). */
export interface MessageStatusEventData {
  message_id: string;
  application_id: string;
  channel: ChannelId;
  status: MessageStatus;
  previous_status: MessageStatus | null;
  reason: string | null;
  provider_code: string | null;
  at: string;
  step: number;
}

/**
 * The position of `status` in `channel`'s lifecycle for receivers ordering events: happy-path
 * statuses count 1, 2, …; a failure status ranks after every happy-path status (it is final).
 */
export function lifecycleStep(channel: ChannelId, status: MessageStatus): number {
  const path = LIFECYCLES[channel];
  const i = path.indexOf(status);
  return i >= 0 ? i + 1 : path.length + 1;
}
