/**
 * Translates a user-visible message between English and Indonesian (ARCHITECTURE.md §10), by its
 * text: a gettext-style catalogue keyed by the English source, with each Indonesian text pointing
 * at the same entry. Function messages ('`to` is required', 'Application X not found') are
 * recognised by a pattern made once from the function itself (called with placeholders, turned
 * into a RegExp with capture groups); the captured arguments go to the other language's function.
 * Text the catalogue does not know comes back unchanged. The lookup is built on the first call.
 * No server-only imports: the web app loads this module when the user picks Indonesian.
 */
import { AUTH_MESSAGES, PASSWORD_RULE_LABELS } from './auth-messages.ts';
import { APPLICATION_MESSAGES, TOKEN_MESSAGES } from './application-messages.ts';
import { TEMPLATE_MEDIA_MESSAGES, TEMPLATE_MEDIA_TYPES, UPLOAD_MESSAGES } from './upload.ts';
import { V1_MESSAGES } from './messaging.ts';
import { WA_MEDIA_TYPES, WA_SEND_MESSAGES, WA_TEMPLATE_SEND_MESSAGES } from './wa-send.ts';
import { QUOTA_MESSAGES } from './quota.ts';
import { DASHBOARD_MESSAGES } from './dashboard.ts';
import { WA_TEMPLATE_MESSAGES } from './wa-template-messages.ts';
import { CONSOLE_MESSAGES } from './console-messages.ts';
import { REPORT_MESSAGES } from './reports.ts';
import { DOCS_MESSAGES } from './docs.ts';
import { RECORDS_MESSAGES } from './records-messages.ts';
import { WA_TEMPLATE_API_MESSAGES } from './wa-template-api.ts';
import { WEBHOOK_MESSAGES } from './webhooks.ts';
import { ORGANIZATION_MESSAGES } from './organization-messages.ts';
import { TEAMS_MESSAGES } from './teams-messages.ts';
import { FIELD_LABELS, RESOURCE_NAMES, SERVER_MESSAGES, VALIDATION_MESSAGES } from './server-messages.ts';
import { ZOD_MESSAGES } from './zod-messages.ts';
import { VERIFY_MESSAGES } from './verify.ts';
import {
  APPLICATION_MESSAGES_ID,
  AUTH_MESSAGES_ID,
  BUTTON_KIND_LABELS_ID,
  CONSOLE_MESSAGES_ID,
  DASHBOARD_MESSAGES_ID,
  DOCS_MESSAGES_ID,
  durationId,
  FIELD_LABELS_ID,
  MEDIA_KINDS_ID,
  ORGANIZATION_MESSAGES_ID,
  TEAMS_MESSAGES_ID,
  VERIFY_MESSAGES_ID,
  PASSWORD_RULE_LABELS_ID,
  QUOTA_MESSAGES_ID,
  RECORDS_MESSAGES_ID,
  REPORT_MESSAGES_ID,
  RESOURCE_NAMES_ID,
  SERVER_MESSAGES_ID,
  TEMPLATE_MEDIA_MESSAGES_ID,
  TOKEN_MESSAGES_ID,
  UPLOAD_MESSAGES_ID,
  V1_MESSAGES_ID,
  WA_SEND_MESSAGES_ID,
  WA_TEMPLATE_SEND_MESSAGES_ID,
  VALIDATION_MESSAGES_ID,
  WA_TEMPLATE_API_MESSAGES_ID,
  WA_TEMPLATE_MESSAGES_ID,
  WEBHOOK_MESSAGES_ID,
  ZOD_MESSAGES_ID,
  ZOD_TYPE_NAMES_ID,
} from './messages-id.ts';
import type { UiLanguage } from './ui-language.ts';

type MessageFn = (...args: any[]) => string;
type MessageObject = Readonly<Record<string, string | MessageFn>>;

