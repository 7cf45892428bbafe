/**
 * SMPP addresses of a submit_sm (ARCHITECTURE.md §6.1 smpp): the sender (`source_addr`) is the
 * request's `sender_id`, else the application channel's sender name or number; names go as
 * alphanumeric (TON 5, NPI 0), numbers as international (TON 1, NPI 1, without '+'). The recipient
 * is the E.164 number without '+', TON 1 NPI 1. Pure.
 */

export interface SmppAddress {
  addr: string;
  ton: number;
  npi: number;
}

export const TON_INTERNATIONAL = 1;
export const TON_ALPHANUMERIC = 5;
export const NPI_ISDN = 1;

/** A number (optionally '+', digits only) as an international address, or a name as an alphanumeric one. */
function addressOf(value: string, kind: 'auto' | 'name' | 'number'): SmppAddress {
  const v = value.trim();
  const isNumber = kind === 'number' || (kind === 'auto' && /^\+?\d+$/.test(v));
  return isNumber ? { addr: v.replace(/^\+/, ''), ton: TON_INTERNATIONAL, npi: NPI_ISDN } : { addr: v, ton: TON_ALPHANUMERIC, npi: 0 };
}

/**
 * The `source_addr` of a send: `senderId` (the request's `sender_id`: digits = number, else name)
 * first, then the channel's `senderName`, then its `senderNumber`. With none of them: an empty
 * address (TON 0, NPI 0), which lets the SMSC apply the account's default sender.
 */
export function sourceAddress(senderId: string | null | undefined, channel: { senderName: string | null; senderNumber: string | null } | null): SmppAddress {
  if (senderId?.trim()) return addressOf(senderId, 'auto');
  if (channel?.senderName?.trim()) return addressOf(channel.senderName, 'name');
  if (channel?.senderNumber?.trim()) return addressOf(channel.senderNumber, 'number');
  return { addr: '', ton: 0, npi: 0 };
}

/** The `destination_addr` of E.164 `recipient` (`+6281…` -> `6281…`, TON 1 NPI 1). */
export function destinationAddress(recipient: string): SmppAddress {
  return { addr: recipient.replace(/^\+/, ''), ton: TON_INTERNATIONAL, npi: NPI_ISDN };
}
