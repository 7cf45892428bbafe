/**
 * The console's webhook calls (ARCHITECTURE.md §5; issue 9): the endpoint of an application (URL,
 * enabled, the `whsec_…` secret shown once when created or rotated, with 24 hours of overlap for
 * the old one), a test event, the list of delivery attempts and redelivery. Every call first checks
 * the application belongs to the caller's organization (404 otherwise).
 */
import {
  SECRET_OVERLAP_HOURS,
  WEBHOOK_MESSAGES,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointInput,
} from '@pesan/contracts/webhooks';
import { AppError, fieldError } from '../../lib/errors.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { getApplication } from '../application/application.service.ts';
import { emitWebhookEvent, type WebhookDeliveryDeps } from './webhook-delivery.ts';
import { generateWebhookSecret } from './webhook-signing.ts';
import { checkHost, isLoopbackHost } from './ssrf-guard.ts';
import { findAttempt, findEndpoint, insertAttempt, lastAttemptNumber, listAttempts, upsertEndpoint, type DeliveryListRow, type EndpointRow } from './webhooks.repo.ts';

export type WebhooksDeps = Pick<WebhookDeliveryDeps, 'db' | 'now' | 'enqueueAttempt' | 'allowPrivate'> & { secretBox: SecretBox };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toEndpoint(row: EndpointRow | null, requireSignature: boolean, now: Date, secret?: string): WebhookEndpoint {
  return {
    url: row?.url ?? null,
    enabled: row?.enabled ?? false,
    disabled_reason: row?.disabledReason ?? null,
    disabled_at: iso(row?.disabledAt ?? null),
    ...(secret ? { secret } : {}),
    previous_secret_expires_at: row?.previousSecretExpiresAt && row.previousSecretExpiresAt > now ? row.previousSecretExpiresAt.toISOString() : null,
    require_signature: requireSignature,
  };
}

/** The endpoint of application `applicationId` (no secret). @throws AppError not_found. */
export async function getWebhook(deps: WebhooksDeps, organizationId: string, applicationId: string): Promise<WebhookEndpoint> {
  const app = await getApplication(deps.db, organizationId, applicationId);
  return toEndpoint(await findEndpoint(deps.db, organizationId, app.id), app.require_signature, deps.now());
}

/**
 * Checks an endpoint URL (ARCHITECTURE.md §6.2): https, or http only to loopback in development
 * (PUBLIC_URL on localhost); no credentials; a host resolving only to public addresses unless in
 * development. @throws AppError invalid_request on `url` with the WEBHOOK_MESSAGES text.
 */
export async function checkEndpointUrl(deps: Pick<WebhooksDeps, 'allowPrivate'>, url: string): Promise<void> {
  const u = new URL(url);
  if (u.username || u.password) throw fieldError('url', WEBHOOK_MESSAGES.urlCredentials);
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && deps.allowPrivate && isLoopbackHost(u.hostname))) throw fieldError('url', WEBHOOK_MESSAGES.urlHttps);
  const host = await checkHost(u.hostname, deps.allowPrivate);
  if (host === 'private') throw fieldError('url', WEBHOOK_MESSAGES.urlPrivate);
  if (host === 'unresolvable') throw fieldError('url', WEBHOOK_MESSAGES.urlUnresolvable);
}

/**
 * Sets the endpoint's URL and enabled switch. The first save creates the endpoint with its secret,
 * returned once in `secret`. Enabling again clears a disabled reason.
 * @throws AppError not_found (application), invalid_request (URL rules of checkEndpointUrl).
 */
export async function putWebhook(deps: WebhooksDeps, organizationId: string, applicationId: string, input: WebhookEndpointInput): Promise<WebhookEndpoint> {
  const app = await getApplication(deps.db, organizationId, applicationId);
  await checkEndpointUrl(deps, input.url);
  const now = deps.now();
  const existing = await findEndpoint(deps.db, organizationId, app.id);
  const secret = existing ? undefined : generateWebhookSecret();
  const enabled = input.enabled ?? true;
  const row = await upsertEndpoint(deps.db, {
    applicationId: app.id,
    organizationId,
    url: input.url,
    enabled,
    secretEncrypted: existing?.secretEncrypted ?? deps.secretBox.seal(secret!),
    previousSecretEncrypted: existing?.previousSecretEncrypted ?? null,
    previousSecretExpiresAt: existing?.previousSecretExpiresAt ?? null,
    disabledReason: enabled ? null : (existing?.disabledReason ?? null),
    disabledAt: enabled ? null : (existing?.disabledAt ?? null),
    failingSince: enabled && !existing?.enabled ? null : (existing?.failingSince ?? null),
    createdAt: existing?.createdAt ?? now,
    updatedAt: now,
  });
  return toEndpoint(row, app.require_signature, now, secret);
}

/**
 * Makes a new secret (returned once); the old one keeps signing for SECRET_OVERLAP_HOURS.
 * @throws AppError not_found, invalid_request when no endpoint was set yet.
 */
