/**
 * The one rule of single-line text fields (issue 23 item 24): names, sender names, business name,
 * subjects, template names, search boxes. Such a field refuses control characters (C0 including
 * tab and line breaks, DEL, C1, and the Unicode line and paragraph separators): printed by the
 * operator CLI or put in a mail header, ESC and BEL clear screens, fake lines and set window titles.
 * A name (`visible: true`) must also hold at least one visible character: a name made only of
 * zero-width, format or blank characters shows as nothing. A multi-line field (a textarea such as
 * the business address) takes `lines: true`: line breaks and tabs are kept, other controls refused.
 */
import type { z } from './zod.ts';
import { VALIDATION_MESSAGES } from './server-messages.ts';

/** Whether UTF-16 code unit `code` is a control: C0, DEL, C1, U+2028/U+2029 (`lines`: tab, LF and CR are not). */
function isControl(code: number, lines: boolean): boolean {
  if (code <= 0x1f) return !(lines && (code === 0x09 || code === 0x0a || code === 0x0d));
  return (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
}

/** White space and format characters (zero-width space/joiners, BOM, bidi marks, soft hyphen…). */
const BLANK_OR_FORMAT = /^[\s\p{Cf}\p{Zs}]$/u;
/** Code point ranges that show nothing though Unicode calls them letters or marks: combining grapheme joiner, Hangul fillers, invisible Khmer vowels, Mongolian and other variation selectors, the braille blank. */
const INVISIBLE_RANGES: readonly [number, number][] = [
  [0x034f, 0x034f],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x2800, 0x2800],
  [0x3164, 0x3164],
  [0xffa0, 0xffa0],
  [0xfe00, 0xfe0f],
  [0xe0100, 0xe01ef],
];

/** Whether `text` has a control character (`lines`: line breaks and tabs allowed). */
export function hasControlCharacter(text: string, lines = false): boolean {
  for (let i = 0; i < text.length; i++) if (isControl(text.charCodeAt(i), lines)) return true;
  return false;
}

/** Whether `text` has at least one character that shows (not blank, format or INVISIBLE_RANGES). */
export function hasVisibleCharacter(text: string): boolean {
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (!BLANK_OR_FORMAT.test(ch) && !INVISIBLE_RANGES.some(([from, to]) => code >= from && code <= to)) return true;
  }
  return false;
}

/**
 * `schema` (a string schema, after its trim) with the single-line rule: no control character
 * ('<label> must not contain control characters'), and with `visible` a non-empty value must show
 * something ('<label> must contain at least one visible character'; the empty value is left to the
 * schema's own required rule). `lines` allows line breaks and tabs (multi-line fields).
 */
export function singleLine<T extends z.ZodType<string>>(schema: T, label: string, opts: { visible?: boolean; lines?: boolean } = {}): T {
  const noControl = schema.refine((v) => !hasControlCharacter(v, opts.lines), { error: VALIDATION_MESSAGES.controlCharacters(label), abort: true });
  return (opts.visible ? noControl.refine((v) => v === '' || hasVisibleCharacter(v), VALIDATION_MESSAGES.noVisibleCharacter(label)) : noControl) as T;
}
