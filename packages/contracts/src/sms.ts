/**
 * SMS segment counting and splitting (ARCHITECTURE.md §6): GSM-7 160 characters in one segment,
 * 153 per segment when concatenated; UCS-2 70 and 67. Characters of the GSM-7 extension table count
 * twice. The count is what splitting gives (a character never straddles two segments: neither an
 * extension-table escape pair nor a UTF-16 surrogate pair), so `total_sms` always equals the number
 * of parts the SMPP driver sends.
 */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '^{}\\[~]|€\f';

export type SmsEncoding = 'GSM-7' | 'UCS-2';

/** Units (septets for GSM-7, UTF-16 code units for UCS-2) in a single-segment SMS and in each part of a concatenated one. */
export const SMS_SEGMENT_UNITS: Record<SmsEncoding, { single: number; part: number }> = {
  'GSM-7': { single: 160, part: 153 },
  'UCS-2': { single: 70, part: 67 },
};

export interface SegmentCount {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2) the text takes. */
  units: number;
  /** Number of SMS segments billed; 1 for an empty text. */
  segments: number;
}

export interface SmsSplit {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2) the whole text takes. */
  units: number;
  /** The text of each segment in order (one, possibly empty, when it fits a single SMS). */
  parts: string[];
}

/** Septets `ch` (one code point) takes in GSM-7: 1 basic, 2 extension table, null when not GSM-7. */
function gsmSeptets(ch: string): 1 | 2 | null {
  if (GSM7_BASIC.includes(ch)) return 1;
  if (GSM7_EXTENSION.includes(ch)) return 2;
  return null;
}

/**
 * Splits `text` into SMS segments: GSM-7 when every character is in the GSM 03.38 default alphabet
 * or its extension table, else UCS-2 (UTF-16). A text within the single-segment limit (160 septets
 * or 70 code units) is one part; a longer one is cut into parts of at most 153 septets or 67 code
 * units, never splitting an extension-table character (escape + septet) or a surrogate pair.
 */
export function splitSms(text: string): SmsSplit {
  const chars = [...text];
  const septets = chars.map(gsmSeptets);
  const gsm = septets.every((s) => s !== null);
  const encoding: SmsEncoding = gsm ? 'GSM-7' : 'UCS-2';
  const sizeOf = (i: number) => (gsm ? septets[i]! : chars[i]!.length);
  const units = chars.reduce((n, _, i) => n + sizeOf(i), 0);
  const limits = SMS_SEGMENT_UNITS[encoding];
  if (units <= limits.single) return { encoding, units, parts: [text] };
  const parts: string[] = [];
  let current = '';
  let used = 0;
  chars.forEach((ch, i) => {
    const size = sizeOf(i);
    if (used + size > limits.part) {
      parts.push(current);
      current = '';
      used = 0;
    }
    current += ch;
    used += size;
  });
  parts.push(current);
  return { encoding, units, parts };
}

/** Counts the SMS segments of `text` (the parts of splitSms). */
export function countSmsSegments(text: string): SegmentCount {
  const { encoding, units, parts } = splitSms(text);
  return { encoding, units, segments: parts.length };
}
