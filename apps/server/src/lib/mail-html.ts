/**
 * Shared pieces of the system e-mails (ARCHITECTURE.md §4, §10): the language an e-mail goes out
 * in, HTML escaping, and the HTML document that carries that language (`<html lang>`).
 */
import { isUiLanguage, type UiLanguage } from '@pesan/contracts/ui-language';

/** The language of a system e-mail: 'en' or 'id'. */
export type MailLanguage = UiLanguage;

/**
 * The language of an e-mail to a user: their saved choice (users.language) when it is 'en' or
 * 'id', else `fallback` — the request's language for e-mails a request triggers, English for jobs.
 */
export function mailLanguage(saved: string | null | undefined, fallback: MailLanguage = 'en'): MailLanguage {
  return isUiLanguage(saved) ? saved : fallback;
}

/** `s` with `& < > " '` escaped for HTML text and attribute values. */
export const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * A complete HTML document in `lang` with `title` (escaped) and `bodyHtml` (already HTML), the
 * body styled with `bodyStyle` when given.
 */
export function htmlDocument(lang: MailLanguage, title: string, bodyHtml: string, bodyStyle?: string): string {
  const style = bodyStyle ? ` style="${bodyStyle}"` : '';
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body${style}>${bodyHtml}</body></html>`;
}