/** Every message object with its Indonesian twin (messages-id.ts). */
export const MESSAGE_CATALOGUE: readonly { name: string; en: MessageObject; id: MessageObject }[] = [
  { name: 'AUTH_MESSAGES', en: AUTH_MESSAGES, id: AUTH_MESSAGES_ID },
  { name: 'PASSWORD_RULE_LABELS', en: PASSWORD_RULE_LABELS, id: PASSWORD_RULE_LABELS_ID },
  { name: 'APPLICATION_MESSAGES', en: APPLICATION_MESSAGES, id: APPLICATION_MESSAGES_ID },
  { name: 'TOKEN_MESSAGES', en: TOKEN_MESSAGES, id: TOKEN_MESSAGES_ID },
  { name: 'TEMPLATE_MEDIA_MESSAGES', en: TEMPLATE_MEDIA_MESSAGES, id: TEMPLATE_MEDIA_MESSAGES_ID },
  { name: 'UPLOAD_MESSAGES', en: UPLOAD_MESSAGES, id: UPLOAD_MESSAGES_ID },
  { name: 'V1_MESSAGES', en: V1_MESSAGES, id: V1_MESSAGES_ID },
  { name: 'WA_SEND_MESSAGES', en: WA_SEND_MESSAGES, id: WA_SEND_MESSAGES_ID },
  { name: 'WA_TEMPLATE_SEND_MESSAGES', en: WA_TEMPLATE_SEND_MESSAGES, id: WA_TEMPLATE_SEND_MESSAGES_ID },
  { name: 'QUOTA_MESSAGES', en: QUOTA_MESSAGES, id: QUOTA_MESSAGES_ID },
  { name: 'DASHBOARD_MESSAGES', en: DASHBOARD_MESSAGES, id: DASHBOARD_MESSAGES_ID },
  { name: 'WA_TEMPLATE_MESSAGES', en: WA_TEMPLATE_MESSAGES, id: WA_TEMPLATE_MESSAGES_ID },
  { name: 'CONSOLE_MESSAGES', en: CONSOLE_MESSAGES, id: CONSOLE_MESSAGES_ID },
  { name: 'REPORT_MESSAGES', en: REPORT_MESSAGES, id: REPORT_MESSAGES_ID },
  { name: 'DOCS_MESSAGES', en: DOCS_MESSAGES, id: DOCS_MESSAGES_ID },
  { name: 'RECORDS_MESSAGES', en: RECORDS_MESSAGES, id: RECORDS_MESSAGES_ID },
  { name: 'WA_TEMPLATE_API_MESSAGES', en: WA_TEMPLATE_API_MESSAGES, id: WA_TEMPLATE_API_MESSAGES_ID },
  { name: 'WEBHOOK_MESSAGES', en: WEBHOOK_MESSAGES, id: WEBHOOK_MESSAGES_ID },
  { name: 'ORGANIZATION_MESSAGES', en: ORGANIZATION_MESSAGES, id: ORGANIZATION_MESSAGES_ID },
  { name: 'TEAMS_MESSAGES', en: TEAMS_MESSAGES, id: TEAMS_MESSAGES_ID },
  { name: 'VERIFY_MESSAGES', en: VERIFY_MESSAGES, id: VERIFY_MESSAGES_ID },
  { name: 'SERVER_MESSAGES', en: SERVER_MESSAGES, id: SERVER_MESSAGES_ID },
  { name: 'VALIDATION_MESSAGES', en: VALIDATION_MESSAGES, id: VALIDATION_MESSAGES_ID },
  { name: 'ZOD_MESSAGES', en: ZOD_MESSAGES, id: ZOD_MESSAGES_ID },
  { name: 'RESOURCE_NAMES', en: RESOURCE_NAMES, id: RESOURCE_NAMES_ID },
  { name: 'FIELD_LABELS', en: FIELD_LABELS, id: FIELD_LABELS_ID },
];

/**
 * Function messages whose parameter takes a few values only: each value is catalogued as a text
 * (the function looks the value up, so a placeholder cannot stand for it).
 */
const DOMAINS: Record<string, readonly unknown[][]> = {
  'TEMPLATE_MEDIA_MESSAGES.tooLarge': Object.keys(TEMPLATE_MEDIA_TYPES).map((m) => [m]),
  'WA_TEMPLATE_MESSAGES.variablesFormat': [['POSITIONAL'], ['NAMED']],
  'WA_SEND_MESSAGES.missingHeaderMedia': WA_MEDIA_TYPES.map((t) => [t]),
  ...Object.fromEntries(
    ['missingMediaParameter', 'extraMediaParameter', 'mediaLinkAndId', 'mediaLinkInvalid', 'mediaLinkOrId', 'missingHeaderComponent'].map((key) => [
      `WA_TEMPLATE_SEND_MESSAGES.${key}`,
      WA_MEDIA_TYPES.map((t) => [t.toUpperCase()]),
    ]),
  ),
};

