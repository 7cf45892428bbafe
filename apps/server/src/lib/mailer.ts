/**
 * System e-mail (ARCHITECTURE.md §4): SMTP through nodemailer when SMTP_URL is set, otherwise
 * `.eml` files in DATA_DIR/mail with the action link logged outside production (`logLinks`), so a
 * machine without SMTP can still verify accounts and reset passwords. Every message has a plain-text and an HTML part.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link in the message, logged when writing to the file outbox. */
  link?: string;
}

export interface Mailer {
  /**
   * Sends one message. Rejects when the SMTP server refuses it or the outbox cannot be written;
   * callers that must not fail on mail (register, forgot password) catch and log.
   */
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  /** `smtp://user:pass@host:587` or `smtps://…`; unset = file outbox. */
  smtpUrl?: string;
  /** Sender, e.g. `Pesan <no-reply@localhost>`. */
  from: string;
  /** DATA_DIR; the outbox is `<dataDir>/mail`. */
  dataDir: string;
  /** Receives one line per message written to the outbox. */
  log?: (line: string) => void;
  /**
   * Whether that line carries the message's action link (verification, reset): only for the file
   * outbox outside production (issue 6), so a developer without SMTP can still follow the links.
   */
  logLinks?: boolean;
}

/** File name of an outbox message: `<ISO time with ':' as '-'>-<random hex>.eml` (sorts by time). */
function outboxFileName(now: Date): string {
  return `${now.toISOString().replace(/:/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
}

/**
 * Creates the mailer: an SMTP transport on `smtpUrl`, or the `.eml` file outbox in
 * `<dataDir>/mail` (each file a complete RFC 5322 message, logged as `[mail] to … : subject -> link`).
 */
export function createMailer(opts: MailerOptions): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
      },
    };
  }
  const outbox = join(opts.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(m) {
      const info = await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
      await mkdir(outbox, { recursive: true });
      const file = join(outbox, outboxFileName(new Date()));
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      opts.log?.(`[mail] to ${m.to}: ${m.subject}${m.link && opts.logLinks ? ` -> ${m.link}` : ''} (${file})`);
    },
  };
}
