/**
 * What the operator CLI prints is text from the database (application, person and organization
 * names, some stored before names refused control characters; issue 23 item 24). Printed raw, ESC
 * and BEL clear the screen, set the window title or draw fake lines; bidi controls reorder what the
 * operator reads. Every such character is shown as a visible escape instead (`\u001b`), line feeds
 * and tabs kept.
 */

/** C0 controls but tab and line feed, DEL, C1 controls, line/paragraph separators, bidi controls. */
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** `text` with every unprintable character (UNPRINTABLE) written as `\uXXXX`, so a terminal shows it instead of obeying it. */
export function escapeForTerminal(text: string): string {
  return text.replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
