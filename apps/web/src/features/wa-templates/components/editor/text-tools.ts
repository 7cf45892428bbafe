/**
 * Body tools of the editor (templates-dashboard-reports.md §2.4): bold, italic, strikethrough and
 * monospace wrap the selection in WhatsApp's markers (*bold*, _italic_, ~strike~, ```mono```) or
 * insert the placeholder 'fill-text' between them; variables and emoji are inserted at the caret
 * (only while the body is under 1024 characters, §5.3).
 */
import { canInsertVariable, insertAt } from '@pesan/contracts/wa-template-variables';

export type TextFormat = 'bold' | 'italic' | 'strike' | 'mono';

/** WhatsApp's formatting markers (§2.4). */
export const FORMAT_MARKERS: Record<TextFormat, string> = { bold: '*', italic: '_', strike: '~', mono: '```' };

/** What a tool inserts when nothing is selected (§2.4). */
export const FILL_TEXT = 'fill-text';

/** A text with the selection to restore after a tool ran. */
export interface TextEdit {
  text: string;
  selectionStart: number;
  selectionEnd: number;
}

/**
 * Wraps text[start, end) in the format's markers, or inserts 'fill-text' wrapped in them at the
 * caret when nothing is selected; the wrapped words stay selected.
 */
export function applyFormat(text: string, start: number, end: number, format: TextFormat): TextEdit {
  const marker = FORMAT_MARKERS[format];
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  const inner = from === to ? FILL_TEXT : text.slice(from, to);
  return {
    text: `${text.slice(0, from)}${marker}${inner}${marker}${text.slice(to)}`,
    selectionStart: from + marker.length,
    selectionEnd: from + marker.length + inner.length,
  };
}

/**
 * Inserts `value` (a variable or an emoji) at the caret, the caret after it; null when the text
 * has reached 1024 characters (§2.4, §5.3: ignored then).
 */
export function insertAtCaret(text: string, caret: number, value: string): TextEdit | null {
  if (!canInsertVariable(text)) return null;
  const at = Math.max(0, Math.min(caret, text.length));
  const next = insertAt(text, at, value);
  return { text: next, selectionStart: at + value.length, selectionEnd: at + value.length };
}

/** A named variable's name as typed: lower case, spaces as underscores, only letters, digits and underscores (Meta's named parameters). */
export function sanitizeVariableName(typed: string): string {
  return typed.trim().toLowerCase().replace(/\s+/g, '_').replace(/[^a-z0-9_]/g, '').slice(0, 64);
}
