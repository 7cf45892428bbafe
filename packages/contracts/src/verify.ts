/**
 * Verify: one-time codes as a service (ARCHITECTURE.md §6.4). Bodies and the verification object
 * of `/v1/verify`, its limits, its error texts (Indonesian twin VERIFY_MESSAGES_ID in
 * messages-id.ts) and the localised texts that carry a code.
 */
import { z } from './zod.ts';
import { ZOD_MESSAGES } from './zod-messages.ts';

/** The channels a code travels on. */
export const VERIFY_CHANNELS = ['sms', 'whatsapp', 'call', 'email'] as const;
export type VerifyChannel = (typeof VERIFY_CHANNELS)[number];
/** The access-token channel that carries each Verify channel (§6.4): SMS goes over SMS OTP. */
export const VERIFY_TOKEN_CHANNEL = { sms: 'sms_otp', whatsapp: 'whatsapp', call: 'call', email: 'email' } as const satisfies Record<VerifyChannel, string>;

export const VERIFICATION_STATUSES = ['pending', 'approved', 'expired', 'failed', 'canceled'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];
export const VERIFY_LOCALES = ['en', 'id'] as const;
export type VerifyLocale = (typeof VERIFY_LOCALES)[number];

/** The limits of §6.4. */
export const VERIFY_LIMITS = {
  codeLengthMin: 4,
  codeLengthMax: 10,
  codeLengthDefault: 6,
  /** Seconds. */
  expiresInMin: 60,
  expiresInMax: 3600,
  expiresInDefault: 600,
  /** Checks per verification; the last wrong one makes it `failed`. */
  maxChecks: 5,
  /** Sends per verification (the first included). */
  maxSends: 5,
  /** Seconds between two sends of one verification. */
  resendAfterSeconds: 30,
  /** Verifications per recipient and application per hour. */
  perRecipientPerHour: 5,
  /** Verifications per application per minute unless the operator set another. */
  perMinuteDefault: 60,
} as const;

/** Error texts of Verify (ARCHITECTURE.md §6.4). */
export const VERIFY_MESSAGES = {
  notFound: 'Verification not found',
  closed: 'This verification is closed (approved, expired, failed or canceled): start a new one',
  countryNotAllowed: 'This application does not send verification codes to this country',
  tooManyForRecipient: 'Too many verifications for this recipient: at most 5 an hour',
  tooManyForApplication: 'Too many verifications started by this application: slow down and retry later',
  tooManySends: 'This verification was sent 5 times already: start a new one',
  resendTooSoon: 'Wait 30 seconds between two sends of a verification',
  wrongTokenChannel: 'This access token cannot send on this channel: use the SMS OTP token for `sms`, the WhatsApp token for `whatsapp`, the Call token for `call` and the Email token for `email`',
  templateRequired: '`template` is required for `whatsapp`: the name of an APPROVED AUTHENTICATION template of the application',
  templateNotAuthentication: 'The WhatsApp template does not exist, is not approved or is not an AUTHENTICATION template',
  emailExpected: '`to` must be an e-mail address for `email`',
  codeRequired: '`code` must be 4 to 10 digits',
  channelInvalid: 'Choose `channel`: sms, whatsapp, call or email',
} as const;

const channel = z.enum(VERIFY_CHANNELS, { error: VERIFY_MESSAGES.channelInvalid });

/** `POST /v1/verify` body. */
export const verifyStartBodySchema = z.strictObject({
  to: z.string({ error: ZOD_MESSAGES.required('`to`') }).trim().min(1, ZOD_MESSAGES.required('`to`')).max(254).describe('The phone number (E.164, or national with a leading 0: Indonesian) for sms, whatsapp and call; the e-mail address for email'),
  channel: channel.describe('The channel of the code: `sms` (SMS OTP token), `whatsapp` (WhatsApp token), `call` (Call token) or `email` (Email token)'),
  code_length: z.int().min(VERIFY_LIMITS.codeLengthMin).max(VERIFY_LIMITS.codeLengthMax).optional().describe('Digits of the code, 4 to 10 (default 6)'),
  expires_in: z.int().min(VERIFY_LIMITS.expiresInMin).max(VERIFY_LIMITS.expiresInMax).optional().describe('Seconds the verification lasts, 60 to 3600 (default 600)'),
  locale: z.enum(VERIFY_LOCALES).optional().describe('The language of the message: `en` (default) or `id`'),
  template: z.string().trim().min(1).max(512).optional().describe('`whatsapp` only: the name of an APPROVED AUTHENTICATION template of the application'),
});
export type VerifyStartBody = z.infer<typeof verifyStartBodySchema>;

