/**
 * SMPP delivery receipts (ARCHITECTURE.md §6.1 smpp; SMPP 3.4 Appendix B): a `deliver_sm` with
 * `esm_class` bit 0x04 whose text reads `id:… sub:… dlvrd:… submit date:… done date:… stat:…
 * err:… text:…` (field names in any case) and/or carries the TLVs `receipted_message_id` and
 * `message_state`, which win when present. Pure: no I/O.
 */
import type { MessageStatus } from '@pesan/contracts/statuses';
import { encodeGsm7 } from './gsm7.ts';

/** esm_class bit of an SMSC delivery receipt (message type 0001 in bits 2..5). */
export const ESM_CLASS_RECEIPT = 0x04;

/** A receipt as the status pipeline takes it. */
export interface SmppReceipt {
  /** The SMSC's message id of the (segment) submit_sm the receipt is about. */
  providerMessageId: string;
  status: MessageStatus;
  /** The `done date` (UTC) when present and valid, else the time of parsing. */
  at: Date;
  /** e.g. `SMSC: UNDELIV (err 001)` for statuses other than delivered/sent; null otherwise. */
  reason: string | null;
  /** The `err` value for failures; null otherwise. */
  providerCode: string | null;
}

/** The receipt text fields, keys lowercased (`id`, `sub`, `dlvrd`, `submit date`, `done date`, `stat`, `err`, `text`). */
export type ReceiptFields = Partial<Record<'id' | 'sub' | 'dlvrd' | 'submit date' | 'done date' | 'stat' | 'err' | 'text', string>>;

const FIELD = /(?:^|\s)(id|sub|dlvrd|submit date|done date|stat|err|text):/gi;

/** Parses the receipt text form into its fields (`text:` takes the rest of the line); unknown parts are skipped. */
export function parseReceiptText(text: string): ReceiptFields {
  const matches = [...text.matchAll(FIELD)];
  const fields: ReceiptFields = {};
  matches.forEach((m, i) => {
    const key = m[1]!.toLowerCase().replace(/\s+/, ' ') as keyof ReceiptFields;
    const start = m.index + m[0].length;
    const end = key === 'text' ? text.length : (matches[i + 1]?.index ?? text.length);
    if (fields[key] === undefined) fields[key] = text.slice(start, end).trim();
  });
  return fields;
}

/** `stat` words (short and long forms) -> our status (ARCHITECTURE.md §6.1). */
const STAT_STATUS: Record<string, MessageStatus> = {
  DELIVRD: 'delivered',
  DELIVERED: 'delivered',
  ACCEPTD: 'sent',
  ACCEPTED: 'sent',
  ENROUTE: 'sent',
  UNDELIV: 'undelivered',
  UNDELIVERABLE: 'undelivered',
  REJECTD: 'rejected',
  REJECTED: 'rejected',
  EXPIRED: 'failed',
  DELETED: 'failed',
  UNKNOWN: 'failed',
};

/** Long `stat` words some SMSCs send -> the SMPP 3.4 short form used in reasons. */
const SHORT_STAT: Record<string, string> = { DELIVERED: 'DELIVRD', ACCEPTED: 'ACCEPTD', UNDELIVERABLE: 'UNDELIV', REJECTED: 'REJECTD' };

/** `message_state` TLV values (SMPP 3.4 §5.2.28) -> the receipt `stat` word. */
const MESSAGE_STATE_STAT: Record<number, string> = { 1: 'ENROUTE', 2: 'DELIVRD', 3: 'EXPIRED', 4: 'DELETED', 5: 'UNDELIV', 6: 'ACCEPTD', 7: 'UNKNOWN', 8: 'REJECTD' };

/** Parses `YYMMDDhhmm` or `YYMMDDhhmmss` as UTC (20YY); null when malformed. */
export function parseReceiptDate(value: string | undefined): Date | null {
  const m = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?$/.exec(value ?? '');
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0)) as number[];
  const date = new Date(Date.UTC(2000 + y!, mo! - 1, d!, h!, mi!, s!));
  // Reject what Date.UTC silently rolls over (month 13, minute 75, …).
  if (date.getUTCMonth() !== mo! - 1 || date.getUTCDate() !== d! || date.getUTCHours() !== h! || date.getUTCMinutes() !== mi!) return null;
  return date;
}

/**
 * The receipt text of a decoded `short_message` as the smpp package hands it: a Buffer (bytes as
 * Latin-1), or `{message}` decoded by `data_coding` (for 0 the package applied the GSM table, which
 * this undoes, so ASCII receipts come back byte for byte: `_` stays `_`, not `§`).
 */
export function receiptTextOf(shortMessage: unknown, dataCoding: number | null | undefined): string {
  if (shortMessage === null || shortMessage === undefined) return '';
  if (Buffer.isBuffer(shortMessage)) return shortMessage.toString('latin1');
  if (typeof shortMessage === 'string') return shortMessage;
  const message = (shortMessage as { message?: unknown }).message;
  if (Buffer.isBuffer(message)) return message.toString('latin1');
  if (typeof message !== 'string') return '';
  return ((dataCoding ?? 0) & 0x0f) === 0 ? encodeGsm7(message).toString('latin1') : message;
}

/** What receiptFromDeliverSm reads of a `deliver_sm` PDU (the smpp package's field names). */
export interface DeliverSmFields {
  esm_class?: number;
  data_coding?: number | null;
  short_message?: unknown;
  receipted_message_id?: string;
  message_state?: number;
}

/**
 * The receipt carried by a deliver_sm, or null when it is not a receipt (esm_class bit 0x04 unset,
 * a mobile-originated message) or names no message id or no known state. `now` is used when the
 * done date is missing or malformed.
 */
export function receiptFromDeliverSm(pdu: DeliverSmFields, now: Date): SmppReceipt | null {
  if (((pdu.esm_class ?? 0) & ESM_CLASS_RECEIPT) === 0) return null;
  const fields = parseReceiptText(receiptTextOf(pdu.short_message, pdu.data_coding));
  const tlvId = pdu.receipted_message_id?.trim();
  const providerMessageId = tlvId || fields.id;
  const tlvStat = pdu.message_state !== undefined ? MESSAGE_STATE_STAT[pdu.message_state] : undefined;
  const stat = (tlvStat ?? fields.stat ?? '').toUpperCase();
  const status = STAT_STATUS[stat];
  if (!providerMessageId || !status) return null;
  const ok = status === 'delivered' || status === 'sent';
  const err = fields.err || null;
  const word = SHORT_STAT[stat] ?? stat;
  return {
    providerMessageId,
    status,
    at: parseReceiptDate(fields['done date']) ?? now,
    reason: ok ? null : `SMSC: ${word}${err ? ` (err ${err})` : ''}`,
    providerCode: ok ? null : err,
  };
}
