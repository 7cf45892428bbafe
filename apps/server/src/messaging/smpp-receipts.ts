/**
 * SMPP delivery receipts into the status pipeline (ARCHITECTURE.md §6.1 smpp). A single-part
 * message takes `sent` (the SMSC had it) and then the receipt's status at once. A long SMS (one submit_sm per segment, table
 * message_segments) records `sent` on any segment receipt, and its final status only once every
 * segment has a final receipt: `delivered` when all were delivered, else the first (in segment
 * order) non-delivered segment's status and reason. A segment counts once: a late non-final
 * receipt never overwrites its final one, and recordStatus ignores what is not a step forward.
 */
import type { MessageStatus } from '@pesan/contracts/statuses';
import type { Db } from '../db/client.ts';
import { recordStatus } from './engine/status-recorder.ts';
import { retryWhileUnknown } from './early-callback.ts';
import { applySegmentReceipt, type SegmentState } from './segments.repo.ts';
import type { SmppReceipt } from './smpp/receipt.ts';

const DRIVER = 'smpp';
/** Segment statuses that end a segment (receipts after one of them are ignored). */
const FINAL: readonly MessageStatus[] = ['delivered', 'undelivered', 'rejected', 'failed'];

/**
 * The final status of a message from its segments, or null while one has no final receipt:
 * delivered when every segment was delivered, else the first non-delivered segment's status,
 * reason and code.
 */
export function messageOutcome(segments: readonly Pick<SegmentState, 'status' | 'reason' | 'providerCode'>[]): { status: MessageStatus; reason: string | null; providerCode: string | null } | null {
  if (!segments.length || segments.some((s) => !s.status || !FINAL.includes(s.status as MessageStatus))) return null;
  const bad = segments.find((s) => s.status !== 'delivered');
  return bad ? { status: bad.status as MessageStatus, reason: bad.reason, providerCode: bad.providerCode } : { status: 'delivered', reason: null, providerCode: null };
}

/**
 * Records `receipt` (see the file comment). Safe to call again with the same receipt.
 * @returns 'recorded' when it reached a message (whether or not its status moved), 'unknown' when
 *   no message or segment carries the id (yet: the receipt may beat the storing of the carrier id).
 */
export async function recordSmppReceipt(db: Db, receipt: SmppReceipt): Promise<'recorded' | 'unknown'> {
  const seg = await applySegmentReceipt(db, { driver: DRIVER, providerMessageId: receipt.providerMessageId }, receipt, FINAL);
  if (!seg) {
    // A receipt means the SMSC took the message: `sent` first (ignored when already there), so a
    // failure after it is a carrier outcome, not a refusal (quota rule, contracts/statuses.ts).
    const key = { driver: DRIVER, providerMessageId: receipt.providerMessageId };
    const sent = await recordStatus(db, { ...key, status: 'sent', at: receipt.at });
    if (sent.outcome === 'unknown') return 'unknown';
    if (receipt.status !== 'sent') await recordStatus(db, { ...key, status: receipt.status, at: receipt.at, reason: receipt.reason, providerCode: receipt.providerCode });
    return 'recorded';
  }
  await recordStatus(db, { messageId: seg.messageId, status: 'sent', at: receipt.at });
  const outcome = messageOutcome(seg.segments);
  if (outcome) await recordStatus(db, { messageId: seg.messageId, status: outcome.status, at: receipt.at, reason: outcome.reason, providerCode: outcome.providerCode });
  return 'recorded';
}

/**
 * Records `receipt`; when no message has its id yet (the SMSC answered the receipt before dispatch
 * stored the id), tries again in the background every `retryMs` up to `retries` times, then drops
 * it with a warning. Resolves after the first attempt. @throws what the first attempt throws
 * (database errors), so the deliver_sm is answered with an error and resent by the SMSC.
 */
export async function takeSmppReceipt(db: Db, receipt: SmppReceipt, opts: { retries?: number; retryMs?: number } = {}): Promise<void> {
  await retryWhileUnknown(`SMPP receipt ${receipt.providerMessageId}`, async () => (await recordSmppReceipt(db, receipt)) === 'recorded', opts);
}
