/**
 * Verify: one-time codes as a service (ARCHITECTURE.md §6.4). `/v1/verify` starts a verification,
 * sends a code over a channel of the application and checks it; the customer stores nothing.
 *
 * Rules: 5 checks at most (the 5th wrong code makes it `failed`); 5 sends at most, 30 s apart (429
 * with Retry-After); it reads `expired` once `expires_at` passed (and is moved there, with its
 * webhook event, by the first call that sees it or the every-minute sweep); a closed verification answers 409
 * `verification_closed`. Fraud guard: 5 verifications per recipient and application an hour,
 * the application's verifications per minute (60 unless the operator set another; counted in the
 * table, so every process sees the same figure), and the countries the operator allowed (403
 * `country_not_allowed`). Concurrent checks with the right code approve exactly once: approval is
 * one conditional UPDATE … RETURNING (verify.repo.ts approve).
 *
 * Where the code lives (the one design choice of this module): the code is generated here with
 * crypto random digits and kept in the verification only as HMAC-SHA256(key, id + ':' + code),
 * the key derived by HKDF from SESSION_SECRET with the purpose label 'verify-codes', compared with
 * timingSafeEqual. Each code travels as an ordinary message of its channel through the usual
 * accept path (messaging/v1.service.ts acceptMessage: quota, Monitoring, status webhooks), whose
 * stored body (messages.body, and the request hash) is the body with the code masked by dots,
 * plus `sealed`: the real fields sealed with AES-256-GCM (lib/secret-box.ts, purpose
 * 'verify-message-bodies'). The dispatcher opens `sealed` only to hand the driver its text
 * (engine/dispatcher.ts openSealed) and drops it from the row once the carrier has the message or
 * it failed for good (dispatch.repo.ts dropSealedBody); Monitoring's detail never shows it
 * (contracts maskRequestBody).
 * So the code is in no stored row in the clear (only ciphertext a database dump cannot read),
 * never in a job (jobs carry ids), an event, a webhook payload (message.status carries no body)
 * or a log line (nothing here logs a body or a code). Rendering at dispatch from the verification
 * would need the code stored, which the HMAC rules out; keeping it only in memory would lose a
 * send on a restart.
 */
import { createHmac, hkdfSync, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { normalisePhone } from '@pesan/contracts/phone';
import { V1_MESSAGES } from '@pesan/contracts/messaging';
import {
  VERIFY_LIMITS,
  VERIFY_MESSAGES,
  VERIFY_TEXTS,
  VERIFY_TOKEN_CHANNEL,
  type Verification,
  type VerificationStatusEvent,
  type VerifyChannel,
  type VerifyLocale,
  type VerifyResendBody,
  type VerifyStartBody,
} from '@pesan/contracts/verify';
import { z } from '@pesan/contracts/zod';
import type { ChannelId } from '@pesan/contracts/channels';
import type { Db } from '../../db/client.ts';
import type { VerificationSend } from '../../db/schema/verifications.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { V1Auth } from '../../messaging/token-auth.ts';
import type { SendResult, V1SendBody } from '../../messaging/v1.service.ts';
import * as repo from './verify.repo.ts';
import type { VerificationRow } from './verify.repo.ts';

/** What the Verify service uses (bound in services.ts). */
export interface VerifyDeps {
  db: Db;
  now: () => Date;
  /** The HMAC key of codes: HKDF-SHA256(SESSION_SECRET, purpose 'verify-codes'), 32 bytes (verifyCodeKey). */
  codeKey: Buffer;
  /** Seals the real fields of a code's message for its driver (purpose 'verify-message-bodies'). */
  bodyBox: SecretBox;
  /** messaging/v1.service.ts acceptMessage, bound: one ordinary message of `channel`. */
  acceptMessage: (auth: V1Auth, channel: ChannelId, body: V1SendBody, key: string | undefined, opts: { storedBody?: Record<string, unknown> }) => Promise<SendResult>;
  /** Raises the `verification.status` webhook event (modules/webhooks emitVerificationStatus). */
  emitStatus: (e: { organizationId: string; applicationId: string; data: VerificationStatusEvent }) => Promise<void>;
}

/** The HMAC key of Verify codes from SESSION_SECRET (HKDF-SHA256, purpose label 'verify-codes'). */
export function verifyCodeKey(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'pesan', 'verify-codes', 32));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PHONE_CHANNELS = new Set<VerifyChannel>(['sms', 'whatsapp', 'call']);
const emailSchema = z.email();