/** Stands for any value of a parameter in CHOICES (a placeholder, captured). */
const ANY = Symbol('any');

/**
 * Function messages with a parameter whose value changes the words around it (an article, a
 * plural, a label, a text for none): a pattern is made for each listed value of the parameter,
 * ANY standing for every other value. Other parameters are captured as usual.
 */
const CHOICES: Record<string, Record<number, readonly unknown[]>> = {
  'WA_SEND_MESSAGES.missingButtonParameter': { 1: ['url', 'copy_code', 'otp'] },
  'WA_SEND_MESSAGES.unexpectedButtonParameter': { 0: [1, ANY] },
  'WA_TEMPLATE_SEND_MESSAGES.wrongMediaParameter': { 0: WA_MEDIA_TYPES.map((t) => t.toUpperCase()), 1: ['', ANY] },
  'WA_TEMPLATE_SEND_MESSAGES.unexpectedMediaParameter': { 1: [null, ANY] },
};

/** Objects whose function arguments are code (field and variable names, types): passed on as they are. */
const VERBATIM: ReadonlySet<string> = new Set(['WA_SEND_MESSAGES', 'WA_TEMPLATE_SEND_MESSAGES']);

/** Parameters used as numbers (passed as Number(captured)), by `OBJECT.key`. */
const NUMERIC: Record<string, readonly number[]> = {
  'ZOD_MESSAGES.atLeastNumber': [1],
  'ZOD_MESSAGES.atLeastItems': [1],
  'ZOD_MESSAGES.atLeastChars': [1],
  'ZOD_MESSAGES.atMostNumber': [1],
  'ZOD_MESSAGES.atMostItems': [1],
  'ZOD_MESSAGES.atMostChars': [1],
  'SERVER_MESSAGES.quotaOverflow': [1],
  'VALIDATION_MESSAGES.pageTooLarge': [0],
  'VALIDATION_MESSAGES.realDateBetweenYears': [1, 2],
  'VALIDATION_MESSAGES.realDayBetweenYears': [1, 2],
  'VALIDATION_MESSAGES.betweenYears': [1, 2],
  'RECORDS_MESSAGES.olderThanRetention': [1],
  'WA_SEND_MESSAGES.missingButtonParameter': [0],
  'WA_SEND_MESSAGES.unexpectedButtonParameter': [0],
  'WA_TEMPLATE_SEND_MESSAGES.buttonTakesNoParameter': [0],
  'WA_TEMPLATE_SEND_MESSAGES.missingButtonValue': [0],
};

/** Function messages that compute with their numbers (plurals, sums): their own readers. */
const CUSTOM: Record<string, Record<UiLanguage, (text: string) => unknown[] | null>> = {
  'AUTH_MESSAGES.tooManyAttempts': {
    en: (t) => {
      const m = /^Too many sign-in attempts\. Please try again in (\d+) (second|minute)s?\.$/.exec(t);
      return m ? [Number(m[1]) * (m[2] === 'minute' ? 60 : 1)] : null;
    },
    id: (t) => {
      const m = /^Terlalu banyak percobaan masuk\. Coba lagi dalam (\d+) (detik|menit)\.$/.exec(t);
      return m ? [Number(m[1]) * (m[2] === 'menit' ? 60 : 1)] : null;
    },
  },
  'WA_TEMPLATE_MESSAGES.bodyTooManyVariables': {
    en: (t) => {
      const m = /^Body has too many variables for its length: (\d+) variables? need at least \d+ words besides them \(it has (\d+)\)$/.exec(t);
      return m ? [Number(m[1]), Number(m[2])] : null;
    },
    id: (t) => {
      const m = /^Body memiliki terlalu banyak variabel untuk panjangnya: (\d+) variabel membutuhkan minimal \d+ kata selain variabel \(saat ini (\d+)\)$/.exec(t);
      return m ? [Number(m[1]), Number(m[2])] : null;
    },
  },
  'WA_SEND_MESSAGES.unexpectedPositionalParameter': {
    en: (t) => {
      const m = /^Unexpected (\S+) parameter \{\{\d+\}\}: the template \1 has (\d+) parameters?$/.exec(t);
      return m ? [m[1], Number(m[2])] : null;
    },
    id: (t) => {
      const m = /^Parameter (\S+) \{\{\d+\}\} berlebih: \1 template ini hanya memiliki (\d+) parameter$/.exec(t);
      return m ? [m[1], Number(m[2])] : null;
    },
  },
};

