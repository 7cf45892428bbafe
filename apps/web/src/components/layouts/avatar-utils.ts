/**
 * Avatar helpers (console.md §2 Header): initials of the full name, or of the e-mail when there is
 * no name, on a background colour derived from the text (the same text always gets the same colour).
 */

/** Background colours for initials; each keeps white text at a contrast of at least 4.5:1 (WCAG AA). */
export const AVATAR_COLORS = [
  '#1864ab', // blue 9
  '#0b7285', // cyan 9
  '#087f5b', // teal 9
  '#2b7a3b', // green, darkened
  '#862e9c', // grape 9
  '#5f3dc4', // violet 9
  '#364fc7', // indigo 9
  '#c92a2a', // red 9
  '#a61e4d', // pink 9
  '#5c5f66', // dark gray
] as const;

/**
 * Up to two upper-case initials: first letters of the first and last words of `fullName`; without a
 * name, of the e-mail's local part split on '.', '_', '-' or '+'. Returns '?' when both are empty.
 * 'Rina Wijaya' -> 'RW'; 'rina' -> 'R'; ('', 'budi.santoso@x.id') -> 'BS'.
 */
export function avatarInitials(fullName: string | null | undefined, email?: string | null): string {
  const source = (fullName ?? '').trim() || (email ?? '').trim().split('@')[0]!;
  const words = source.split(/[\s._+-]+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  if (words.length === 0) return '?';
  const first = [...words[0]!].find((c) => /[\p{L}\p{N}]/u.test(c)) ?? '';
  const last = words.length > 1 ? ([...words[words.length - 1]!].find((c) => /[\p{L}\p{N}]/u.test(c)) ?? '') : '';
  return (first + last).toUpperCase();
}

/** A colour from AVATAR_COLORS chosen by a stable hash (FNV-1a) of `text`, case-insensitive. */
export function avatarColor(text: string | null | undefined): string {
  let h = 0x811c9dc5;
  for (const ch of (text ?? '').trim().toLowerCase()) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return AVATAR_COLORS[h % AVATAR_COLORS.length]!;
}
