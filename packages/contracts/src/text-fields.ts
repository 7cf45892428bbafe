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

/** C0 controls, DEL, C1 controls, U+2028/U+2029. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** The same without tab, line feed and carriage return (multi-line fields). */
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/;
/**
 * Characters that show nothing: white space, format characters (zero-width space/joiners, BOM,
 * bidi marks, soft hyphen…), combining grapheme joiner, Hangul fillers, Mongolian and other
 * variation selectors, the braille blank and the invisible Khmer vowels.
 */
const INVISIBLE = /[\s\p{Cf}\p{Zs}\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2800\u3164\uffa0\ufe00-\ufe0f\u{e0100}-\u{e01ef}]/gu;

/** Whether `text` has a control character (`lines`: line breaks and tabs allowed). */
export function hasControlCharacter(text: string, lines = false): boolean {
  return (lines ? CONTROL_EXCEPT_LINES : CONTROL).test(text);
}

/** Whether `text` has at least one character that shows (see INVISIBLE). */
export function hasVisibleCharacter(text: string): boolean {
  return text.replace(INVISIBLE, '') !== '';
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
