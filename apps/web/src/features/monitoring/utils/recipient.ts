import type { TransactionRecord } from '@pesan/contracts/records';

/** The recipient shown for a record: phone number, e-mail, or the called number (voice OTP); '-' when none. */
export function recipientOf(r: TransactionRecord): string {
  return r.phone_number || r.email || r.to_number || '-';
}
