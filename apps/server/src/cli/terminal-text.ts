/**
 * What the operator CLI prints is text from the database (application, person and organization
 * names, some stored before names refused control characters; issue 23 item 24). Printed raw, ESC
 * and BEL clear the screen, set the window title or draw fake lines; bidi controls reorder what the
 * operator reads. Every such character is shown as a visible escape instead (`\u001b`), line feeds
 * and tabs kept.
 */

/** Whether UTF-16 code unit `code` must not reach a terminal: C0 but tab and line feed, DEL, C1, line/paragraph separators, bidi controls. */
function isUnprintable(code: number): boolean {
  if (code <= 0x1f) return code !== 0x09 && code !== 0x0a;
  return (
    (code >= 0x7f && code <= 0x9f) || code === 0x061c || code === 0x200e || code === 0x200f || code === 0x2028 || code === 0x2029 || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)
  );
}

/** `text` with every unprintable character (isUnprintable) written as `\uXXXX`, so a terminal shows it instead of obeying it. */
export function escapeForTerminal(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    out += isUnprintable(code) ? `\\u${code.toString(16).padStart(4, '0')}` : text[i];
  }
  return out;
}
