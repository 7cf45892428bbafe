/**
 * The `submit_sm` bodies of one SMS (ARCHITECTURE.md §6.1 smpp): GSM-7 (`data_coding` 0) or UCS-2
 * (`data_coding` 8) as contracts/sms.ts decides, one part per segment of its splitSms, so the
 * number of submit_sm always equals the `total_sms` the API answered. A long text carries the
 * concatenation UDH `05 00 03 ref total seq` (8-bit reference) with `esm_class` 0x40 (UDHI).
 */
import { splitSms } from '@pesan/contracts/sms';
import { encodeGsm7, encodeUcs2 } from './gsm7.ts';

export const DATA_CODING_GSM7 = 0;
export const DATA_CODING_UCS2 = 8;
/** esm_class bit: short_message starts with a user data header. */
export const ESM_CLASS_UDHI = 0x40;

export interface ShortMessages {
  dataCoding: typeof DATA_CODING_GSM7 | typeof DATA_CODING_UCS2;
  esmClass: number;
  /** The `short_message` octets of each submit_sm, in segment order (UDH included for a long text). */
  parts: Buffer[];
}

/**
 * The submit_sm bodies of `text`. `ref` (0..255) is the concatenation reference shared by the
 * parts; derive it from the message id so a retried send reuses it (see concatRef).
 */
export function buildShortMessages(text: string, ref: number): ShortMessages {
  const split = splitSms(text);
  const encode = split.encoding === 'GSM-7' ? encodeGsm7 : encodeUcs2;
  const dataCoding = split.encoding === 'GSM-7' ? DATA_CODING_GSM7 : DATA_CODING_UCS2;
  if (split.parts.length === 1) return { dataCoding, esmClass: 0, parts: [encode(split.parts[0]!)] };
  const total = split.parts.length;
  const parts = split.parts.map((p, i) => Buffer.concat([Buffer.from([0x05, 0x00, 0x03, ref & 0xff, total, i + 1]), encode(p)]));
  return { dataCoding, esmClass: ESM_CLASS_UDHI, parts };
}

/** An 8-bit concatenation reference (0..255) derived from `messageId`: stable across retries of one message. */
export function concatRef(messageId: string): number {
  let h = 0;
  for (let i = 0; i < messageId.length; i++) h = (h * 31 + messageId.charCodeAt(i)) >>> 0;
  return h & 0xff;
}
