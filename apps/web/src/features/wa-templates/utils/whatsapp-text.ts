/**
 * WhatsApp's text formatting for the phone preview (templates-dashboard-reports.md §2.2 preview,
 * §2.4 body formatting): `*bold*`, `_italic_`, `~strikethrough~` and ```` ```monospace``` ````,
 * with the template's `{{1}}` / `{{name}}` variables replaced by their samples.
 *
 * Rules (as WhatsApp applies them): a marker opens only at the start of the text or after a
 * character that is not a letter or digit, and must be followed by a non-space; it closes at the
 * next same marker on the same line that follows a non-space and is not followed by a letter or
 * digit (so `snake_case_name` stays as typed). Markers nest (`*bold _and italic_*`). Nothing is
 * formatted inside monospace, which may span lines. Newlines stay in text nodes (render with
 * `white-space: pre-wrap`).
 */
import { scanVariables } from '@pesan/contracts/wa-template-variables';

export type WaTextNode =
  | { kind: 'text'; text: string }
  /** A well-formed variable: `raw` as written ('{{1}}'), `sample` its sample, or null when it has none. */
  | { kind: 'variable'; name: string; raw: string; sample: string | null }
  | { kind: 'bold' | 'italic' | 'strike' | 'mono'; children: WaTextNode[] };

/** Samples by variable name ('1', 'first_name'): a `[{name, value}]` list (the console payload's `variable`) or a record. */
export type VariableSamples = readonly { name: string; value: string }[] | Readonly<Record<string, string>>;

const OPEN = '\uE000';
const CLOSE = '\uE001';
const MARKERS: Record<string, 'bold' | 'italic' | 'strike'> = { '*': 'bold', _: 'italic', '~': 'strike' };
const WORD = /[\p{L}\p{N}\uE000\uE001]/u;
const isWord = (c: string | undefined) => c !== undefined && WORD.test(c);
const isSpace = (c: string | undefined) => c === undefined || /\s/.test(c);

function sampleMap(samples: VariableSamples | undefined): Map<string, string> {
  if (!samples) return new Map();
  if (Array.isArray(samples)) return new Map((samples as readonly { name: string; value: string }[]).map((v) => [v.name, v.value]));
  return new Map(Object.entries(samples as Record<string, string>));
}

/** Text with variable sentinels -> text and variable nodes. */
function leaves(text: string, vars: readonly Extract<WaTextNode, { kind: 'variable' }>[]): WaTextNode[] {
  const out: WaTextNode[] = [];
  const re = new RegExp(`${OPEN}(\\d+)${CLOSE}`, 'g');
  let last = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > last) out.push({ kind: 'text', text: text.slice(last, m.index) });
    out.push(vars[Number(m[1])]!);
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}

/** Index of the marker closing the one opened at `i`, or -1. */
function closeOf(s: string, i: number, marker: string): number {
  for (let k = i + 2; k < s.length; k++) {
    if (s[k] === '\n') return -1;
    if (s[k] === marker && !isSpace(s[k - 1]) && !isWord(s[k + 1])) return k;
  }
  return -1;
}

function inline(s: string, vars: readonly Extract<WaTextNode, { kind: 'variable' }>[]): WaTextNode[] {
  const out: WaTextNode[] = [];
  let buf = '';
  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    const kind = MARKERS[c];
    if (kind && !isWord(s[i - 1]) && !isSpace(s[i + 1]) && s[i + 1] !== c) {
      const j = closeOf(s, i, c);
      if (j > 0) {
        if (buf) out.push(...leaves(buf, vars));
        buf = '';
        out.push({ kind, children: inline(s.slice(i + 1, j), vars) });
        i = j + 1;
        continue;
      }
    }
    buf += c;
    i++;
  }
  if (buf) out.push(...leaves(buf, vars));
  return out;
}

/**
 * The formatted nodes of `text` (see the module comment). `samples` fills the variables; a
 * variable without a (non-empty) sample keeps `sample: null` (show its `raw` form).
 */
export function parseWhatsappText(text: string, samples?: VariableSamples): WaTextNode[] {
  const map = sampleMap(samples);
  const vars: Extract<WaTextNode, { kind: 'variable' }>[] = [];
  let marked = '';
  let last = 0;
  for (const t of scanVariables(text).tokens) {
    if (t.kind !== 'positional' && t.kind !== 'named') continue;
    const sample = map.get(t.name);
    marked += text.slice(last, t.start) + `${OPEN}${vars.length}${CLOSE}`;
    vars.push({ kind: 'variable', name: t.name, raw: t.raw, sample: sample ? sample : null });
    last = t.end;
  }
  marked += text.slice(last);

  const out: WaTextNode[] = [];
  let from = 0;
  for (const m of marked.matchAll(/```([\s\S]+?)```/g)) {
    if (m.index > from) out.push(...inline(marked.slice(from, m.index), vars));
    out.push({ kind: 'mono', children: leaves(m[1]!, vars) });
    from = m.index + m[0].length;
  }
  if (from < marked.length) out.push(...inline(marked.slice(from), vars));
  return out;
}

/** The plain text a reader sees: markers dropped, variables as their samples (or as written). */
export function plainWhatsappText(nodes: readonly WaTextNode[]): string {
  return nodes.map((n) => (n.kind === 'text' ? n.text : n.kind === 'variable' ? (n.sample ?? n.raw) : plainWhatsappText(n.children))).join('');
}