interface FnEntry {
  key: string;
  en: MessageFn;
  id: MessageFn;
}
interface Pattern {
  entry: FnEntry;
  /** The arguments are code: not translated. */
  verbatim?: boolean;
  /** Reads the arguments from a text, or null when the text is not this message. */
  read: (text: string) => unknown[] | null;
  /** Characters of fixed text: more specific patterns are tried first. */
  weight: number;
}
interface Lookup {
  exact: Map<string, Record<UiLanguage, string>>;
  patterns: Pattern[];
  words: Map<string, Record<UiLanguage, string>>;
}

const placeholder = (i: number) => `\uE000${i}\uE001`;
const PLACEHOLDER = /\uE000(\d+)\uE001/g;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The pattern of a function message's output with placeholder arguments (`fixed` ones, other than
 * ANY, as they are), or null when a placeholder argument does not show.
 */
function patternOf(entry: FnEntry, lang: UiLanguage, numeric: readonly number[], fixed: readonly unknown[]): Pattern | null {
  const arity = fixed.length;
  const captured = fixed.filter((v) => v === ANY).length;
  const sample = entry[lang](...fixed.map((v, i) => (v === ANY ? placeholder(i) : v)));
  const seen = new Set<number>();
  let source = '';
  let last = 0;
  for (const m of sample.matchAll(PLACEHOLDER)) {
    const i = Number(m[1]);
    source += escapeRe(sample.slice(last, m.index));
    source += seen.has(i) ? `\\k<a${i}>` : `(?<a${i}>[\\s\\S]+?)`;
    seen.add(i);
    last = m.index + m[0].length;
  }
  source += escapeRe(sample.slice(last));
  if (seen.size !== captured) return null;
  const re = new RegExp(`^${source}$`);
  return {
    entry,
    weight: sample.replace(PLACEHOLDER, '').length,
    read: (text) => {
      const m = re.exec(text);
      if (!m) return null;
      return Array.from({ length: arity }, (_, i) => {
        if (fixed[i] !== ANY) return fixed[i];
        const v = m.groups![`a${i}`]!;
        return numeric.includes(i) && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v;
      });
    },
  };
}

let lookup: Lookup | undefined;

