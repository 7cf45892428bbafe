/**
 * Variables in a template's texts (templates-dashboard-reports.md §2.4, §5.4; Meta's parameter
 * formats): `{{1}}`, `{{2}}`… (positional) or `{{first_name}}` (named). Tokenising, the editor's
 * insertion helpers, and the word count the variable ratio rule uses.
 */

/** One `{{…}}` token of a text, with its offsets (end exclusive). */
export interface VariableToken {
  /** The token as written, e.g. '{{1}}'. */
  raw: string;
  /** What is between the braces, e.g. '1' or 'first_name'. */
  name: string;
  start: number;
  end: number;
  /**
   * positional: a number from 1, no leading zero; named: lower-case letters, digits and
   * underscores (1–64, not digits only); forbidden: contains #, $ or %; malformed: anything else
   * (spaces, capitals, other signs, {{0}}, {{01}}, empty).
   */
  kind: 'positional' | 'named' | 'forbidden' | 'malformed';
}

const TOKEN = /\{\{([^{}]*)\}\}/g;

function kindOf(name: string): VariableToken['kind'] {
  if (/^[1-9][0-9]*$/.test(name)) return 'positional';
  if (/^[a-z0-9_]{1,64}$/.test(name) && !/^[0-9]+$/.test(name)) return 'named';
  if (/[#$%]/.test(name)) return 'forbidden';
  return 'malformed';
}

/**
 * The `{{…}}` tokens of a text in order, and whether a stray `{{` or `}}` is left outside them
 * (an unclosed variable). Undefined text has none.
 */
export function scanVariables(text: string | undefined): { tokens: VariableToken[]; unclosed: boolean } {
  const source = text ?? '';
  const tokens: VariableToken[] = [];
  for (const m of source.matchAll(TOKEN)) {
    const name = m[1]!;
    tokens.push({ raw: m[0], name, start: m.index, end: m.index + m[0].length, kind: kindOf(name) });
  }
  const rest = source.replace(TOKEN, ' ');
  return { tokens, unclosed: rest.includes('{{') || rest.includes('}}') };
}

/** The well-formed variable names of a text, once each, in order of first appearance. */
export function variableNames(text: string | undefined): string[] {
  const out: string[] = [];
  for (const t of scanVariables(text).tokens) if ((t.kind === 'positional' || t.kind === 'named') && !out.includes(t.name)) out.push(t.name);
  return out;
}

/** Whether a variable name is positional ('1'), as opposed to named ('first_name'). */
export function isPositionalName(name: string): boolean {
  return /^[0-9]+$/.test(name);
}

/**
 * Words of a text outside its variables: runs of non-space characters holding at least one
 * letter or digit, once the `{{…}}` tokens are removed (punctuation alone is not a word).
 */
export function wordsOutsideVariables(text: string | undefined): number {
  return (text ?? '')
    .replace(TOKEN, ' ')
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** Longest body the editor still inserts a variable or an emoji into (§2.4, §5.3: only under 1024 characters). */
export const BODY_INSERT_LIMIT = 1024;

/** Whether the editor may insert a variable (or an emoji) into the body (§5.3: only while under 1024 characters). */
export function canInsertVariable(body: string): boolean {
  return body.length < BODY_INSERT_LIMIT;
}

/**
 * The next numbered variable of the newer form (§2.4): `{{n+1}}` where n is the highest number
 * used in the given texts (body, or header and body), `{{1}}` when none is.
 */
export function nextPositionalVariable(...texts: (string | undefined)[]): string {
  let max = 0;
  for (const text of texts) for (const t of scanVariables(text).tokens) if (t.kind === 'positional') max = Math.max(max, Number(t.name));
  return `{{${max + 1}}}`;
}

/**
 * Inserts `variable` into `text` at `cursor` (clamped to the text), as the editor does at the
 * caret (§2.4). Returns the text unchanged when it has reached 1024 characters (§5.3).
 */
export function insertAt(text: string, cursor: number, variable: string): string {
  if (!canInsertVariable(text)) return text;
  const at = Math.max(0, Math.min(cursor, text.length));
  return `${text.slice(0, at)}${variable}${text.slice(at)}`;
}

/**
 * Whether a text counts as empty for the language-submission check (§5.3): undefined, null,
 * blank, or the strings 'undefined' or 'null'.
 */
export function isBlankText(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value !== 'string') return false;
  const trimmed = value.trim();
  return trimmed === '' || trimmed === 'undefined' || trimmed === 'null';
}
