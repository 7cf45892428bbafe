/**
 * System e-mail (ARCHITECTURE.md §4): SMTP through nodemailer when SMTP_URL is set, otherwise
 * `.eml` files in DATA_DIR/mail with the link logged. TODO(owner: S1): implement.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link in the message, logged when writing to the file outbox. */
  link?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createMailer(_opts: { smtpUrl?: string; from: string; dataDir: string; log?: (line: string) => void }): Mailer {
  return { async send() {} };
}
