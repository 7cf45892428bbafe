/**
 * Delivering status webhooks (ARCHITECTURE.md §6.2, issue 9):
 *
 * - the fan-out turns each status_outbox row (written by recordStatus) of an application with an
 *   enabled endpoint into a `message.status` event and its first attempt;
 * - an attempt is claimed (a lease, so a crashed sender's attempt is retried), POSTed signed with
 *   the Standard Webhooks scheme (the event id is `webhook-id` on every attempt), and ended once as
 *   succeeded (2xx) or failed; a failure schedules the next attempt on RETRY_SCHEDULE_MS (jitter,
 *   `Retry-After` honoured), a 410 disables the endpoint, and 3 days of failures disable it and
 *   e-mail the organization's users;
 * - requests never hold a job worker (issue 23): a delivery job only hands its attempt to the
 *   process's delivery pool and ends. The pool runs at most MAX_CONCURRENT_PER_ENDPOINT requests per
 *   endpoint and MAX_CONCURRENT_DELIVERIES in all; the rest wait in their endpoint's line, served in
 *   turns, so an endpoint that hangs delays only its own events. The attempt is claimed when its
 *   request starts: until then (and after a crash) it is a pending row the sweep queues again.
 */
import { randomUUID } from 'node:crypto';
import type { ChannelId } from '@pesan/contracts/channels';
import type { MessageStatus } from '@pesan/contracts/statuses';
import {
  DISABLE_AFTER_FAILING_DAYS,
  lifecycleStep,
  WEBHOOK_MESSAGES,
  type MessageStatusEventData,
  type WebhookEventType,
} from '@pesan/contracts/webhooks';
import type { Db } from '../../db/client.ts';
import { mailLanguage } from '../../lib/mail-html.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { VerificationStatusEvent } from '@pesan/contracts/verify';
import type { TemplateDecision } from '../../messaging/whatsapp/template-status.ts';
import { createDeliveryPool, type DeliveryPool } from './delivery-pool.ts';
import { ABORTED_RESPONSE, postWebhook, type PostResult } from './webhook-http.ts';
import { webhookDisabledMail, type DisabledReason } from './webhook-mail.ts';
import { webhookHeaders } from './webhook-signing.ts';
import {
  claimAttempt,
  disableEndpoint,
  finishAttempt,
  findStrandedAttempts,
  hasEnabledEndpoint,
  insertAttempt,
  insertEventWithAttempt,
  insertEventsWithFirstAttempts,
  takePendingOutbox,
  noteAttemptOutcome,
  organizationRecipients,
  pendingAttemptApplication,
  pruneTakenOutbox,
  releaseAttempt,
  type EndpointRow,
} from './webhooks.repo.ts';
import { errorText } from '../../lib/log-safety.ts';

/** Requests to one endpoint at once, per process: well below MAX_CONCURRENT_DELIVERIES. */
export const MAX_CONCURRENT_PER_ENDPOINT = 4;
/** Requests at once in a process, all endpoints together. */
export const MAX_CONCURRENT_DELIVERIES = 128;
/** Attempts that may wait in a process for a slot of their endpoint, and in all. */
export const MAX_WAITING_PER_ENDPOINT = 500;
export const MAX_WAITING_DELIVERIES = 20_000;
/** An attempt finding its endpoint's line full is queued again this much later (ms), ±50 % so a backlog spreads out. */
export const BUSY_REQUEUE_MS = 15_000;

/** The pool of a process's webhook requests (delivery-pool.ts) with this module's limits. */
export function createWebhookPool(): DeliveryPool<AttemptOutcome> {
  return createDeliveryPool<AttemptOutcome>({
    perKey: MAX_CONCURRENT_PER_ENDPOINT,
    total: MAX_CONCURRENT_DELIVERIES,
    maxWaitingPerKey: MAX_WAITING_PER_ENDPOINT,
    maxWaiting: MAX_WAITING_DELIVERIES,
  });
}
/** A claimed attempt may be taken over after this long (ms): longer than any request can take. */
export const ATTEMPT_LEASE_MS = 60_000;
/** Outbox rows the fan-out takes per transaction. */
const FANOUT_BATCH = 500;

export interface WebhookDeliveryDeps {
  db: Db;
  now: () => Date;
  secretBox: SecretBox;
  mailer: Pick<Mailer, 'send'>;
  /** Delays before each retry (ms), RETRY_SCHEDULE_MS unless configured (tests compress it). */
  retryScheduleMs: readonly number[];
  /** Time limit of one request (ms): 15 s (DELIVERY_TIMEOUT_SECONDS) unless configured. */
  timeoutMs: number;
  /** Private and loopback endpoints allowed (PUBLIC_URL on localhost: development). */
  allowPrivate: boolean;
  /** Queues the delivery job of attempt `id`, due at `startAfter` (now when absent). */
  enqueueAttempt: (id: string, startAfter?: Date) => Promise<void>;
  /** This process's running and waiting requests (createWebhookPool). */
  pool: DeliveryPool<AttemptOutcome>;
  publicUrl: string;
}