function build(): Lookup {
  const exact = new Map<string, Record<UiLanguage, string>>();
  const add = (en: string, id: string) => {
    const pair = { en, id };
    if (!exact.has(en)) exact.set(en, pair);
    if (!exact.has(id)) exact.set(id, pair);
  };
  const patterns: Pattern[] = [];
  for (const { name, en, id } of MESSAGE_CATALOGUE) {
    for (const key of Object.keys(en)) {
      const e = en[key]!;
      const i = id[key];
      if (typeof e === 'string') {
        if (typeof i === 'string') add(e, i);
        continue;
      }
      if (typeof i !== 'function') continue;
      const full = `${name}.${key}`;
      const entry: FnEntry = { key: full, en: e, id: i };
      const domain = DOMAINS[full];
      if (domain) {
        for (const args of domain) add(e(...args), i(...args));
        continue;
      }
      const verbatim = VERBATIM.has(name);
      const custom = CUSTOM[full];
      if (custom) {
        patterns.push({ entry, verbatim, read: custom.en, weight: 1000 }, { entry, verbatim, read: custom.id, weight: 1000 });
        continue;
      }
      // Every combination of the listed values of CHOICES parameters (ANY for the others).
      let combinations: unknown[][] = [Array.from({ length: e.length }, () => ANY)];
      for (const [i, values] of Object.entries(CHOICES[full] ?? {})) {
        combinations = combinations.flatMap((c) => values.map((v) => c.map((x, j) => (j === Number(i) ? v : x))));
      }
      for (const fixed of combinations) {
        for (const lang of ['en', 'id'] as const) {
          const p = patternOf(entry, lang, NUMERIC[full] ?? [], fixed);
          if (p) patterns.push({ ...p, verbatim });
        }
      }
    }
  }
  patterns.sort((a, b) => b.weight - a.weight);

  // Words that arguments carry (field labels, resources, type and media names, button kinds).
  const words = new Map<string, Record<UiLanguage, string>>();
  const addWord = (en: string, id: string) => {
    if (!words.has(en)) words.set(en, { en, id });
    if (!words.has(id)) words.set(id, { en, id });
  };
  for (const [k, v] of Object.entries(FIELD_LABELS)) addWord(v, FIELD_LABELS_ID[k as keyof typeof FIELD_LABELS]);
  for (const [k, v] of Object.entries(RESOURCE_NAMES)) addWord(v, RESOURCE_NAMES_ID[k as keyof typeof RESOURCE_NAMES]);
  for (const [en, id] of Object.entries(ZOD_TYPE_NAMES_ID)) addWord(en, id);
  for (const [en, id] of Object.entries(MEDIA_KINDS_ID)) addWord(en, id);
  for (const [en, id] of Object.entries(BUTTON_KIND_LABELS_ID)) addWord(en, id);
  return { exact, patterns, words };
}

const UNITS_EN: Record<string, string> = { milidetik: 'millisecond', detik: 'second', menit: 'minute', jam: 'hour', hari: 'day' };
const SUFFIXES: readonly Record<UiLanguage, string>[] = [
  { en: ': button text', id: ': teks tombol' },
  { en: ': autofill text', id: ': teks isi otomatis' },
];

/** An argument of a function message in `to`: a known word, a button name, a wait; else unchanged. */
function translateArg(arg: unknown, to: UiLanguage, words: Lookup['words']): unknown {
  if (typeof arg !== 'string') return arg;
  const word = words.get(arg);
  if (word) return word[to];
  const button = /^(Button|Tombol) (\d+) \((.+)\)$/.exec(arg);
  if (button) {
    const kind = words.get(button[3]!);
    return `${to === 'id' ? 'Tombol' : 'Button'} ${button[2]} (${kind ? kind[to] : button[3]})`;
  }
  for (const suffix of SUFFIXES) {
    for (const from of ['en', 'id'] as const) {
      if (arg.endsWith(suffix[from])) return `${translateArg(arg.slice(0, -suffix[from].length), to, words) as string}${suffix[to]}`;
    }
  }
  if (/^\d+ (millisecond|second|minute|hour|day)s?$/.test(arg)) return to === 'id' ? durationId(arg) : arg;
  const wait = /^(\d+) (milidetik|detik|menit|jam|hari)$/.exec(arg);
  if (wait) return to === 'en' ? `${wait[1]} ${UNITS_EN[wait[2]!]}${wait[1] === '1' ? '' : 's'}` : arg;
  return arg;
}

/**
 * `text` in `to` when it is a known message in English or Indonesian; any other text unchanged.
 * Example: translateMessage('Email is required', 'id') -> 'Email wajib diisi';
 * translateMessage('`to` is required', 'id') -> '`to` wajib diisi'.
 */
export function translateMessage(text: string, to: UiLanguage): string {
  if (typeof text !== 'string' || !text) return text;
  lookup ??= build();
  const pair = lookup.exact.get(text);
  if (pair) return pair[to];
  for (const p of lookup.patterns) {
    const args = p.read(text);
    if (!args) continue;
    const words = lookup.words;
    return p.entry[to](...(p.verbatim ? args : args.map((a) => translateArg(a, to, words))));
  }
  return text;
}

/** `details` of an error envelope with each `message` in `to` (other fields as they are). */
export function translateDetails<T extends { message: string }>(details: readonly T[], to: UiLanguage): T[] {
  return details.map((d) => (typeof d.message === 'string' ? { ...d, message: translateMessage(d.message, to) } : d));
}
