/**
 * Public messaging API `/v1` bodies and answers (ARCHITECTURE.md §6).
 */
import { singleLine } from './text-fields.ts';
import { z } from './zod.ts';
import { CHANNEL_IDS, type ChannelId } from './channels.ts';
import type { MessageStatus } from './statuses.ts';
import { waTemplateSendSchema } from './wa-send.ts';
import { VALIDATION_MESSAGES } from './server-messages.ts';
import { ZOD_MESSAGES } from './zod-messages.ts';

/** Error texts of the `/v1` API (ARCHITECTURE.md §6): one text, one place. */
export const V1_MESSAGES = {
  missingToken: 'Send the access token as `Authorization: Bearer <token>`',
  invalidToken: 'The access token is invalid or has been revoked',
  channelNotEnabled: 'This access token cannot send on this channel',
  missingSignature: 'This application requires signed requests: send `X-Timestamp` and `X-Signature`',
  expiredSignature: '`X-Timestamp` is more than 5 minutes away from the server time',
  invalidSignature: '`X-Signature` does not match the request',
  replayedSignature: 'This signed request was already received: sign every request, retries included, with a new `X-Timestamp`',
  invalidPhone: '`to` must be a phone number, e.g. +6281234567890 or 081234567890',
  quotaExceeded: 'Not enough prepaid quota left for this message',
  templateNotApproved: 'The WhatsApp template does not exist or is not approved',
  idempotencyConflict: 'This Idempotency-Key was used with another request body',
  idempotencyKeyTooLong: '`Idempotency-Key` must be at most 255 characters',
  rateLimited: 'Too many requests or messages for this application or access token; slow down and retry later',
  messageNotFound: 'Message not found',
  whatsappNotSetUp: 'WhatsApp is not set up for this application: ask Pesan to connect its WhatsApp sender',
  whatsappOutsideWindow: "Free-form text can only be sent within 24 hours of the recipient's last message; send a template instead",
  templateOrText: 'Send either `template` or `text` with `to`',
  codeLength: '`code_length` must be 4 to 6',
  htmlOrText: 'Send `html` or `text`',
  batchSize: '`messages` must be an array of 1 to 1,000 messages',
  batchItem: 'Each item of `messages` must be a JSON object',
} as const;

const to = z
  .string({ error: ZOD_MESSAGES.required('`to`') })
  .trim()
  .min(1, ZOD_MESSAGES.required('`to`'))
  .max(40)
  .describe('The recipient\'s phone number: E.164 (`+6281234567890`) or national with a leading 0 (Indonesian: `081234567890`)');

export const smsBodySchema = z.strictObject({
  to,
  text: z.string({ error: ZOD_MESSAGES.required('`text`') }).min(1, ZOD_MESSAGES.required('`text`')).max(1600, ZOD_MESSAGES.atMostChars('`text`', 1600)).describe('The message; over one SMS it is sent in parts (`total_sms`)'),
  sender_id: singleLine(z.string().trim().min(1).max(11, ZOD_MESSAGES.atMostChars('`sender_id`', 11)), '`sender_id`', { visible: true }).optional().describe("The sender name shown to the recipient, instead of the application's"),
});
export const smsOtpBodySchema = z.strictObject({
  to,
  text: z.string({ error: ZOD_MESSAGES.required('`text`') }).min(1, ZOD_MESSAGES.required('`text`')).max(480, ZOD_MESSAGES.atMostChars('`text`', 480)).describe('The message, with the code in it'),
});
export const whatsappBodySchema = z.union(
  [
    z.strictObject({
      to,
      template: waTemplateSendSchema,
    }),
    z.strictObject({ to, text: z.string().min(1, ZOD_MESSAGES.required('`text`')).max(4096, ZOD_MESSAGES.atMostChars('`text`', 4096)).describe("Free text: only within 24 hours of the recipient's last message") }),
  ],
  { error: V1_MESSAGES.templateOrText },
);
export const callBodySchema = z.strictObject({
  to,
  text: z.string({ error: ZOD_MESSAGES.required('`text`') }).min(1, ZOD_MESSAGES.required('`text`')).max(1000, ZOD_MESSAGES.atMostChars('`text`', 1000)).describe('What the call says (text to speech)'),
});
export const voiceOtpBodySchema = z.strictObject({
  to,
  code_length: z.number().int().min(4, V1_MESSAGES.codeLength).max(6, V1_MESSAGES.codeLength).default(4).describe('Digits of the code: the last digits of the calling number'),
});
export const emailBodySchema = z
  .strictObject({
    to: z.string({ error: ZOD_MESSAGES.required('`to`') }).trim().max(254).pipe(z.email({ error: VALIDATION_MESSAGES.mustBeEmail('`to`') })),
    subject: singleLine(z.string({ error: ZOD_MESSAGES.required('`subject`') }).trim().min(1, ZOD_MESSAGES.required('`subject`')).max(255), '`subject`', { visible: true }),
    html: z.string().max(512_000).optional().describe('The HTML body (`html`, `text` or both)'),
    text: z.string().max(512_000).optional().describe('The plain-text body (`html`, `text` or both)'),
    from_name: singleLine(z.string().trim().max(100), '`from_name`', { visible: true }).optional().describe("The sender's display name"),
    reply_to: z.email({ error: VALIDATION_MESSAGES.mustBeEmail('`reply_to`') }).optional().describe('Where replies go'),
  })
  .refine((b) => b.html || b.text, { message: V1_MESSAGES.htmlOrText, path: ['text'] });