/** The `{type, timestamp, data}` body of an event. */
function eventPayload(type: WebhookEventType, at: Date, data: object) {
  return { type, timestamp: at.toISOString(), data };
}

/** A new event id: `evt_` + 32 hex digits (the `webhook-id` header). */
export const newEventId = () => `evt_${randomUUID().replace(/-/g, '')}`;

/**
 * Takes up to FANOUT_BATCH status_outbox rows not yet taken: each of an application with an
 * enabled endpoint becomes a `message.status` event (data: message id, application id, channel,
 * status, previous status, reason, provider code, at, lifecycle step) with its first attempt; rows
 * of other applications are only marked taken. Concurrent fan-outs take distinct rows. Returns the
 * number of rows taken (call again while it equals the batch size).
 */
export async function fanOutStatusEvents(deps: Pick<WebhookDeliveryDeps, 'db' | 'now' | 'enqueueAttempt'>): Promise<number> {
  const now = deps.now();
  const { taken, attempts } = await deps.db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const rows = await takePendingOutbox(tx, FANOUT_BATCH, now);
    const events = rows
      .filter((r) => r.deliver)
      .map((r) => {
        const data: MessageStatusEventData = {
          message_id: r.messageId,
          application_id: r.applicationId,
          channel: r.channel as ChannelId,
          status: r.status as MessageStatus,
          previous_status: (r.previousStatus as MessageStatus | null) ?? null,
          reason: r.reason,
          provider_code: r.providerCode,
          at: r.at.toISOString(),
          step: lifecycleStep(r.channel as ChannelId, r.status as MessageStatus),
        };
        return {
          id: newEventId(),
          organizationId: r.organizationId,
          applicationId: r.applicationId,
          type: 'message.status',
          messageId: r.messageId,
          payload: eventPayload('message.status', r.at, data),
          outboxId: r.id,
          createdAt: now,
        };
      });
    const attempts = await insertEventsWithFirstAttempts(tx, events, now);
    return { taken: rows.length, attempts };
  });
  for (const a of attempts) await deps.enqueueAttempt(a.id).catch(() => {});
  return taken;
}

/**
 * Queues one event of `type` with `data` for application `applicationId` (a template decision, a
 * test event) and its first attempt, due now. Returns the attempt id.
 */
export async function emitWebhookEvent(
  deps: Pick<WebhookDeliveryDeps, 'db' | 'now' | 'enqueueAttempt'>,
  e: { organizationId: string; applicationId: string; type: WebhookEventType; data: object; messageId?: string | null },
): Promise<string> {
  const now = deps.now();
  const id = await insertEventWithAttempt(
    deps.db,
    { id: newEventId(), organizationId: e.organizationId, applicationId: e.applicationId, type: e.type, messageId: e.messageId ?? null, payload: eventPayload(e.type, now, e.data), createdAt: now },
    now,
  );
  await deps.enqueueAttempt(id);
  return id;
}

/** Listeners told of every ended attempt (metrics); never throw into delivery. */
const attemptListeners = new Set<(outcome: 'succeeded' | 'failed') => void>();
/** Subscribes to ended webhook attempts; returns the unsubscribe function. */
export function onWebhookAttempt(listener: (outcome: 'succeeded' | 'failed') => void): () => void {
  attemptListeners.add(listener);
  return () => attemptListeners.delete(listener);
}

/** The secrets that sign now: the current one, and the previous one until it expires. */
function signingSecrets(deps: Pick<WebhookDeliveryDeps, 'secretBox'>, endpoint: EndpointRow, now: Date): string[] {
  const secrets = [deps.secretBox.open(endpoint.secretEncrypted)];
  if (endpoint.previousSecretEncrypted && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
    secrets.push(deps.secretBox.open(endpoint.previousSecretEncrypted));
  }
  return secrets;
}

/** The delay (ms) before the attempt after attempt `attempt` (1-based), or null when retries are over. */
export function retryDelayMs(schedule: readonly number[], attempt: number, retryAfterSeconds: number | null, random = Math.random): number | null {
  const base = schedule[attempt - 1];
  if (base === undefined) return null;
  const jittered = Math.round(base * (0.9 + 0.2 * random()));
  const asked = retryAfterSeconds === null ? 0 : Math.min(retryAfterSeconds, 24 * 3600) * 1000;
  return Math.max(jittered, asked);
}

/** What became of an attempt handed to the pool. */
export type AttemptOutcome = 'succeeded' | 'failed' | 'skipped' | 'busy' | 'released';

