/**
 * Rules of the public messaging API /v1 (ARCHITECTURE.md §6): recipient normalising, templates,
 * prepaid quota, idempotency, and the accept-then-dispatch hand-over to the workers.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { channelInfo, type ChannelId } from '@pesan/contracts/channels';
import {
  IDEMPOTENCY_KEY_MAX,
  IDEMPOTENCY_WINDOW_HOURS,
  quotaCost,
  V1_MESSAGES,
  type V1Message,
} from '@pesan/contracts/messaging';
import { normalisePhone } from '@pesan/contracts/phone';
import { countSmsSegments } from '@pesan/contracts/sms';
import type { WaTemplateSend } from '@pesan/contracts/wa-send';
import { initialStatus, type MessageStatus } from '@pesan/contracts/statuses';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { AppError, fieldError } from '../lib/errors.ts';
import { isUniqueViolation, requestHash } from './idempotency.ts';
import {
  consumeQuota,
  countAcceptedMessage,
  findByIdempotencyKey,
  findMessageForTracking as findTrackedMessageRow,
  findMessageWithEvents,
  findTemplate,
  insertMessageWithEvent,
  releaseIdempotencyKey,
  type MessageRow,
} from './messages.repo.ts';
import type { V1Auth } from './token-auth.ts';
import { checkTemplateSend } from '../modules/wa-templates/send-parameters.ts';
import { findSenderByApplication } from './whatsapp/senders.repo.ts';
import { findServiceWindowEnd } from './whatsapp/windows.repo.ts';
import type { DispatchTarget } from './engine/dispatcher.ts';

/** What the /v1 messages service uses of the application context. */
export type V1Deps = Pick<AppContext, 'database' | 'now'> & {
  /** Queues the dispatch of an accepted message (messaging/dispatch.ts scheduleDispatch, paced per sender). */
  scheduleDispatch: (message: DispatchTarget) => Promise<void>;
  /** WHATSAPP_DRIVER=cloud: WhatsApp sends need the application's sender and, for free text, an open service window. */
  whatsappCloud?: boolean;
};

/** A validated /v1 send body (one of the contracts/messaging.ts schemas' outputs). */
export type V1SendBody = { to: string } & Record<string, unknown>;

