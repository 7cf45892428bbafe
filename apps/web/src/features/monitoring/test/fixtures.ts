/** Shared fixtures of the Monitoring component tests: a JSON fetch answer and a transaction record. */
import type { TransactionRecord } from '@pesan/contracts/records';

/** A fetch Response with `body` as JSON. */
export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A delivered one-segment record of `channel` with id `msgid`, sent to +6281234567891. */
export function recordFixture(msgid: string, channel: TransactionRecord['channel']): TransactionRecord {
  return {
    msgid,
    channel,
    phone_number: '+6281234567891',
    email: null,
    to_number: null,
    msgInfo: null,
    created_at: '2026-03-15T03:04:00Z',
    updated_at: '2026-03-15T03:04:02Z',
    total_sms: 1,
    country: 'ID',
    status: 'delivered',
    reason: null,
  };
}