/**
 * Hands attempt `attemptId` to the delivery pool (see the file comment) and resolves as soon as it
 * runs or waits there, never after the request: `sent` resolves with what became of it (never
 * rejects: a database error while recording is logged, and the attempt, still pending, is taken
 * again by the webhook sweep after the lease). 'skipped': already ended, claimed by a live sender,
 * or its endpoint is disabled or gone (the attempt ends failed with that reason); 'busy': the
 * endpoint's line was full, the attempt is queued again in BUSY_REQUEUE_MS; 'released': the pool
 * stopped before the request was made or finished (the attempt stays pending for the next process).
 * Throws only when the database cannot be read or the job cannot be queued again.
 */
export async function handOverAttempt(deps: WebhookDeliveryDeps, attemptId: string): Promise<{ sent: Promise<AttemptOutcome> }> {
  const applicationId = await pendingAttemptApplication(deps.db, attemptId);
  if (!applicationId) return { sent: Promise.resolve('skipped') };
  const sent = deps.pool.offer(applicationId, attemptId, (signal) =>
    sendAttempt(deps, attemptId, signal).catch((err: unknown) => {
      console.error(`[webhooks] attempt ${attemptId} left pending: ${errorText(err)}`);
      return 'released' as const;
    }),
  );
  if (sent) return { sent };
  await deps.enqueueAttempt(attemptId, new Date(deps.now().getTime() + Math.round(BUSY_REQUEUE_MS * (0.5 + Math.random()))));
  return { sent: Promise.resolve('busy') };
}

/** Sends attempt `attemptId` through the pool and waits for its outcome (handOverAttempt, awaited). */
export async function deliverAttempt(deps: WebhookDeliveryDeps, attemptId: string): Promise<AttemptOutcome> {
  return (await handOverAttempt(deps, attemptId)).sent;
}

/**
 * Stops this process's deliveries (a shutdown): nothing waiting starts, requests running after
 * `graceMs` are cut short and their attempts released (pending again, for the next process).
 */
export function stopDeliveries(deps: Pick<WebhookDeliveryDeps, 'pool'>, graceMs: number): Promise<void> {
  return deps.pool.stop(graceMs, 'released');
}

/** This process's webhook requests running and waiting for a slot (the `webhook_requests` metric). */
export function deliveryLoad(deps: Pick<WebhookDeliveryDeps, 'pool'>): { running: number; waiting: number } {
  return { running: deps.pool.running(), waiting: deps.pool.waiting() };
}

/** Claims, POSTs and records one attempt (a task of the pool). Throws on database errors. */
async function sendAttempt(deps: WebhookDeliveryDeps, attemptId: string, signal: AbortSignal): Promise<AttemptOutcome> {
  const now = deps.now();
  const claimed = await claimAttempt(deps.db, attemptId, now, new Date(now.getTime() - ATTEMPT_LEASE_MS));
  if (!claimed) return 'skipped';
  const { delivery, event, endpoint } = claimed;
  if (!endpoint || !endpoint.enabled || !endpoint.url) {
    await finishAttempt(deps.db, delivery.id, {
      status: 'failed',
      statusCode: null,
      durationMs: 0,
      response: 'Not sent: the endpoint is disabled',
      finishedAt: now,
      nextRetryAt: null,
    });
    return 'skipped';
  }
  const body = JSON.stringify(event.payload);
  const headers = webhookHeaders(signingSecrets(deps, endpoint, now), event.id, Math.floor(now.getTime() / 1000), body);
  const result = await postWebhook(endpoint.url, body, headers, { timeoutMs: deps.timeoutMs, allowPrivate: deps.allowPrivate, signal });
  if (result.statusCode === null && result.response === ABORTED_RESPONSE) {
    await releaseAttempt(deps.db, delivery.id);
    return 'released';
  }
  return recordAttemptResult(deps, { delivery, endpoint, result });
}

