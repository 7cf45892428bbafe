/**
 * Public messaging API `/v1` bodies and answers (ARCHITECTURE.md §6).
 */
import { z } from 'zod';
import type { ChannelId } from './channels.ts';
import type { MessageStatus } from './statuses.ts';

const to = z.string({ error: '`to` is required' }).trim().min(1, '`to` is required').max(40);

export const smsBodySchema = z.strictObject({
  to,
  text: z.string({ error: '`text` is required' }).min(1, '`text` is required').max(1600, '`text` must be at most 1600 characters'),
  sender_id: z.string().trim().min(1).max(11, '`sender_id` must be at most 11 characters').optional(),
});
export const smsOtpBodySchema = z.strictObject({
  to,
  text: z.string({ error: '`text` is required' }).min(1, '`text` is required').max(480, '`text` must be at most 480 characters'),
});
export const whatsappBodySchema = z.union(
  [
    z.strictObject({
      to,
      template: z.strictObject({
        name: z.string().trim().min(1, '`template.name` is required').max(512),
        language: z.string().trim().min(2, '`template.language` is required').max(10),
        parameters: z.array(z.string().max(1024)).max(30).optional(),
      }),
    }),
    z.strictObject({ to, text: z.string().min(1, '`text` is required').max(4096, '`text` must be at most 4096 characters') }),
  ],
  { error: 'Send either `template` or `text` with `to`' },
);
export const callBodySchema = z.strictObject({
  to,
  text: z.string({ error: '`text` is required' }).min(1, '`text` is required').max(1000, '`text` must be at most 1000 characters'),
});
export const voiceOtpBodySchema = z.strictObject({
  to,
  code_length: z.number().int().min(4, '`code_length` must be 4 to 6').max(6, '`code_length` must be 4 to 6').default(4),
});
export const emailBodySchema = z
  .strictObject({
    to: z.string({ error: '`to` is required' }).trim().max(254).pipe(z.email({ error: '`to` must be an e-mail address' })),
    subject: z.string({ error: '`subject` is required' }).trim().min(1, '`subject` is required').max(255),
    html: z.string().max(512_000).optional(),
    text: z.string().max(512_000).optional(),
    from_name: z.string().trim().max(100).optional(),
    reply_to: z.email({ error: '`reply_to` must be an e-mail address' }).optional(),
  })
  .refine((b) => b.html || b.text, { message: 'Send `html` or `text`', path: ['text'] });

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
