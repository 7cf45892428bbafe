/**
 * The e-mail telling an organization's users that their status webhook endpoint was disabled
 * (ARCHITECTURE.md §6.2, §10; issue 9), in English and Indonesian: subject, plain text and HTML
 * (`<html lang>` = the e-mail's language). The texts live in WEBHOOK_MAIL_TEXT.
 */
import { escapeHtml, htmlDocument, type MailLanguage } from '../../lib/mail-html.ts';
import type { MailMessage } from '../../lib/mailer.ts';

/** Why an endpoint was disabled: it answered 410 Gone, or every delivery failed for 3 days. */
export type DisabledReason = 'gone' | 'failing';

const EN = {
  subject: 'Pesan: your webhook endpoint was disabled',
  /** `url` is the endpoint (plain in the text part, bold in the HTML part). */
  stopped: (url: string) => `Pesan stopped sending status webhooks to ${url}.`,
  reason: (reason: string) => `Reason: ${reason}.`,
  reasons: { gone: 'The endpoint answered 410 Gone', failing: 'Every delivery failed for 3 days' } as Record<DisabledReason, string>,
  /** Text part: followed by the link on its own line. */
  fixText: 'Fix the endpoint, then enable it again on the application page:',
  /** HTML part: `page` is the link labelled `applicationPage`. */
  fixHtml: (page: string) => `Fix the endpoint, then enable it again on the ${page}.`,
  applicationPage: 'application page',
};

/** The texts of the webhook-disabled e-mail; every language has exactly the English keys. */
export type WebhookMailText = { readonly [K in keyof typeof EN]: (typeof EN)[K] };

const ID: WebhookMailText = {
  subject: 'Pesan: endpoint webhook Anda dinonaktifkan',
  stopped: (url: string) => `Pesan telah berhenti mengirimkan webhook status ke ${url}.`,
  reason: (reason: string) => `Alasan: ${reason}.`,
  reasons: { gone: 'Endpoint membalas dengan status 410 Gone', failing: 'Semua pengiriman gagal selama 3 hari berturut-turut' },
  fixText: 'Silakan perbaiki endpoint tersebut, lalu aktifkan kembali di halaman aplikasi:',
  fixHtml: (page: string) => `Silakan perbaiki endpoint tersebut, lalu aktifkan kembali di ${page}.`,
  applicationPage: 'halaman aplikasi',
};

/** The webhook-disabled e-mail's texts per language. */
export const WEBHOOK_MAIL_TEXT: Readonly<Record<MailLanguage, WebhookMailText>> = { en: EN, id: ID };

/** Stands in for an HTML fragment while the text around it is escaped. */
const SLOT = '\u0000';
/** `sentence(SLOT)` escaped for HTML, with `fragment` (already HTML) where the slot was. */
const withFragment = (sentence: (slot: string) => string, fragment: string) => escapeHtml(sentence(SLOT)).replace(SLOT, fragment);

/**
 * The e-mail in `lang` to `to` that Pesan stopped sending webhooks to `url` for `reason`, with
 * `link` to the application page where the endpoint can be enabled again.
 */
export function webhookDisabledMail(to: string, m: { url: string; reason: DisabledReason; link: string }, lang: MailLanguage): MailMessage {
  const t = WEBHOOK_MAIL_TEXT[lang];
  const reason = t.reasons[m.reason];
  const text = `${t.stopped(m.url)}\n\n${t.reason(reason)}\n\n${t.fixText}\n${m.link}\n`;
  const body =
    `<p>${withFragment(t.stopped, `<b>${escapeHtml(m.url)}</b>`)}</p>` +
    `<p>${escapeHtml(t.reason(reason))}</p>` +
    `<p>${withFragment(t.fixHtml, `<a href="${escapeHtml(m.link)}">${escapeHtml(t.applicationPage)}</a>`)}</p>`;
  return { to, subject: t.subject, text, html: htmlDocument(lang, t.subject, body) };
}