const notFound = () => new AppError('not_found', VERIFY_MESSAGES.notFound);
const closed = () => new AppError('verification_closed', VERIFY_MESSAGES.closed);
const rateLimited = (message: string, retryAfterSeconds?: number) =>
  new AppError('rate_limited', message, undefined, retryAfterSeconds === undefined ? undefined : { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** `length` crypto-random decimal digits. */
function newCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += String(randomInt(0, 10));
  return code;
}

/** HMAC-SHA256 hex of (verification id, code) under `key`. */
function codeHmac(key: Buffer, id: string, code: string): string {
  return createHmac('sha256', key).update(`${id}:${code}`).digest('hex');
}

/** Whether `code` is the code whose HMAC is `stored` (constant time). */
function codeMatches(key: Buffer, id: string, code: string, stored: string): boolean {
  const a = Buffer.from(codeHmac(key, id, code), 'hex');
  const b = Buffer.from(stored, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The API shape of a verification (§6.4); `valid` on a check's answer. */
export function toVerification(row: VerificationRow, now: Date, valid?: boolean): Verification {
  const status = row.status === 'pending' && row.expiresAt.getTime() <= now.getTime() ? 'expired' : row.status;
  return {
    id: row.id,
    to: row.recipient,
    channel: row.channel,
    status,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    attempts_left: Math.max(0, VERIFY_LIMITS.maxChecks - row.attempts),
    sends: row.sends,
    ...(valid === undefined ? {} : { valid }),
  };
}

/** 403 channel_not_enabled unless the token is the one of `channel` (§6.4: sms -> SMS OTP token, …). */
function checkTokenChannel(auth: V1Auth, channel: VerifyChannel): void {
  if (auth.channel !== VERIFY_TOKEN_CHANNEL[channel]) throw new AppError('channel_not_enabled', VERIFY_MESSAGES.wrongTokenChannel);
}

const scope = (auth: V1Auth) => ({ organizationId: auth.organizationId, applicationId: auth.applicationId });

/** Raises `verification.status` for a row that just closed (failures to queue are not the caller's). */
async function emitClosed(deps: VerifyDeps, row: VerificationRow, status: VerificationStatusEvent['status'], at: Date): Promise<void> {
  await deps.emitStatus({
    organizationId: row.organizationId,
    applicationId: row.applicationId,
    data: { verification_id: row.id, to: row.recipient, channel: row.channel, status, at: at.toISOString() },
  });
}

/**
 * The verification `id` of the token's application, moved to `expired` (with its event) when its
 * time passed while pending. @throws AppError not_found 404 (malformed id, another application's
 * or organization's).
 */
async function load(deps: VerifyDeps, auth: V1Auth, id: string): Promise<VerificationRow> {
  if (!UUID.test(id)) throw notFound();
  const row = await repo.findVerification(deps.db, scope(auth), id);
  if (!row) throw notFound();
  return settle(deps, auth, row);
}

/** `row`, or its expired self when its time passed while pending (moved once, with the event). */
async function settle(deps: VerifyDeps, auth: V1Auth, row: VerificationRow): Promise<VerificationRow> {
  const now = deps.now();
  if (row.status !== 'pending' || row.expiresAt.getTime() > now.getTime()) return row;
  const expired = await repo.closeVerification(deps.db, scope(auth), row.id, 'expired', now);
  if (expired) {
    await emitClosed(deps, expired, 'expired', now);
    return expired;
  }
  return (await repo.findVerification(deps.db, scope(auth), row.id)) ?? row;
}

/** The code's message: what the driver gets (`body`) and what is stored (`stored`: code masked, real fields sealed). */
interface CodeMessage {
  channel: ChannelId;
  body: V1SendBody;
  stored: Record<string, unknown>;
}

/**
 * Builds the message carrying `code` on `channel` in `locale` (§6.4): SMS OTP text, the call's
 * spoken digits, a plain e-mail, or the WhatsApp AUTHENTICATION template `template` with the code
 * in its body parameter and its copy-code / one-tap buttons.
 * @throws AppError invalid_request 400 (no template for whatsapp), template_not_approved 422.
 */
async function codeMessage(
  deps: VerifyDeps,
  auth: V1Auth,
  v: { recipient: string; channel: VerifyChannel; locale: VerifyLocale; template: string | null; expiresAt: Date; appName: string },
  code: string,
): Promise<CodeMessage> {
  const texts = VERIFY_TEXTS[v.locale];
  const minutes = Math.max(1, Math.ceil((v.expiresAt.getTime() - deps.now().getTime()) / 60_000));
  const mask = '•'.repeat(code.length);
  const seal = (fields: Record<string, unknown>) => deps.bodyBox.seal(JSON.stringify(fields));
  const to = v.recipient;
  switch (v.channel) {
    case 'sms': {
      const text = texts.sms(v.appName, code, minutes);
      return { channel: 'sms_otp', body: { to, text }, stored: { to, text: texts.sms(v.appName, mask, minutes), sealed: seal({ text }) } };
    }
    case 'call': {
      const text = texts.call(v.appName, code);
      return { channel: 'call', body: { to, text }, stored: { to, text: texts.call(v.appName, mask), sealed: seal({ text }) } };
    }
    case 'email': {
      const text = texts.emailText(v.appName, code, minutes);
      const subject = texts.emailSubject(v.appName);
      return { channel: 'email', body: { to, subject, text }, stored: { to, subject, text: texts.emailText(v.appName, mask, minutes), sealed: seal({ text }) } };
    }
    case 'whatsapp': {
      if (!v.template) throw fieldError('template', VERIFY_MESSAGES.templateRequired);
      const found = (await repo.findTemplatesByName(deps.db, auth.applicationId, v.template)).filter((t) => t.status === 'APPROVED' && t.category === 'AUTHENTICATION');
      const pick = found.find((t) => t.language === v.locale || t.language.startsWith(`${v.locale}_`)) ?? found[0];
      if (!pick) throw new AppError('template_not_approved', VERIFY_MESSAGES.templateNotAuthentication);
      const buttons = buttonsTakingCode(pick.components);
      const template = (c: string) => ({ name: v.template!, language: pick.language, parameters: [c], ...(buttons ? { button_parameters: Array.from({ length: buttons }, () => c) } : {}) });
      return { channel: 'whatsapp', body: { to, template: template(code) }, stored: { to, template: template(mask), sealed: seal({ template: template(code) }) } };
    }
  }
}

/** How many buttons of a template take the code: copy-code, one-tap/zero-tap OTP and URL buttons with a variable. */
function buttonsTakingCode(components: unknown): number {
  const list = Array.isArray(components) ? (components as { type?: unknown; buttons?: { type?: unknown; url?: unknown }[] }[]) : [];
  const buttons = list.find((c) => String(c?.type ?? '').toUpperCase() === 'BUTTONS')?.buttons ?? [];
  return buttons.filter((b) => {
    const type = String(b?.type ?? '').toUpperCase();
    return type === 'COPY_CODE' || type === 'OTP' || (type === 'URL' && typeof b.url === 'string' && b.url.includes('{{'));
  }).length;
}

/** Sends `code` as an ordinary message (quota, Monitoring, webhooks) and returns its send entry. @throws AppError as acceptMessage (402, 403, 400, 422). */
async function sendCode(deps: VerifyDeps, auth: V1Auth, message: CodeMessage, channel: VerifyChannel): Promise<VerificationSend> {
  const result = await deps.acceptMessage(auth, message.channel, message.body, undefined, { storedBody: message.stored });
  return { channel, message_id: result.message.id, at: result.message.created_at };
}

/** `to` for `channel`: E.164 with its country (phone channels) or the lower-cased address. @throws AppError 400. */
function recipientFor(channel: VerifyChannel, to: string): { recipient: string; country: string | null } {
  if (PHONE_CHANNELS.has(channel)) {
    const phone = normalisePhone(to);
    if (!phone) throw fieldError('to', V1_MESSAGES.invalidPhone);
    return { recipient: phone.e164, country: phone.country };
  }
  const email = to.trim().toLowerCase();
  if (!emailSchema.safeParse(email).success) throw fieldError('to', VERIFY_MESSAGES.emailExpected);
  return { recipient: email, country: null };
}

/**
 * POST /v1/verify (§6.4): checks the token carries `channel`, the recipient, the allowed countries
 * and the fraud guard, stores the verification (code as HMAC only) and sends the first code.
 * Returns the verification (201), pending, with its first send. Nothing is kept when the first
 * send is refused.
 * @throws AppError invalid_request 400 (bad `to`, no `template` for whatsapp), channel_not_enabled
 *   403 (the token is not the channel's), country_not_allowed 403, quota_exceeded 402,
 *   template_not_approved 422, rate_limited 429 (5 per recipient an hour; the application's per
 *   minute) with Retry-After.
 */
export async function startVerification(deps: VerifyDeps, auth: V1Auth, body: VerifyStartBody): Promise<Verification> {
  checkTokenChannel(auth, body.channel);
  const { recipient, country } = recipientFor(body.channel, body.to);
  if (body.channel === 'whatsapp' && !body.template) throw fieldError('template', VERIFY_MESSAGES.templateRequired);
  const now = deps.now();
  // Settings and both fraud-guard counts in one round trip.
  const settings = await repo.findStartGuard(deps.db, scope(auth), { recipient, minuteAgo: new Date(now.getTime() - 60_000), hourAgo: new Date(now.getTime() - 3600_000) });
  if (!settings) throw new AppError('unauthorized', V1_MESSAGES.invalidToken);
  if (settings.allowedCountries && country !== null && !settings.allowedCountries.includes(country)) {
    throw new AppError('country_not_allowed', VERIFY_MESSAGES.countryNotAllowed);
  }
  if (settings.allowedCountries && country === null && PHONE_CHANNELS.has(body.channel)) throw new AppError('country_not_allowed', VERIFY_MESSAGES.countryNotAllowed);
  const perMinute = settings.perMinute ?? VERIFY_LIMITS.perMinuteDefault;
  if (settings.startedLastMinute >= perMinute) throw rateLimited(VERIFY_MESSAGES.tooManyForApplication, 60);
  if (settings.recipientLastHour >= VERIFY_LIMITS.perRecipientPerHour) throw rateLimited(VERIFY_MESSAGES.tooManyForRecipient, 3600);

  const id = randomUUID();
  const codeLength = body.code_length ?? VERIFY_LIMITS.codeLengthDefault;
  const locale = body.locale ?? 'en';
  const expiresAt = new Date(now.getTime() + (body.expires_in ?? VERIFY_LIMITS.expiresInDefault) * 1000);
  const template = body.channel === 'whatsapp' ? body.template! : null;
  const code = newCode(codeLength);
  const hmac = codeHmac(deps.codeKey, id, code);
  const message = await codeMessage(deps, auth, { recipient, channel: body.channel, locale, template, expiresAt, appName: settings.name }, code);
  await repo.insertVerification(deps.db, {
    id,
    organizationId: auth.organizationId,
    applicationId: auth.applicationId,
    recipient,
    country,
    channel: body.channel,
    status: 'pending',
    codeHmac: hmac,
    codeLength,
    locale,
    template,
    expiresAt,
    createdAt: now,
    updatedAt: now,
  });
  let send: VerificationSend;
  try {
    send = await sendCode(deps, auth, message, body.channel);
  } catch (err) {
    await repo.deleteUnsentVerification(deps.db, scope(auth), id);
    throw err;
  }
  const row = await repo.recordSend(deps.db, scope(auth), id, { codeHmac: hmac, send, sendCount: 0, maxSends: VERIFY_LIMITS.maxSends, at: deps.now() });
  if (!row) throw closed();
  return toVerification(row, deps.now());
}

/**
 * POST /v1/verify/{id}/check (§6.4): 200 with `valid`. A right code approves (one conditional
 * update: of concurrent right checks exactly one approves, the others find it closed: 409); a
 * wrong one uses a check, and the 5th wrong one makes it `failed`. Events: approved, failed.
 * @throws AppError not_found 404, verification_closed 409 (approved, expired, failed, canceled).
 */
export async function checkVerification(deps: VerifyDeps, auth: V1Auth, id: string, code: string): Promise<Verification> {
  const row = await load(deps, auth, id);
  if (row.status !== 'pending') throw closed();
  const now = deps.now();
  if (codeMatches(deps.codeKey, row.id, code, row.codeHmac)) {
    const approved = await repo.approve(deps.db, scope(auth), row.id, { codeHmac: row.codeHmac, maxChecks: VERIFY_LIMITS.maxChecks, at: now });
    if (approved) {
      await emitClosed(deps, approved, 'approved', now);
      return toVerification(approved, now, true);
    }
    // Another check or a resend came first: closed now, or the code was replaced (a wrong code now).
    const again = await load(deps, auth, id);
    if (again.status !== 'pending') throw closed();
  }
  const counted = await repo.countWrongCheck(deps.db, scope(auth), row.id, { maxChecks: VERIFY_LIMITS.maxChecks, at: now });
  if (!counted) {
    await load(deps, auth, id);
    throw closed();
  }
  if (counted.status === 'failed') await emitClosed(deps, counted, 'failed', now);
  return toVerification(counted, now, false);
}

/**
 * POST /v1/verify/{id}/resend (§6.4): a new code (the old one no longer valid) on `channel` (default
 * the verification's; its token must be the one used, and `template` names the WhatsApp template
 * when the verification has none). 5 sends at most, 30 s apart. A refused send changes nothing
 * (the old code stays valid).
 * @throws AppError not_found 404, verification_closed 409, channel_not_enabled 403,
 *   invalid_request 400 (the recipient does not fit the channel), quota_exceeded 402,
 *   template_not_approved 422, rate_limited 429 (5 sends; within 30 s, with Retry-After).
 */
export async function resendVerification(deps: VerifyDeps, auth: V1Auth, id: string, body: VerifyResendBody & { template?: string }): Promise<Verification> {
  const row = await load(deps, auth, id);
  if (row.status !== 'pending') throw closed();
  const channel = body?.channel ?? row.channel;
  checkTokenChannel(auth, channel);
  if (row.sendCount >= VERIFY_LIMITS.maxSends) throw rateLimited(VERIFY_MESSAGES.tooManySends);
  const now = deps.now();
  if (row.lastSendAt) {
    const waitMs = row.lastSendAt.getTime() + VERIFY_LIMITS.resendAfterSeconds * 1000 - now.getTime();
    if (waitMs > 0) throw rateLimited(VERIFY_MESSAGES.resendTooSoon, waitMs / 1000);
  }
  if (PHONE_CHANNELS.has(channel) !== row.recipient.startsWith('+')) {
    throw fieldError('channel', PHONE_CHANNELS.has(channel) ? V1_MESSAGES.invalidPhone : VERIFY_MESSAGES.emailExpected);
  }
  const template = body?.template ?? row.template;
  const settings = await repo.findVerifySettings(deps.db, scope(auth));
  if (!settings) throw notFound();
  const code = newCode(row.codeLength);
  const hmac = codeHmac(deps.codeKey, row.id, code);
  const message = await codeMessage(deps, auth, { recipient: row.recipient, channel, locale: row.locale as VerifyLocale, template, expiresAt: row.expiresAt, appName: settings.name }, code);
  const send = await sendCode(deps, auth, message, channel);
  const updated = await repo.recordSend(deps.db, scope(auth), row.id, { codeHmac: hmac, send, sendCount: row.sendCount, maxSends: VERIFY_LIMITS.maxSends, at: deps.now() });
  if (!updated) {
    // Another resend, a check or the clock came first; this message's code is not valid.
    const again = await load(deps, auth, id);
    if (again.status !== 'pending') throw closed();
    throw rateLimited(VERIFY_MESSAGES.resendTooSoon, VERIFY_LIMITS.resendAfterSeconds);
  }
  return toVerification(updated, deps.now());
}

/**
 * POST /v1/verify/{id}/cancel (§6.4): a pending verification becomes `canceled` (event canceled).
 * @throws AppError not_found 404, verification_closed 409.
 */
export async function cancelVerification(deps: VerifyDeps, auth: V1Auth, id: string): Promise<Verification> {
  const row = await load(deps, auth, id);
  if (row.status !== 'pending') throw closed();
  const now = deps.now();
  const canceled = await repo.closeVerification(deps.db, scope(auth), row.id, 'canceled', now);
  if (!canceled) {
    await load(deps, auth, id);
    throw closed();
  }
  await emitClosed(deps, canceled, 'canceled', now);
  return toVerification(canceled, now);
}

/** GET /v1/verify/{id} (§6.4): the verification (expired once its time passed). @throws AppError not_found 404. */
export async function getVerification(deps: VerifyDeps, auth: V1Auth, id: string): Promise<Verification> {
  return toVerification(await load(deps, auth, id), deps.now());
}

/**
 * The every-minute sweep (jobs/registry.ts): moves pending verifications whose time passed to
 * `expired` and raises their `verification.status` event, 500 at a time until none is left (a
 * call or a read that sees one first does the same for it alone). Returns how many it expired.
 */
export async function sweepExpiredVerifications(deps: VerifyDeps): Promise<number> {
  let total = 0;
  for (;;) {
    const now = deps.now();
    const rows = await repo.expireDue(deps.db, now, 500);
    for (const row of rows) await emitClosed(deps, row, 'expired', now);
    total += rows.length;
    if (rows.length < 500) return total;
  }
}

/**
 * Operator CLI (cli/admin.ts `verify:countries`) and the console (verify-console.service.ts, with
 * `organizationId`: only that organization's application): the countries application
 * `applicationId` serves, ISO 3166-1 alpha-2 upper-case, or null for any. Returns false when there
 * is no such live application (of that organization).
 */
export function setAllowedCountries(db: Db, applicationId: string, countries: string[] | null, at: Date, organizationId?: string): Promise<boolean> {
  return repo.setVerifySettings(db, applicationId, { allowedCountries: countries, ...(organizationId === undefined ? {} : { organizationId }) }, at);
}

/**
 * Operator CLI (cli/admin.ts `verify:limit`): verifications per minute of application
 * `applicationId` (null = the default 60). Returns false when there is no such application.
 */
export function setVerifyPerMinute(db: Db, applicationId: string, perMinute: number | null, at: Date): Promise<boolean> {
  return repo.setVerifySettings(db, applicationId, { perMinute }, at);
}
