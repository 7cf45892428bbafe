/**
 * The smtp driver for customer e-mail (ARCHITECTURE.md §6.1; EMAIL_DRIVER=smtp, EMAIL_SMTP_URL):
 * nodemailer hands the message to the relay with the customer's from name, reply-to, HTML (with
 * open pixel and click redirects) and text parts, a Message-ID derived from the message id (a
 * resend after a crash carries the same id, so receivers can drop the duplicate) and RFC 8058
 * one-click List-Unsubscribe. Relay accepted -> `delivered`; a permanent refusal (5xx) fails the
 * message with the SMTP reply as reason; a temporary one (4xx) or a connection problem is retried.
 */
import nodemailer from 'nodemailer';
import type { ChannelDriver } from './driver.ts';
import { DriverError } from './driver.ts';
import { trackingToken, withTracking } from '../email-tracking.ts';

export interface SmtpDriverOptions {
  /** `smtp://user:pass@host:587` or `smtps://…` of the relay. */
  smtpUrl: string;
  /** Sender address (MAIL_FROM); the customer's `from_name` becomes its display name. */
  from: string;
  /** PUBLIC_URL: base of the tracking links. */
  publicUrl: string;
  /** Signing key of tracking tokens (email-tracking.ts trackingKey). */
  trackingKey: Buffer;
}

/** The address part of `Name <addr>` or a bare address. */
function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

/**
 * Sorts a nodemailer failure: SMTP 4xx replies and network errors are retryable, 5xx permanent.
 * `reason` is the server's reply (or the error message), `code` the reply code or error code.
 */
export function classifySmtpError(err: unknown): DriverError {
  const e = err as { responseCode?: number; response?: string; code?: string; message?: string };
  const reply = (e.response ?? e.message ?? 'SMTP error').slice(0, 500);
  if (typeof e.responseCode === 'number') return new DriverError(e.responseCode < 500, String(e.responseCode), reply);
  return new DriverError(true, e.code ?? 'ESMTP', reply);
}

/** The smtp driver (see the file comment). One pooled transport per driver. */
export function createSmtpDriver(opts: SmtpDriverOptions): ChannelDriver & { close(): void } {
  // Bounded: a send finishes or fails within 50 s, inside the dispatch lease (dispatch.ts).
  const transport = nodemailer.createTransport({ url: opts.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as Parameters<typeof nodemailer.createTransport>[0]);
  const base = opts.publicUrl.replace(/\/$/, '');
  const domain = new URL(base).hostname;
  return {
    name: 'smtp',
    channels: ['email'],
    async send(message) {
      const b = message.body as { subject: string; html?: string; text?: string; from_name?: string; reply_to?: string };
      const token = trackingToken(opts.trackingKey, message.id);
      const unsubscribe = `${base}/t/u/${token}`;
      const messageId = `<${message.id}@${domain}>`;
      try {
        const info = await transport.sendMail({
          from: b.from_name ? { name: b.from_name, address: addressOf(opts.from) } : opts.from,
          to: message.recipient,
          replyTo: b.reply_to,
          subject: b.subject,
          text: b.text,
          html: b.html ? withTracking(b.html, base, token) : undefined,
          messageId,
          headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        });
        if (info.rejected.length) throw new DriverError(false, '550', String(info.response ?? 'Recipient refused').slice(0, 500));
        return { providerMessageId: messageId, status: 'delivered', providerCode: String(info.response ?? '').slice(0, 3) || null };
      } catch (err) {
        if (err instanceof DriverError) throw err;
        throw classifySmtpError(err);
      }
    },
    close() {
      transport.close();
    },
  };
}