/** `POST /v1/verify/{id}/check` body. */
export const verifyCheckBodySchema = z.strictObject({
  code: z.string({ error: VERIFY_MESSAGES.codeRequired }).trim().regex(/^[0-9]{4,10}$/, VERIFY_MESSAGES.codeRequired).describe('The code the user entered'),
});
export type VerifyCheckBody = z.infer<typeof verifyCheckBodySchema>;

/** `POST /v1/verify/{id}/resend` body (may be empty). */
export const verifyResendBodySchema = z
  .strictObject({
    channel: channel.optional().describe("Another channel for this send (send with that channel's token); default the verification's channel"),
    template: z.string().trim().min(1).max(512).optional().describe('`whatsapp` only: the AUTHENTICATION template, when the verification was started on another channel'),
  })
  .optional();
export type VerifyResendBody = z.infer<typeof verifyResendBodySchema>;

/** The verification object (§6.4). */
export const verificationSchema = z.object({
  id: z.string().describe('The verification id'),
  to: z.string().describe('The recipient: E.164 phone number or e-mail address'),
  channel: z.enum(VERIFY_CHANNELS).describe('The channel it was started on'),
  status: z.enum(VERIFICATION_STATUSES).describe('`pending` until approved, expired, failed (5 wrong codes) or canceled'),
  created_at: z.string(),
  expires_at: z.string(),
  attempts_left: z.int().describe('Checks left (5 at first)'),
  sends: z.array(z.object({ channel: z.enum(VERIFY_CHANNELS), message_id: z.string(), at: z.string() })).describe('The messages that carried a code, oldest first'),
  valid: z.boolean().optional().describe('Check only: whether the code was right'),
});
export type Verification = z.infer<typeof verificationSchema>;

/** `verification.status` webhook event data. */
export interface VerificationStatusEvent {
  verification_id: string;
  to: string;
  channel: VerifyChannel;
  status: Exclude<VerificationStatus, 'pending'>;
  at: string;
}

/** The code spoken digit by digit, with pauses (commas and full stops read as pauses by text to speech). */
export function spokenCode(code: string): string {
  return code.split('').join(', ');
}

/**
 * The localised texts that carry a code (§6.4): the SMS text, the call's spoken text (each digit
 * apart, said twice) and the e-mail subject and text. `app` is the application's name, `minutes`
 * the lifetime rounded up.
 */
export const VERIFY_TEXTS: Record<VerifyLocale, {
  sms: (app: string, code: string, minutes: number) => string;
  call: (app: string, code: string) => string;
  emailSubject: (app: string) => string;
  emailText: (app: string, code: string, minutes: number) => string;
}> = {
  en: {
    sms: (app, code, minutes) => `Your ${app} verification code is ${code}. It expires in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    call: (app, code) => `Your ${app} verification code is: ${spokenCode(code)}. Again: ${spokenCode(code)}.`,
    emailSubject: (app) => `Your ${app} verification code`,
    emailText: (app, code, minutes) => `Your ${app} verification code is ${code}.\n\nIt expires in ${minutes} minute${minutes === 1 ? '' : 's'}. If you did not ask for it, ignore this e-mail.`,
  },
  id: {
    sms: (app, code, minutes) => `Kode verifikasi ${app} Anda adalah ${code}. Berlaku ${minutes} menit.`,
    call: (app, code) => `Kode verifikasi ${app} Anda adalah: ${spokenCode(code)}. Sekali lagi: ${spokenCode(code)}.`,
    emailSubject: (app) => `Kode verifikasi ${app} Anda`,
    emailText: (app, code, minutes) => `Kode verifikasi ${app} Anda adalah ${code}.\n\nBerlaku ${minutes} menit. Jika Anda tidak memintanya, abaikan e-mail ini.`,
  },
};