/** Result of a send: `replayed` is true when an Idempotency-Key returned the first result. */
export interface SendResult {
  message: V1Message;
  replayed: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const WINDOW_MS = IDEMPOTENCY_WINDOW_HOURS * 3600_000;

/**
 * The API shape of a stored message. `asAccepted` gives the answer as it was at acceptance
 * (initial status, updated_at = created_at, no error): what an idempotent replay returns.
 */
export function toV1Message(
  row: Pick<MessageRow, 'id' | 'channel' | 'recipient' | 'status' | 'country' | 'totalSms' | 'otp' | 'reason' | 'createdAt' | 'updatedAt'>,
  opts: { asAccepted?: boolean; events?: { status: string; reason: string | null; at: Date }[] } = {},
): V1Message {
  const channel = row.channel as ChannelId;
  const accepted = opts.asAccepted === true;
  return {
    id: row.id,
    channel,
    to: row.recipient,
    status: (accepted ? initialStatus(channel) : row.status) as MessageStatus,
    ...(channel === 'sms' || channel === 'sms_otp' ? { total_sms: row.totalSms ?? 1 } : {}),
    ...(channelInfo(channel).phone ? { country: row.country } : {}),
    ...(channel === 'voice_otp' && row.otp ? { otp: row.otp } : {}),
    created_at: row.createdAt.toISOString(),
    updated_at: (accepted ? row.createdAt : row.updatedAt).toISOString(),
    error: !accepted && row.reason ? { reason: row.reason } : null,
    ...(opts.events ? { events: opts.events.map((e) => ({ status: e.status as MessageStatus, at: e.at.toISOString(), reason: e.reason })) } : {}),
  };
}

/** First result for a replay with the same body; 409 `idempotency_conflict` for another body. */
function replayOrConflict(existing: MessageRow, hash: string): SendResult {
  if (existing.requestHash !== hash) throw new AppError('idempotency_conflict', V1_MESSAGES.idempotencyConflict);
  return { message: toV1Message(existing, { asAccepted: true }), replayed: true };
}

/** A random sandbox calling number '+6221' + 8 digits (Jakarta), for Voice OTP. */
function sandboxCallingNumber(): string {
  return `+6221${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/**
 * Accepts a message on `channel` for the authenticated application (ARCHITECTURE.md §6):
 * normalises `to` to E.164 (phone channels) with its country, counts SMS segments, checks the
 * WhatsApp template is APPROVED, stores the message at its initial status with its first event
 * (claiming the Idempotency-Key), takes prepaid quota in the same transaction, then enqueues the
 * dispatch job.
 * `idempotencyKey`: same key + same body within 24 h returns the first result and sends nothing.
 * WhatsApp: the template is the application's; its parameters (the Pesan fields or Meta's own
 * `components`) must match the template's variables (modules/wa-templates/send-parameters.ts); with
 * the Cloud driver (`ctx.whatsappCloud`) the application must have a WhatsApp sender and free text
 * needs the recipient's open 24-hour service window (ARCHITECTURE.md §6).
 * @throws AppError invalid_request 400 (bad `to`, key too long, template parameter mismatch on
 *   `template.…`, free text outside the window on `text`), channel_not_enabled 403 (no WhatsApp
 *   sender, cloud only), template_not_approved 422, quota_exceeded 402, idempotency_conflict 409.
 *   Nothing is stored on error.
 */
export async function acceptMessage(
  ctx: V1Deps,
  auth: V1Auth,
  channel: ChannelId,
  body: V1SendBody,
  idempotencyKey: string | undefined,
): Promise<SendResult> {
  const db = ctx.database.db;
  const now = ctx.now();
  if (idempotencyKey !== undefined && (idempotencyKey.length === 0 || idempotencyKey.length > IDEMPOTENCY_KEY_MAX)) {
    throw fieldError('Idempotency-Key', V1_MESSAGES.idempotencyKeyTooLong);
  }
  const hash = requestHash(body);
  // A key seen more than 24 h ago is freed for reuse inside the accepting transaction; a fresh key
  // costs one indexed lookup only.
  let expiredKey = false;
  if (idempotencyKey) {
    const existing = await findByIdempotencyKey(db, auth.organizationId, auth.applicationId, channel, idempotencyKey);
    if (existing && existing.createdAt.getTime() > now.getTime() - WINDOW_MS) return replayOrConflict(existing, hash);
    expiredKey = existing !== null;
  }

  let recipient = body.to.trim();
  let country: string | null = null;
  if (channelInfo(channel).phone) {
    const phone = normalisePhone(recipient);
    if (!phone) throw fieldError('to', V1_MESSAGES.invalidPhone);
    recipient = phone.e164;
    country = phone.country;
  }
  const text = typeof body['text'] === 'string' ? (body['text'] as string) : undefined;
  const totalSms = channel === 'sms' || channel === 'sms_otp' ? countSmsSegments(text ?? '').segments : null;

  let templateName: string | null = null;
  let templateCategory: string | undefined;
  const template = body['template'] as WaTemplateSend | undefined;
  // With the Cloud API the application needs its sender, and free text an open service window.
  // The sandbox driver needs neither: it simulates Meta, so anyone can try WhatsApp without a
  // connected number (ARCHITECTURE.md §6 sandbox provider).
  if (channel === 'whatsapp' && ctx.whatsappCloud) {
    if (!(await findSenderByApplication(db, auth.applicationId))) throw new AppError('channel_not_enabled', V1_MESSAGES.whatsappNotSetUp);
    if (!template) {
      const windowEnd = await findServiceWindowEnd(db, auth.applicationId, recipient);
      if (!windowEnd || windowEnd.getTime() <= now.getTime()) throw fieldError('text', V1_MESSAGES.whatsappOutsideWindow);
    }
  }
  if (channel === 'whatsapp' && template) {
    const found = await findTemplate(db, auth.applicationId, template.name, template.language);
    if (!found || found.status !== 'APPROVED') throw new AppError('template_not_approved', V1_MESSAGES.templateNotApproved);
    // Parameters (the Pesan fields or Meta's own components) must match the template's variables,
    // with every driver (the sandbox too).
    const built = checkTemplateSend({ components: found.components, ...(found.parameterFormat ? { parameterFormat: found.parameterFormat } : {}) }, template);
    if (!built.ok) throw fieldError(built.path, built.message);
    templateName = template.name;
    templateCategory = found.category;
  }

  let otp: string | null = null;
  let stored: Record<string, unknown> = body;
  if (channel === 'voice_otp') {
    const calling = sandboxCallingNumber();
    otp = calling.slice(-Number(body['code_length'] ?? 4));
    stored = { ...body, calling_number: calling };
  }

  const id = randomUUID();
  const status = initialStatus(channel);
  const row = {
    id,
    organizationId: auth.organizationId,
    applicationId: auth.applicationId,
    channel,
    recipient,
    country,
    totalSms,
    status,
    reason: null,
    templateName,
    otp,
    body: stored,
    idempotencyKey: idempotencyKey ?? null,
    requestHash: hash,
    createdAt: now,
    updatedAt: now,
  };
  try {
    await db.transaction(async (txAny) => {
      const tx = txAny as unknown as Db;
      if (idempotencyKey && expiredKey) await releaseIdempotencyKey(tx, auth.applicationId, channel, idempotencyKey, new Date(now.getTime() - WINDOW_MS));
      // Claim the Idempotency-Key (the message row's unique key) before taking quota: a concurrent
      // request with the same key waits here and then replays, instead of finding the quota gone
      // and answering a false 402 (issue 6).
      await insertMessageWithEvent(tx, row);
      if (auth.billingType === 'pre-paid') {
        const { type, cost } = quotaCost(channel, { totalSms: totalSms ?? undefined, templateCategory });
        const ok = await consumeQuota(tx, { applicationId: auth.applicationId, type, cost, messageId: id, at: now });
        if (!ok) throw new AppError('quota_exceeded', V1_MESSAGES.quotaExceeded);
      }
      // Last: the counter row is shared by the hour's messages (its lock is held until commit).
      await countAcceptedMessage(tx, row);
    });
  } catch (err) {
    if (idempotencyKey && isUniqueViolation(err)) {
      const existing = await findByIdempotencyKey(db, auth.organizationId, auth.applicationId, channel, idempotencyKey);
      if (existing) return replayOrConflict(existing, hash);
    }
    throw err;
  }
  try {
    await ctx.scheduleDispatch({ id, organizationId: auth.organizationId, applicationId: auth.applicationId, channel, totalSms });
  } catch {
    // The message is stored; the dispatch sweep re-enqueues it (dispatch.ts undispatchedMessages).
  }
  return { message: toV1Message(row), replayed: false };
}

/**
 * GET /v1/messages/{id}: the message with its events, only if it belongs to the token's
 * application. @throws AppError not_found 404 otherwise (also for a malformed id).
 */
export async function getMessage(ctx: V1Deps, auth: V1Auth, id: string): Promise<V1Message> {
  const notFound = () => new AppError('not_found', V1_MESSAGES.messageNotFound);
  if (!UUID.test(id)) throw notFound();
  const found = await findMessageWithEvents(ctx.database.db, auth.organizationId, auth.applicationId, id);
  if (!found) throw notFound();
  return toV1Message(found.message, { events: found.events });
}

/**
 * The message `id` as the e-mail tracking routes need it (inbound/email-tracking.routes.ts):
 * `{channel, status, body}` with `body` the stored send body (JSON), or null when there is none.
 * Not scoped by organization: `id` comes from a tracking token whose signature was checked
 * (email-tracking.ts verifyTrackingToken), which is the authority here.
 */
export function findMessageForTracking(db: Db, id: string): Promise<{ channel: string; status: string; body: unknown } | null> {
  return findTrackedMessageRow(db, id);
}
