/**
 * Test texts in either interface language (issue 15), so one browser walk runs in English and in
 * Indonesian: `texts('id')('Create Application')` finds the English text in the English
 * catalogues (or among the contract messages) and answers its Indonesian twin. A text found
 * nowhere throws: the walk must name what the page really shows.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { translateMessage } from '@pesan/contracts/message-translate';
import type { UiLanguage } from '@pesan/contracts/ui-language';

const LOCALES = new URL('../../src/locales/', import.meta.url).pathname;

type Tree = { [k: string]: string | Tree };

function flatten(tree: Tree, prefix: string, out: Map<string, string>): void {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix.endsWith(':') ? `${prefix}${k}` : `${prefix}.${k}`;
    if (typeof v === 'string') out.set(key, v);
    else flatten(v, key, out);
  }
}

function load(lng: UiLanguage): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of readdirSync(join(LOCALES, lng)).filter((n) => n.endsWith('.json'))) {
    flatten(JSON.parse(readFileSync(join(LOCALES, lng, f), 'utf8')) as Tree, f.replace(/\.json$/, ':'), out);
  }
  return out;
}

/**
 * A function from an English text to the text `lang` shows in its place. `ns` narrows the search
 * to one namespace when the same English differs by place (e.g. `texts('id')('Status', 'reports')`).
 * Keys with `{{variables}}` are not matched; pass the finished English sentence of a contract
 * message instead, or use `byKey`.
 */
export function texts(lang: UiLanguage): ((english: string, ns?: string) => string) & { byKey: (key: string, vars?: Record<string, string | number>) => string } {
  const en = load('en');
  const target = lang === 'en' ? en : load(lang);
  const find = (english: string, ns?: string): string => {
    if (lang === 'en') return english;
    for (const [key, text] of en) {
      if (text === english && (!ns || key.startsWith(`${ns}:`)) && target.has(key)) return target.get(key)!;
    }
    // A link or bold part of a sentence (`<anchor>Sign up</anchor>`): the same tag's part in `lang`.
    for (const [key, text] of en) {
      if (ns && !key.startsWith(`${ns}:`)) continue;
      for (const m of text.matchAll(/<(\w+)>([^<]*)<\/\1>/g)) {
        if (m[2] !== english) continue;
        const part = target.get(key)?.match(new RegExp(`<${m[1]}>([^<]*)</${m[1]}>`));
        if (part) return part[1]!;
      }
    }
    const message = translateMessage(english, lang);
    if (message !== english) return message;
    throw new Error(`No ${lang} text for '${english}'${ns ? ` in ${ns}` : ''}`);
  };
  const byKey = (key: string, vars: Record<string, string | number> = {}) => {
    const text = target.get(key) ?? target.get(`${key}_other`);
    if (!text) throw new Error(`No ${lang} text for key ${key}`);
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, v: string) => String(vars[v] ?? ''));
  };
  return Object.assign(find, { byKey });
}
