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
import { requestHash } from './idempotency.ts';
import {
  findByIdempotencyKey,
  findMessageForTracking as findTrackedMessageRow,
  findMessageWithEvents,
  findTemplate,
  type MessageRow,
} from './messages.repo.ts';
import { newBatchId, type AcceptBatcher, type AcceptItem, type AcceptOutcome } from './engine/accept-batcher.ts';
import type { V1Auth } from './token-auth.ts';
import { checkTemplateSend } from '../modules/wa-templates/send-parameters.ts';
import { findSenderByApplication } from './whatsapp/senders.repo.ts';
import { findServiceWindowEnd } from './whatsapp/windows.repo.ts';
import type { DispatchTarget } from './engine/dispatcher.ts';

/** What the /v1 messages service uses of the application context. */
export type V1Deps = Pick<AppContext, 'database' | 'now'> & {
  /** Queues the dispatch of an accepted message (messaging/dispatch.ts scheduleDispatch, paced per sender). */
  scheduleDispatch: (message: DispatchTarget) => Promise<void>;
  /** The process's group-commit accept (engine/accept-batcher.ts). */
  acceptBatcher: AcceptBatcher;
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

/** A send prepared for the group commit: its item and what the answer needs to know. */
interface PreparedSend {
  item: AcceptItem;
  target: DispatchTarget;
}

/**
 * Checks and shapes one send on `channel` for the authenticated application (ARCHITECTURE.md §6):
 * normalises `to` to E.164 (phone channels) with its country, counts SMS segments, checks the
 * WhatsApp template is APPROVED and its parameters (modules/wa-templates/send-parameters.ts), with
 * the Cloud driver (`ctx.whatsappCloud`) the application's sender and, for free text, the
 * recipient's open 24-hour service window; computes the prepaid cost. Stores nothing.
 * @throws AppError invalid_request 400 (bad `to`, template parameter mismatch on `template.…`, free
 *   text outside the window on `text`), channel_not_enabled 403 (no WhatsApp sender, cloud only),
 *   template_not_approved 422.
 */
async function prepareSend(ctx: V1Deps, auth: V1Auth, channel: ChannelId, body: V1SendBody, key: string | null, hash: string, now: Date, storedBody?: Record<string, unknown>): Promise<PreparedSend> {
  const db = ctx.database.db;
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
  let stored: Record<string, unknown> = storedBody ?? body;
  if (channel === 'voice_otp') {
    const calling = sandboxCallingNumber();
    otp = calling.slice(-Number(body['code_length'] ?? 4));
    stored = { ...body, calling_number: calling };
  }

  const id = randomUUID();
  const row = {
    id,
    organizationId: auth.organizationId,
    applicationId: auth.applicationId,
    channel,
    recipient,
    country,
    totalSms,
    status: initialStatus(channel),
    reason: null,
    templateName,
    otp,
    body: stored,
    idempotencyKey: key,
    requestHash: hash,
    createdAt: now,
    updatedAt: now,
  };
  const quota = auth.billingType === 'pre-paid' ? quotaCost(channel, { totalSms: totalSms ?? undefined, templateCategory }) : null;
  return { item: { row, quota }, target: { id, organizationId: auth.organizationId, applicationId: auth.applicationId, channel, totalSms } };
}

/**
 * Hands accepted (committed) messages to dispatch: a wake-up of the dispatchers
 * (engine/dispatcher.ts createDispatchHandOff). A failure is left to the dispatchers' poll, which
 * claims every due message from the table, never to the caller: the messages are stored.
 */
async function handOffToDispatch(ctx: V1Deps, targets: DispatchTarget[]): Promise<void> {
  await Promise.all(
    targets.map(async (target) => {
      try {
        await ctx.scheduleDispatch(target);
      } catch {
        // The dispatchers' poll claims it.
      }
    }),
  );
}

function checkKey(idempotencyKey: string | undefined): void {
  if (idempotencyKey !== undefined && (idempotencyKey.length === 0 || idempotencyKey.length > IDEMPOTENCY_KEY_MAX)) {
    throw fieldError('Idempotency-Key', V1_MESSAGES.idempotencyKeyTooLong);
  }
}

/**
 * Accepts a message on `channel` for the authenticated application (ARCHITECTURE.md §6, §6.5):
 * prepareSend's checks, then the message joins the process's next accept group
 * (engine/accept-batcher.ts), which stores it at its initial status with its first event, claims
 * the Idempotency-Key and takes prepaid quota in the group's transaction; answered once that
 * committed, then handed to dispatch.
 * `idempotencyKey`: same key + same body within 24 h returns the first result and sends nothing.
 * `opts.storedBody`: what is stored as the message's body (and hashed) instead of `body`, which is
 * still what is checked: Verify stores its text masked with the real one sealed in `sealed`
 * (modules/verify/verify.service.ts; the dispatcher opens it for the driver).
 * @throws AppError as prepareSend, invalid_request 400 (key too long), quota_exceeded 402,
 *   idempotency_conflict 409. Nothing is stored on error; a database error rejects as it is
 *   (500), and a retry with the same key is safe.
 */
export async function acceptMessage(
  ctx: V1Deps,
  auth: V1Auth,
  channel: ChannelId,
  body: V1SendBody,
  idempotencyKey: string | undefined,
  opts: { storedBody?: Record<string, unknown> } = {},
): Promise<SendResult> {
  checkKey(idempotencyKey);
  const now = ctx.now();
  // A body holding a secret (Verify) is hashed as stored: a hash of the real body would let a short code be guessed back.
  const hash = requestHash(opts.storedBody ?? body);
  let prepared: PreparedSend;
  try {
    prepared = await prepareSend(ctx, auth, channel, body, idempotencyKey ?? null, hash, now, opts.storedBody);
  } catch (err) {
    // A replay answers the first result even if the send would no longer pass (a template since deleted).
    if (idempotencyKey && err instanceof AppError) {
      const existing = await findByIdempotencyKey(ctx.database.db, auth.organizationId, auth.applicationId, channel, idempotencyKey);
      if (existing && existing.createdAt.getTime() > now.getTime() - WINDOW_MS) return replayOrConflict(existing, hash);
    }
    throw err;
  }
  const [outcome] = await ctx.acceptBatcher.accept([prepared.item]);
  if (outcome!.kind === 'existing') return replayOrConflict(outcome!.message, hash);
  if (outcome!.kind === 'quota_exceeded') throw new AppError('quota_exceeded', V1_MESSAGES.quotaExceeded);
  await handOffToDispatch(ctx, [prepared.target]);
  return { message: toV1Message(prepared.item.row as MessageRow), replayed: false };
}

/** One entry of a batch answer: the message, or that item's error. */
export type BatchEntry = V1Message | { error: { code: string; message: string; details?: { path: string; message: string }[] } };

/** Result of a batch send (ARCHITECTURE.md §6.3); `replayed` when an Idempotency-Key returned the first answer. */
export interface BatchSendResult {
  answer: { batch_id: string; data: BatchEntry[] };
  replayed: boolean;
  /** Messages accepted by this call (0 on a replay). */
  accepted: number;
}

/** A batch item refused before the group: its error, or its validated body. */
export type BatchItemInput = { ok: true; body: V1SendBody } | { ok: false; error: AppError };

const errorEntry = (e: AppError): BatchEntry => ({ error: { code: e.code, message: e.message, ...(e.details ? { details: e.details } : {}) } });

/**
 * Accepts a batch send on `channel` (ARCHITECTURE.md §6.3): every item is checked as a single send
 * (`items` already carry their body validation; `rawBody` is the request body, hashed for the key), the valid ones are written as one submission of
 * the group commit with prepaid quota taken in item order, and the answer has one entry per item in
 * order: the message, or `{error}` for that item alone (400, 403, 422, or `quota_exceeded` once the
 * balance is used up). `idempotencyKey` covers the batch: the same key and body within 24 h return
 * the first answer and send nothing; another body is a 409.
 * @throws AppError invalid_request 400 (key too long), idempotency_conflict 409; a database error
 *   as it is (nothing stored).
 */
export async function acceptBatch(
  ctx: V1Deps,
  auth: V1Auth,
  channel: ChannelId,
  items: BatchItemInput[],
  rawBody: unknown,
  idempotencyKey: string | undefined,
): Promise<BatchSendResult> {
  checkKey(idempotencyKey);
  const now = ctx.now();
  const hash = requestHash(rawBody);
  const prepared: (PreparedSend | AppError)[] = await Promise.all(
    items.map(async (input) => {
      if (!input.ok) return input.error;
      try {
        return await prepareSend(ctx, auth, channel, input.body, null, requestHash(input.body), now);
      } catch (err) {
        if (err instanceof AppError) return err;
        throw err;
      }
    }),
  );
  const sends = prepared.filter((p): p is PreparedSend => !(p instanceof AppError));
  const batchId = newBatchId();
  const answer = (outcomes: AcceptOutcome[]) => {
    let n = 0;
    return {
      batch_id: batchId,
      data: prepared.map((p): BatchEntry => {
        if (p instanceof AppError) return errorEntry(p);
        const o = outcomes[n++]!;
        if (o.kind === 'quota_exceeded') return errorEntry(new AppError('quota_exceeded', V1_MESSAGES.quotaExceeded));
        return toV1Message(p.item.row as MessageRow);
      }),
    };
  };
  if (!idempotencyKey && !sends.length) return { answer: answer([]), replayed: false, accepted: 0 };
  const result = await ctx.acceptBatcher.acceptBatch(
    sends.map((s) => s.item),
    { id: batchId, organizationId: auth.organizationId, applicationId: auth.applicationId, channel, idempotencyKey: idempotencyKey ?? null, requestHash: hash, answer },
  );
  if (result.kind === 'existing') {
    const first = result.batch;
    if (!first || first.answer === null) throw new Error('The batch holding this Idempotency-Key changed meanwhile; retry.');
    if (first.requestHash !== hash) throw new AppError('idempotency_conflict', V1_MESSAGES.idempotencyConflict);
    return { answer: first.answer as BatchSendResult['answer'], replayed: true, accepted: 0 };
  }
  const accepted = sends.filter((_, i) => result.outcomes[i]!.kind === 'accepted');
  await handOffToDispatch(ctx, accepted.map((s) => s.target));
  return { answer: answer(result.outcomes), replayed: false, accepted: accepted.length };
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