export async function rotateWebhookSecret(deps: WebhooksDeps, organizationId: string, applicationId: string): Promise<WebhookEndpoint> {
  const app = await getApplication(deps.db, organizationId, applicationId);
  const existing = await findEndpoint(deps.db, organizationId, app.id);
  if (!existing) throw new AppError('invalid_request', WEBHOOK_MESSAGES.noEndpoint);
  const now = deps.now();
  const secret = generateWebhookSecret();
  const row = await upsertEndpoint(deps.db, {
    ...existing,
    secretEncrypted: deps.secretBox.seal(secret),
    previousSecretEncrypted: existing.secretEncrypted,
    previousSecretExpiresAt: new Date(now.getTime() + SECRET_OVERLAP_HOURS * 3_600_000),
    updatedAt: now,
  });
  return toEndpoint(row, app.require_signature, now, secret);
}

/**
 * Queues a `webhook.test` event to the endpoint. Returns the attempt as listed.
 * @throws AppError not_found, invalid_request when no endpoint is set or it is disabled.
 */
export async function sendTestEvent(deps: WebhooksDeps, organizationId: string, applicationId: string): Promise<WebhookDelivery> {
  const app = await getApplication(deps.db, organizationId, applicationId);
  const endpoint = await findEndpoint(deps.db, organizationId, app.id);
  assertDeliverable(endpoint);
  const id = await emitWebhookEvent(deps, {
    organizationId,
    applicationId: app.id,
    type: 'webhook.test',
    data: { application_id: app.id, message: 'This is a test event from Pesan.' },
  });
  return toDelivery((await findAttempt(deps.db, organizationId, app.id, id))!);
}

/** @throws AppError invalid_request unless the endpoint has a URL and is enabled. */
function assertDeliverable(endpoint: EndpointRow | null): void {
  if (!endpoint?.url) throw new AppError('invalid_request', WEBHOOK_MESSAGES.noEndpoint);
  if (!endpoint.enabled) throw new AppError('invalid_request', WEBHOOK_MESSAGES.endpointDisabled);
}

function toDelivery(r: DeliveryListRow): WebhookDelivery {
  return {
    id: r.id,
    event_id: r.eventId,
    event_type: r.eventType as WebhookDelivery['event_type'],
    message_id: r.messageId,
    attempt: r.attempt,
    status: r.status,
    status_code: r.statusCode,
    duration_ms: r.durationMs,
    response: r.response,
    created_at: r.createdAt.toISOString(),
    next_retry_at: iso(r.nextRetryAt),
    payload: r.payload,
  };
}

/** A page of delivery attempts of the application, newest first (optionally of one message). @throws AppError not_found. */
export async function listWebhookDeliveries(
  deps: WebhooksDeps,
  organizationId: string,
  applicationId: string,
  q: { page: number; limit: number; message_id?: string },
): Promise<{ data: WebhookDelivery[]; page: number; limit: number; pages: number; total: number }> {
  const app = await getApplication(deps.db, organizationId, applicationId);
  const { rows, total } = await listAttempts(deps.db, { organizationId, applicationId: app.id, messageId: q.message_id, offset: (q.page - 1) * q.limit, limit: q.limit });
  return { data: rows.map(toDelivery), page: q.page, limit: q.limit, pages: Math.ceil(total / q.limit), total };
}

/** The attempts of message `messageId` of application `applicationId` (oldest first), for the message detail. */
export async function messageWebhookDeliveries(deps: Pick<WebhooksDeps, 'db'>, organizationId: string, applicationId: string, messageId: string): Promise<WebhookDelivery[]> {
  const { rows } = await listAttempts(deps.db, { organizationId, applicationId, messageId, offset: 0, limit: 100 });
  return rows.map(toDelivery).reverse();
}

/**
 * Sends the event of attempt `deliveryId` again as a new attempt (same `webhook-id`), due now.
 * @throws AppError not_found (application or attempt), invalid_request when the endpoint is not enabled.
 */
export async function redeliverWebhook(deps: WebhooksDeps, organizationId: string, applicationId: string, deliveryId: string): Promise<WebhookDelivery> {
  const app = await getApplication(deps.db, organizationId, applicationId);
  const attempt = /^[0-9a-f-]{36}$/i.test(deliveryId) ? await findAttempt(deps.db, organizationId, app.id, deliveryId) : null;
  if (!attempt) throw new AppError('not_found', WEBHOOK_MESSAGES.deliveryNotFound);
  const endpoint = await findEndpoint(deps.db, organizationId, app.id);
  assertDeliverable(endpoint);
  const now = deps.now();
  const id = await insertAttempt(deps.db, { eventId: attempt.eventId, organizationId, applicationId: app.id, attempt: (await lastAttemptNumber(deps.db, attempt.eventId)) + 1, dueAt: now, createdAt: now });
  await deps.enqueueAttempt(id);
  return toDelivery((await findAttempt(deps.db, organizationId, app.id, id))!);
}