async function recordAttemptResult(
  deps: WebhookDeliveryDeps,
  a: { delivery: { id: string; eventId: string; organizationId: string; applicationId: string; attempt: number }; endpoint: EndpointRow; result: PostResult },
): Promise<'succeeded' | 'failed'> {
  const { delivery, endpoint, result } = a;
  const finishedAt = deps.now();
  const succeeded = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const gone = result.statusCode === 410;
  let nextRetryAt: Date | null = null;
  let disableReason: string | null = null;
  const failingSince = await noteAttemptOutcome(deps.db, endpoint.applicationId, succeeded, finishedAt);
  if (!succeeded) {
    if (gone) disableReason = WEBHOOK_MESSAGES.disabledGone;
    else if (failingSince && finishedAt.getTime() - failingSince.getTime() >= DISABLE_AFTER_FAILING_DAYS * 86_400_000) disableReason = WEBHOOK_MESSAGES.disabledFailing;
    else {
      const delay = retryDelayMs(deps.retryScheduleMs, delivery.attempt, result.retryAfterSeconds);
      if (delay !== null) nextRetryAt = new Date(finishedAt.getTime() + delay);
    }
  }
  const ended = await finishAttempt(deps.db, delivery.id, {
    status: succeeded ? 'succeeded' : 'failed',
    statusCode: result.statusCode,
    durationMs: result.durationMs,
    response: result.response,
    finishedAt,
    nextRetryAt,
  });
  if (!ended) return succeeded ? 'succeeded' : 'failed';
  for (const l of attemptListeners) l(succeeded ? 'succeeded' : 'failed');
  if (nextRetryAt) {
    const next = await insertAttempt(deps.db, { eventId: delivery.eventId, organizationId: delivery.organizationId, applicationId: delivery.applicationId, attempt: delivery.attempt + 1, dueAt: nextRetryAt, createdAt: nextRetryAt });
    await deps.enqueueAttempt(next, nextRetryAt).catch(() => {});
  }
  if (disableReason && endpoint.enabled) {
    await disableEndpoint(deps.db, endpoint.applicationId, disableReason, finishedAt);
    if (disableReason === WEBHOOK_MESSAGES.disabledFailing) await notifyDisabled(deps, endpoint, 'failing');
  }
  return succeeded ? 'succeeded' : 'failed';
}

/**
 * E-mails the organization's users that their endpoint was disabled for `reason`, each in their
 * saved language, else English (failures are logged, never thrown).
 */
async function notifyDisabled(deps: WebhookDeliveryDeps, endpoint: EndpointRow, reason: DisabledReason): Promise<void> {
  const link = `${deps.publicUrl}/my-application/detail/${endpoint.applicationId}`;
  for (const { email: to, language } of await organizationRecipients(deps.db, endpoint.organizationId)) {
    const message = webhookDisabledMail(to, { url: endpoint.url ?? '', reason, link }, mailLanguage(language));
    await deps.mailer.send(message).catch((err: unknown) => console.error(`[webhooks] could not e-mail ${to} about a disabled endpoint: ${errorText(err)}`));
  }
}

/**
 * Queues again the attempts whose job was lost (due more than a minute ago, never claimed or whose
 * claim lapsed): a crash between storing an attempt and queueing it, a sender that died, or an
 * attempt still waiting in a pool for its endpoint (queued again, it keeps its place there). Up to
 * 500 per run, at most 50 of one endpoint. Returns how many were queued.
 */
export async function requeueStrandedAttempts(deps: Pick<WebhookDeliveryDeps, 'db' | 'now' | 'enqueueAttempt'>): Promise<number> {
  const now = deps.now();
  const stranded = await findStrandedAttempts(deps.db, new Date(now.getTime() - 60_000), new Date(now.getTime() - ATTEMPT_LEASE_MS), 500);
  for (const s of stranded) await deps.enqueueAttempt(s.id);
  return stranded.length;
}

/**
 * Tells customers of a template review decision (`template.status`, ARCHITECTURE.md §6.2): one
 * event to the template's application when it has an enabled endpoint. `data`: template id, name,
 * language, category, status, reason, recommendation, at.
 */
export async function emitTemplateDecision(deps: Pick<WebhookDeliveryDeps, 'db' | 'now' | 'enqueueAttempt'>, d: TemplateDecision): Promise<void> {
  if (!(await hasEnabledEndpoint(deps.db, d.applicationId))) return;
  await emitWebhookEvent(deps, {
    organizationId: d.organizationId,
    applicationId: d.applicationId,
    type: 'template.status',
    data: { template_id: d.templateId, name: d.name, language: d.language, category: d.category, status: d.status, reason: d.reason, recommendation: d.recommendation, at: d.at.toISOString() },
  });
}

/**
 * Raises the `verification.status` event of a verification that closed (ARCHITECTURE.md §6.4:
 * approved, expired, failed, canceled), signed and delivered like the other events; nothing when
 * the application has no enabled endpoint. `data` never holds the code.
 */
export async function emitVerificationStatus(
  deps: Pick<WebhookDeliveryDeps, 'db' | 'now' | 'enqueueAttempt'>,
  e: { organizationId: string; applicationId: string; data: VerificationStatusEvent },
): Promise<void> {
  if (!(await hasEnabledEndpoint(deps.db, e.applicationId))) return;
  await emitWebhookEvent(deps, { organizationId: e.organizationId, applicationId: e.applicationId, type: 'verification.status', data: e.data });
}

/** Deletes status_outbox rows the fan-out took before `before` (maintenance job); returns how many. */
export function pruneTakenStatusOutbox(db: Db, before: Date): Promise<number> {
  return pruneTakenOutbox(db, before);
}