/** One event of a message's history. */
export interface MessageEvent {
  status: MessageStatus;
  at: string;
  reason: string | null;
}

/** A message as `/v1` returns it. */
export interface V1Message {
  id: string;
  channel: ChannelId;
  to: string;
  status: MessageStatus;
  total_sms?: number;
  country?: string | null;
  otp?: string;
  created_at: string;
  updated_at: string;
  error?: { reason: string } | null;
  events?: MessageEvent[];
}

/** Idempotency window (ARCHITECTURE.md §6), in hours. */
export const IDEMPOTENCY_WINDOW_HOURS = 24;
/** Signed-request clock tolerance (ARCHITECTURE.md §6), in seconds. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** Response schema of a `/v1` message (ARCHITECTURE.md §6), for the OpenAPI document and serialisation. */
export const v1MessageSchema = z.object({
  id: z.string().describe('The message id'),
  channel: z.enum(CHANNEL_IDS),
  to: z.string().describe('The recipient: E.164 phone number, or e-mail address'),
  status: z.string().describe("The current status, on the channel's lifecycle"),
  total_sms: z.number().int().optional().describe('SMS and SMS OTP: the number of SMS parts'),
  country: z.string().nullable().optional().describe("ISO 3166-1 alpha-2 country of the recipient's number (`ID`)"),
  otp: z.string().optional().describe('Voice OTP: the code, the last digits of the calling number'),
  created_at: z.string().describe('When it was accepted (ISO 8601)'),
  updated_at: z.string().describe('When its status last changed (ISO 8601)'),
  error: z.object({ reason: z.string() }).nullable().optional().describe('Why it failed, for a failure status'),
  events: z.array(z.object({ status: z.string(), at: z.string(), reason: z.string().nullable() })).optional().describe('GET only: the status history, oldest first'),
});

/** Most items in one batch send (ARCHITECTURE.md §6.3). */
export const BATCH_MAX_ITEMS = 1000;
/** Largest batch send body (ARCHITECTURE.md §6.3), in bytes. */
export const BATCH_MAX_BYTES = 5 * 1024 * 1024;

/** One entry of a batch answer that was refused: the error of that item alone. */
export const v1BatchItemErrorSchema = z.object({
  error: z.object({
    code: z.string().describe('As the single send answers it: `invalid_request`, `quota_exceeded`, `template_not_approved`, …'),
    message: z.string(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional().describe('Field problems of this item'),
  }),
});

/** The answer of a batch send (ARCHITECTURE.md §6.3): one entry per item, in order. */
export const v1BatchAnswerSchema = z.object({
  batch_id: z.string().describe('The batch id'),
  data: z.array(z.union([v1MessageSchema, v1BatchItemErrorSchema])).describe('One entry per item, in order: the message as the single send answers it, or `{error}` for that item alone'),
});

/** Longest accepted `Idempotency-Key` header, in characters. */
export const IDEMPOTENCY_KEY_MAX = 255;
/** Seconds of call time a Call or Voice OTP message reserves from the prepaid `call` quota. */
export const CALL_QUOTA_SECONDS = 60;


/** Prepaid quota types (console.md §3 Remaining quota entry). */
export type QuotaType = 'wa_marketing' | 'wa_authentication' | 'wa_utility' | 'call' | 'sms' | 'sms_otp' | 'email';

/**
 * What one accepted message costs from which prepaid quota (ARCHITECTURE.md §6, console.md §3):
 * WhatsApp template -> `wa_<category>` (lower-cased template category), WhatsApp text -> `wa_marketing`,
 * SMS -> `sms` per segment, SMS OTP -> `sms_otp` 1, Email -> `email` 1, Call and Voice OTP -> `call`
 * 60 seconds. `totalSms` is the segment count (SMS only); `templateCategory` e.g. 'UTILITY'.
 */
export function quotaCost(channel: ChannelId, opts: { totalSms?: number; templateCategory?: string } = {}): { type: QuotaType; cost: number } {
  switch (channel) {
    case 'whatsapp': {
      const cat = opts.templateCategory?.toLowerCase();
      const type = cat === 'authentication' || cat === 'utility' || cat === 'marketing' ? (`wa_${cat}` as QuotaType) : 'wa_marketing';
      return { type, cost: 1 };
    }
    case 'sms':
      return { type: 'sms', cost: Math.max(1, opts.totalSms ?? 1) };
    case 'sms_otp':
      return { type: 'sms_otp', cost: 1 };
    case 'email':
      return { type: 'email', cost: 1 };
    case 'call':
    case 'voice_otp':
      return { type: 'call', cost: CALL_QUOTA_SECONDS };
  }
}
