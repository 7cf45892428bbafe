/**
 * GSM 03.38 default alphabet (3GPP TS 23.038 §6.2.1) for SMPP `data_coding` 0: one septet per octet
 * (SMPP carries GSM-7 unpacked; the SMSC packs it for the air interface), extension-table characters
 * as the escape 0x1B followed by their septet.
 */
const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Extension table: character -> septet after the escape. */
const EXTENSION: Record<string, number> = { '\f': 0x0a, '^': 0x14, '{': 0x28, '}': 0x29, '\\': 0x2f, '[': 0x3c, '~': 0x3d, ']': 0x3e, '|': 0x40, '€': 0x65 };
const ESCAPE = 0x1b;

const basicIndex = new Map([...BASIC].map((ch, i) => [ch, i]));
const extensionChar = new Map(Object.entries(EXTENSION).map(([ch, septet]) => [septet, ch]));

/**
 * Encodes `text` as unpacked GSM-7 septets (one octet each, values 0..127).
 * A literal ESC character becomes a space (it would start an escape); a character outside the
 * alphabet (the caller chose GSM-7 wrongly) also becomes a space, never a wrong byte.
 */
export function encodeGsm7(text: string): Buffer {
  const out: number[] = [];
  for (const ch of text) {
    const ext = EXTENSION[ch];
    if (ext !== undefined) out.push(ESCAPE, ext);
    else {
      const i = basicIndex.get(ch);
      out.push(i === undefined || i === ESCAPE ? 0x20 : i);
    }
  }
  return Buffer.from(out);
}

/** Decodes unpacked GSM-7 septets `bytes` (the inverse of encodeGsm7); an unknown escape gives a space. */
export function decodeGsm7(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]! & 0x7f;
    if (b === ESCAPE && i + 1 < bytes.length) {
      text += extensionChar.get(bytes[++i]! & 0x7f) ?? ' ';
    } else text += BASIC[b] ?? ' ';
  }
  return text;
}

/** Encodes `text` as UCS-2 / UTF-16BE (SMPP `data_coding` 8); surrogate pairs stay as two code units. */
export function encodeUcs2(text: string): Buffer {
  return Buffer.from(text, 'utf16le').swap16();
}
