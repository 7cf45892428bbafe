/**
 * The Indonesian-page scan of issue 15: reads what a page shows (visible text, and the
 * aria-label, placeholder, title and alt a screen reader or a hover shows) and flags English words
 * on it (outside content declared English with `lang="en"`, such as the docs' pages). A word counts as English when it is in the English catalogues or the core list below and
 * in no Indonesian catalogue, and is not a product term of the allow-list. Content marked
 * `translate="no"` (user data: names, message bodies, code) is skipped, as a browser's translator
 * skips it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

const LOCALES = new URL('../../src/locales/', import.meta.url).pathname;

/** Product terms and names kept in English on Indonesian pages (ARCHITECTURE.md §10). */
export const ALLOWED_ENGLISH = new Set(
  [
    // product, channel and protocol names
    'pesan', 'whatsapp', 'sms', 'otp', 'email', 'e-mail', 'call', 'voice', 'misscall', 'reguler', 'api', 'url', 'id', 'csv', 'xlsx',
    'excel', 'json', 'curl', 'nodejs', 'php', 'http', 'https', 'webhook', 'webhooks', 'token', 'template', 'templates', 'dashboard',
    'meta', 'waba', 'get', 'post', 'put', 'delete', 'hmac', 'sha', 'utc', 'wib', 'am', 'pm', 'v1', 'v2', 'e164',
    // WhatsApp template terms (Meta's category and component names)
    'marketing', 'utility', 'authentication', 'header', 'body', 'footer', 'button', 'buttons',
    // the languages, each named in its own language
    'english', 'bahasa', 'indonesia',
  ].map((w) => w.toLowerCase()),
);

/** Common English words that a hard-coded string would almost certainly contain. */
const CORE_ENGLISH = `the and or of to in on for with your you this that from by is are be was were will can not no yes all any
each new edit create delete save cancel close back next previous search filter select show hide loading please
sign login logout register password forgot reset change profile organization application applications channel channels
status date time today yesterday last days week month year page of items rows total sent delivered read failed pending
success error warning message messages report reports generate download copy copied settings notification notifications
name description submit confirm continue learn more about help documentation overview my here there empty have has been
there isn't don't doesn't oops sorry try again`.split(/\s+/);

function walkStrings(v: unknown, out: string[]): void {
  if (typeof v === 'string') out.push(v);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) walkStrings(x, out);
}

function wordsOf(text: string): string[] {
  return (
    text
      // Interpolations, tags, URLs, e-mail addresses and identifiers (snake_case, dotted, with digits) are not words.
      .replace(/\{\{[^}]*\}\}|<[^>]*>|\S+:\/\/\S+|\S+@\S+|\S*[_\d./]\S*[a-z]\S*|\S*[a-z]\S*[_\d/]\S*/gi, ' ')
      .toLowerCase()
      .match(/[a-z][a-z'’-]*[a-z]|[a-z]/g) ?? []
  ).filter((w) => w.length > 1);
}

function catalogueWords(lng: 'en' | 'id'): Set<string> {
  const texts: string[] = [];
  for (const f of readdirSync(join(LOCALES, lng)).filter((f) => f.endsWith('.json'))) walkStrings(JSON.parse(readFileSync(join(LOCALES, lng, f), 'utf8')), texts);
  return new Set(texts.flatMap(wordsOf));
}

/** Words that mark a text as English: in the English catalogues or the core list, in no Indonesian text, not allowed. */
export function englishOnlyWords(): Set<string> {
  const id = catalogueWords('id');
  const en = new Set([...catalogueWords('en'), ...CORE_ENGLISH]);
  return new Set([...en].filter((w) => !id.has(w) && !ALLOWED_ENGLISH.has(w)));
}

/** What the page shows a reader: visible text outside translate="no", and accessible names and hints. */
export async function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    // Skipped: user data (translate="no", what a field holds), content declared English (lang="en": the docs' pages), code.
    const skip = (el: Element | null) => !!el?.closest('[translate="no"], [lang="en"], textarea, script, style, noscript, code, pre');
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none';
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      const t = n.textContent?.trim();
      if (!t || !el || skip(el) || !visible(el)) continue;
      out.push(t);
    }
    for (const el of document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      if (skip(el)) continue;
      for (const a of ['aria-label', 'placeholder', 'title', 'alt']) {
        const v = el.getAttribute(a)?.trim();
        if (v) out.push(v);
      }
    }
    return out;
  });
}

/**
 * The texts on `page` holding an English-only word, with those words: `[{text, words}]` (empty =
 * pass). `data` are texts the user or the demo data wrote (application and template names): they
 * are removed from what the page shows before the words are read.
 */
export async function englishOnPage(page: Page, english: Set<string>, data: readonly string[] = []): Promise<{ text: string; words: string[] }[]> {
  const found = new Map<string, string[]>();
  const byLength = [...data].filter(Boolean).sort((a, b) => b.length - a.length);
  for (const shown of await shownTexts(page)) {
    const text = byLength.reduce((t, d) => t.split(d).join(' '), shown);
    const words = wordsOf(text).filter((w) => english.has(w));
    if (words.length) found.set(shown.slice(0, 120), words);
  }
  return [...found].map(([text, words]) => ({ text, words }));
}

/**
 * Elements whose text is cut or spills out (issue 15: no clipped or overflowing text): a text
 * element (button, badge, label, tab, heading, cell, menu item, nav link) whose content is wider or
 * taller than its box while its overflow hides or its text ellipsises. Returns their texts.
 */
export async function clippedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const sel = 'button, a, label, th, td, h1, h2, h3, h4, [role="tab"], [role="menuitem"], .mantine-Badge-label, .mantine-Button-label, .mantine-NavLink-label, .mantine-InputWrapper-label';
    for (const el of document.querySelectorAll<HTMLElement>(sel)) {
      if (el.closest('[translate="no"]')) continue;
      const s = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height || !el.textContent?.trim()) continue;
      const clipsX = el.scrollWidth > el.clientWidth + 1 && (s.overflowX === 'hidden' || s.textOverflow === 'ellipsis' || s.overflowX === 'clip');
      const clipsY = el.scrollHeight > el.clientHeight + 2 && (s.overflowY === 'hidden' || s.overflowY === 'clip') && s.webkitLineClamp === 'none';
      if (clipsX || clipsY) out.push(el.textContent.trim().slice(0, 80));
    }
    return out;
  });
}
