/**
 * The quota warning e-mail (console.md §4 Quota warning; issue 10; ARCHITECTURE.md §10) in
 * English and Indonesian: subject, plain text and HTML (`<html lang>` = the e-mail's language).
 * The texts live in QUOTA_WARNING_MAIL_TEXT; numbers are formatted for the language.
 */
import { QUOTA_TYPE_INFO, type QuotaType } from '@pesan/contracts/quota';
import { escapeHtml, htmlDocument, type MailLanguage } from '../../lib/mail-html.ts';
import type { MailMessage } from '../../lib/mailer.ts';

/** What the warning's sentence says: quota type label and unit, application, remaining and threshold (formatted). */
interface WarningFacts {
  label: string;
  unit: string;
  appName: string;
  appId: string;
  remaining: string;
  threshold: string;
}

const EN = {
  /** Intl locale of the numbers. */
  numberLocale: 'en-US',
  /** Label and unit of each quota type. */
  types: QUOTA_TYPE_INFO as Record<QuotaType, { label: string; unit: string }>,
  subject: (label: string, appName: string) => `Quota warning: ${label} quota of ${appName} is low`,
  line: (f: WarningFacts) =>
    `The remaining ${f.label} quota of your application ${f.appName} (App ID ${f.appId}) is ${f.remaining} ${f.unit}, at or below your threshold of ${f.threshold} ${f.unit}.`,
  topUp: 'Top up the quota to keep sending.',
  details: 'Details:',
  openApplication: 'Open the application',
  why: "You receive this e-mail because you are a recipient of the application's quota warnings (Notification Settings).",
};

/** The texts of the quota warning e-mail; every language has exactly the English keys. */
export type QuotaWarningMailText = { readonly [K in keyof typeof EN]: (typeof EN)[K] };

const ID: QuotaWarningMailText = {
  numberLocale: 'id-ID',
  types: {
    wa_marketing: { label: 'WhatsApp Marketing', unit: 'sesi' },
    wa_utility: { label: 'WhatsApp Utility', unit: 'sesi' },
    wa_authentication: { label: 'WhatsApp Authentication', unit: 'sesi' },
    sms: { label: 'SMS', unit: 'pesan' },
    sms_otp: { label: 'SMS OTP', unit: 'pesan' },
    email: { label: 'Email', unit: 'pesan' },
    call: { label: 'Panggilan', unit: 'detik' },
  },
  subject: (label: string, appName: string) => `Peringatan kuota: kuota ${label} aplikasi ${appName} hampir habis`,
  line: (f: WarningFacts) =>
    `Sisa kuota ${f.label} untuk aplikasi Anda, ${f.appName} (App ID ${f.appId}), tinggal ${f.remaining} ${f.unit}, sudah mencapai atau di bawah batas peringatan yang Anda tetapkan, yaitu ${f.threshold} ${f.unit}.`,
  topUp: 'Segera isi ulang kuota agar pengiriman pesan tidak terhenti.',
  details: 'Detail:',
  openApplication: 'Buka aplikasi',
  why: 'Anda menerima email ini karena terdaftar sebagai penerima peringatan kuota aplikasi ini (Pengaturan Notifikasi).',
};

/** The quota warning e-mail's texts per language. */
export const QUOTA_WARNING_MAIL_TEXT: Readonly<Record<MailLanguage, QuotaWarningMailText>> = { en: EN, id: ID };

/**
 * The warning in `lang` that `app`'s remaining quota of `w.type` (`w.remaining`, stored units) is
 * at or below `w.threshold`, to `recipients` (one message, addresses joined with ', '), with a
 * link to `${publicUrl}/my-application/detail/{id}`.
 */
export function quotaWarningMail(
  publicUrl: string,
  app: { id: string; name: string },
  w: { type: QuotaType; remaining: number; threshold: number },
  recipients: string[],
  lang: MailLanguage,
): MailMessage {
  const t = QUOTA_WARNING_MAIL_TEXT[lang];
  const { label, unit } = t.types[w.type];
  const link = `${publicUrl.replace(/\/$/, '')}/my-application/detail/${app.id}`;
  const fmt = (n: number) => n.toLocaleString(t.numberLocale);
  const subject = t.subject(label, app.name);
  const line = t.line({ label, unit, appName: app.name, appId: app.id, remaining: fmt(w.remaining), threshold: fmt(w.threshold) });
  const text = `${line}\n\n${t.topUp} ${t.details} ${link}\n\n${t.why}\n`;
  const body = `<p>${escapeHtml(line)}</p><p>${escapeHtml(t.topUp)} <a href="${escapeHtml(link)}">${escapeHtml(t.openApplication)}</a>.</p><p style="font-size:12px;color:#666">${escapeHtml(t.why)}</p>`;
  return { to: recipients.join(', '), subject, text, html: htmlDocument(lang, subject, body), link };
}
