/**
 * recordStatus: the one way a message's status changes (ARCHITECTURE.md §6.1). Every source — a
 * driver's send result, a carrier callback, the sandbox carrier, an e-mail open or click — calls it.
 * In one transaction it applies the lifecycle rule (never backwards; a duplicate or late report is
 * ignored; a report that skips happy-path steps records them too), appends the message_events,
 * moves the message_stats_hourly counters (old status -1, new +1, at the message's creation hour),
 * refunds prepaid quota when the message ends in a failure the carrier never took (refundsQuota in
 * contracts/statuses.ts), and writes one status_outbox row per recorded status.
 */
import type { ChannelId } from '@pesan/contracts/channels';
import { FAILURE_STATUSES, refundsQuota, statusSteps, type MessageStatus } from '@pesan/contracts/statuses';
import type { Db } from '../db/client.ts';
import { insertEvents, insertOutbox, lockMessage, moveStatsCounter, refundMessageQuota, statusHistory, updateMessageStatus } from './status.repo.ts';

/** A status report. Name the message by `messageId`, or by the driver's `providerMessageId`. */
export type StatusReport = ({ messageId: string } | { driver: string; providerMessageId: string }) & {
  status: MessageStatus;
  /** When the carrier says it happened. */
  at: Date;
  reason?: string | null;
  /** The carrier's own code (SMTP reply code, Graph error code, SMPP error). */
  providerCode?: string | null;
};

export type RecordOutcome =
  | { outcome: 'recorded'; messageId: string; channel: ChannelId; previous: MessageStatus; statuses: MessageStatus[]; refunded: number }
  | { outcome: 'ignored'; messageId: string; channel: ChannelId; current: MessageStatus }
  | { outcome: 'unknown' };

/** The UTC hour that `at` falls in. */
export const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);

/** Listeners told after a recorded status committed (metrics); never throw into the pipeline. */
const listeners = new Set<(o: Extract<RecordOutcome, { outcome: 'recorded' }>) => void>();
/** Subscribes to recorded status changes; returns the unsubscribe function. */
export function onStatusRecorded(listener: (o: Extract<RecordOutcome, { outcome: 'recorded' }>) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Applies `report` (see the file comment). Safe to call twice with one report and in any order:
 * what is not a step forward is ignored.
 * @returns 'recorded' with the statuses written (skipped steps first) and the quota refunded;
 *   'ignored' (duplicate, backwards, after a final status); 'unknown' when no message matches.
 */
export async function recordStatus(db: Db, report: StatusReport): Promise<RecordOutcome> {
  const outcome = await db.transaction(async (txAny): Promise<RecordOutcome> => {
    const tx = txAny as unknown as Db;
    const message = await lockMessage(tx, 'messageId' in report ? { id: report.messageId } : report);
    if (!message) return { outcome: 'unknown' };
    const channel = message.channel as ChannelId;
    const previous = message.status as MessageStatus;
    const steps = statusSteps(channel, previous, report.status);
    if (!steps) return { outcome: 'ignored', messageId: message.id, channel, current: previous };
    const reason = report.reason ?? null;
    const providerCode = report.providerCode ?? null;
    const final = steps[steps.length - 1]!;
    await updateMessageStatus(tx, { id: message.id, status: final, at: report.at, reason, providerCode });
    // Skipped steps carry no reason or code: they are what the carrier implied, not what it said.
    const events = steps.map((status) => ({ status, at: report.at, reason: status === final ? reason : null, providerCode: status === final ? providerCode : null }));
    await insertEvents(tx, message.id, events);
    await insertOutbox(
      tx,
      events.map((e, i) => ({
        messageId: message.id,
        organizationId: message.organizationId,
        applicationId: message.applicationId,
        channel,
        status: e.status,
        previousStatus: i === 0 ? previous : steps[i - 1]!,
        reason: e.reason,
        providerCode: e.providerCode,
        at: e.at,
      })),
    );
    let refunded = 0;
    if (FAILURE_STATUSES[channel].includes(final) && refundsQuota(channel, (await statusHistory(tx, message.id)) as MessageStatus[], final)) {
      refunded = await refundMessageQuota(tx, message.id, report.at);
    }
    // Last: the counter rows are shared by every message of the hour, so their locks are held
    // for as short a time as possible.
    await moveStatsCounter(tx, { applicationId: message.applicationId, channel, hour: hourOf(message.createdAt), from: previous, to: final });
    return { outcome: 'recorded', messageId: message.id, channel, previous, statuses: steps, refunded };
  });
  if (outcome.outcome === 'recorded') for (const l of listeners) l(outcome);
  return outcome;
}
