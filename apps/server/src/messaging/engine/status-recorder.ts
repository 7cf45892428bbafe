/**
 * The status pipeline (ARCHITECTURE.md §6.1, §6.5): the one way a message's status changes. Every
 * source — a driver's send result, a carrier callback (SMPP receipt, WhatsApp webhook), the sandbox
 * carrier, an e-mail open or click, the dispatcher — hands its reports to `recordStatuses`, which
 * records a whole batch in one transaction:
 * 1. locks every message the batch names, in id order (concurrent batches never deadlock);
 * 2. applies each report in order through the lifecycle rule (never backwards; a duplicate or late
 *    report is ignored, also within the batch; a report that skips happy-path steps records them);
 * 3. writes the messages' new statuses, their message_events and status_outbox rows (one
 *    multi-row statement each);
 * 4. refunds prepaid quota of a message that ends in a failure the carrier never took (refundsQuota
 *    in contracts/statuses.ts);
 * 5. moves the message_stats_hourly counters once per (application, channel, hour, status) for the
 *    whole batch, keys in a fixed order, last (shared rows: their locks are held shortest).
 * A batch costs about 7 round trips whatever its size. `recordStatus` (one report) goes through an
 * in-process buffer that gathers concurrent reports into such batches; it resolves only once its
 * report's batch committed, so a carrier's callback is answered after its status is stored.
 */
import type { ChannelId } from '@pesan/contracts/channels';
import { FAILURE_STATUSES, refundsQuota, statusSteps, type MessageStatus } from '@pesan/contracts/statuses';
import type { Db } from '../../db/client.ts';
import { insertEvents, insertOutbox, lockMessages, moveStatsCounters, refundMessageQuota, statusHistories, updateMessageStatuses, type CounterMove, type EventRow, type LockedMessage } from './status.repo.ts';

/** A status report. Name the message by `messageId`, or by the driver's `providerMessageId`. */
export type StatusReport = ({ messageId: string; /** Its created_at when known: the lock then reads one month's partition. */ messageCreatedAt?: Date } | { driver: string; providerMessageId: string }) & {
  status: MessageStatus;
  /** When the carrier says it happened. */
  at: Date;
  reason?: string | null;
  /** The carrier's own code (SMTP reply code, Graph error code, SMPP error). */
  providerCode?: string | null;
  /**
   * A driver's send result: the driver and the carrier's id for the message, stored in the same
   * update as the status (and stored even when the status itself is ignored).
   */
  carrier?: { driver: string; providerMessageId: string };
};

export type RecordOutcome =
  | { outcome: 'recorded'; messageId: string; channel: ChannelId; previous: MessageStatus; statuses: MessageStatus[]; refunded: number }
  | { outcome: 'ignored'; messageId: string; channel: ChannelId; current: MessageStatus }
  | { outcome: 'unknown' };

type Recorded = Extract<RecordOutcome, { outcome: 'recorded' }>;

/** The UTC hour that `at` falls in. */
export const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);

/** Listeners told after a recorded status committed (metrics, webhook fan-out); never throw into the pipeline. */
const listeners = new Set<(o: Recorded) => void>();
/** Subscribes to recorded status changes; returns the unsubscribe function. */
export function onStatusRecorded(listener: (o: Recorded) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Listeners told the size (reports) of each committed status batch (metrics). */
const batchListeners = new Set<(size: number) => void>();
/** Subscribes to committed status batches (their report count); returns the unsubscribe function. */
export function onStatusBatch(listener: (size: number) => void): () => void {
  batchListeners.add(listener);
  return () => batchListeners.delete(listener);
}

const providerKey = (driver: string, providerMessageId: string) => `${driver}\u0000${providerMessageId}`;

/**
 * Records `reports` in one transaction of `db` (see the file comment); `db` may itself be a
 * transaction (the sandbox carrier claims its steps in the same one). Reports of one message apply
 * in array order.
 * @returns one outcome per report, in order: 'recorded' with the statuses written (skipped steps
 *   first) and the quota refunded; 'ignored' (duplicate, backwards, after a final status);
 *   'unknown' when no message matches.
 * @throws what the database throws (nothing of the batch is then recorded).
 */
export async function recordStatusesIn(db: Db, reports: readonly StatusReport[]): Promise<RecordOutcome[]> {
  if (!reports.length) return [];
  const ids = new Map<string, Date | undefined>();
  const providers = new Map<string, { driver: string; providerMessageId: string }>();
  for (const r of reports) {
    if ('messageId' in r) ids.set(r.messageId, ids.get(r.messageId) ?? r.messageCreatedAt);
    else providers.set(providerKey(r.driver, r.providerMessageId), { driver: r.driver, providerMessageId: r.providerMessageId });
  }
  const locked = await lockMessages(db, { ids: [...ids].map(([id, createdAt]) => ({ id, createdAt })), providers: [...providers.values()] });
  const byId = new Map<string, LockedMessage>();
  const byProvider = new Map<string, LockedMessage>();
  for (const m of locked) {
    byId.set(m.id, m);
    if (m.driver && m.providerMessageId) byProvider.set(providerKey(m.driver, m.providerMessageId), m);
  }

  // Each message's state as the batch moves it: its status before the batch, now, and what to write.
  interface Moving {
    message: LockedMessage;
    original: MessageStatus;
    current: MessageStatus;
    at: Date;
    reason: string | null;
    providerCode: string | null;
  }
  const moving = new Map<string, Moving>();
  /** Carrier ids to store, by message id (reports with `carrier`). */
  const carriers = new Map<string, { message: LockedMessage; driver: string; providerMessageId: string }>();
  const events: EventRow[] = [];
  const outbox: Parameters<typeof insertOutbox>[1] = [];
  const outcomes: RecordOutcome[] = [];
  /** Reports whose final step is a failure status: refund candidates, by outcome index. */
  const failures: { index: number; messageId: string; status: MessageStatus; at: Date }[] = [];

  for (const report of reports) {
    const message = 'messageId' in report ? byId.get(report.messageId) : byProvider.get(providerKey(report.driver, report.providerMessageId));
    if (!message) {
      outcomes.push({ outcome: 'unknown' });
      continue;
    }
    if (report.carrier) carriers.set(message.id, { message, ...report.carrier });
    const channel = message.channel as ChannelId;
    let state = moving.get(message.id);
    const previous = state?.current ?? (message.status as MessageStatus);
    const steps = statusSteps(channel, previous, report.status);
    if (!steps) {
      outcomes.push({ outcome: 'ignored', messageId: message.id, channel, current: previous });
      continue;
    }
    if (!state) {
      state = { message, original: previous, current: previous, at: report.at, reason: null, providerCode: null };
      moving.set(message.id, state);
    }
    const reason = report.reason || null;
    const providerCode = report.providerCode || null;
    const final = steps[steps.length - 1]!;
    state.current = final;
    if (report.at > state.at) state.at = report.at;
    if (reason) state.reason = reason;
    if (providerCode) state.providerCode = providerCode;
    // Skipped steps carry no reason or code: they are what the carrier implied, not what it said.
    steps.forEach((status, i) => {
      const last = status === final;
      events.push({ organizationId: message.organizationId, messageId: message.id, messageCreatedAt: message.createdAt, status, at: report.at, reason: last ? reason : null, providerCode: last ? providerCode : null });
      outbox.push({
        messageId: message.id,
        organizationId: message.organizationId,
        applicationId: message.applicationId,
        channel,
        status,
        previousStatus: i === 0 ? previous : steps[i - 1]!,
        reason: last ? reason : null,
        providerCode: last ? providerCode : null,
        at: report.at,
      });
    });
    if (FAILURE_STATUSES[channel].includes(final)) failures.push({ index: outcomes.length, messageId: message.id, status: final, at: report.at });
    outcomes.push({ outcome: 'recorded', messageId: message.id, channel, previous, statuses: steps, refunded: 0 });
  }

  // A carrier id whose status did not move is written with the status the message has.
  for (const [id, c] of carriers) {
    if (!moving.has(id)) {
      const status = c.message.status as MessageStatus;
      moving.set(id, { message: c.message, original: status, current: status, at: c.message.createdAt, reason: null, providerCode: null });
    }
  }
  if (moving.size) {
    const states = [...moving.values()];
    await updateMessageStatuses(
      db,
      states.map((s) => ({ id: s.message.id, createdAt: s.message.createdAt, status: s.current, at: s.at, reason: s.reason, providerCode: s.providerCode, carrier: carriers.get(s.message.id) ?? null })),
    );
    await insertEvents(db, events);
    await insertOutbox(db, outbox);
    if (failures.length) {
      const failing = new Map(failures.map((f) => [f.messageId, moving.get(f.messageId)!.message]));
      const histories = await statusHistories(db, [...failing.values()]);
      for (const f of failures) {
        const channel = byId.get(f.messageId)?.channel ?? (outcomes[f.index] as Recorded).channel;
        if (!refundsQuota(channel as ChannelId, (histories.get(f.messageId) ?? []) as MessageStatus[], f.status)) continue;
        (outcomes[f.index] as Recorded).refunded = await refundMessageQuota(db, f.messageId, f.at);
      }
    }
    // Last, summed per key and in key order (see the file comment).
    const counters = new Map<string, CounterMove>();
    const bump = (s: Moving, status: string, delta: number) => {
      const hour = hourOf(s.message.createdAt);
      const key = `${s.message.applicationId}|${s.message.channel}|${hour.toISOString()}|${status}`;
      const c = counters.get(key) ?? { organizationId: s.message.organizationId, applicationId: s.message.applicationId, channel: s.message.channel, hour, status, delta: 0 };
      c.delta += delta;
      counters.set(key, c);
    };
    for (const s of states) {
      if (s.original === s.current) continue;
      bump(s, s.original, -1);
      bump(s, s.current, 1);
    }
    const moves = [...counters.entries()]
      .filter(([, c]) => c.delta !== 0)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, c]) => c);
    await moveStatsCounters(db, moves);
  }
  return outcomes;
}

/**
 * Tells the listeners (metrics, the webhook fan-out) about a committed batch of `outcomes`; for
 * callers of recordStatusesIn, after their transaction committed. A listener's error never reaches
 * the pipeline.
 */
export function announceRecorded(outcomes: readonly RecordOutcome[]): void {
  for (const l of batchListeners) {
    try {
      l(outcomes.length);
    } catch {
      // metrics only
    }
  }
  for (const o of outcomes) {
    if (o.outcome !== 'recorded') continue;
    for (const l of listeners) {
      try {
        l(o);
      } catch {
        // metrics only
      }
    }
  }
}

/**
 * Records `reports` in one transaction of its own (see recordStatusesIn), then tells the listeners.
 * @returns one outcome per report, in order. @throws what the database throws (nothing recorded).
 */
export async function recordStatuses(db: Db, reports: readonly StatusReport[]): Promise<RecordOutcome[]> {
  if (!reports.length) return [];
  const outcomes = await db.transaction((tx) => recordStatusesIn(tx as unknown as Db, reports));
  announceRecorded(outcomes);
  return outcomes;
}

/** Largest batch the buffer writes at once (reports). */
export const STATUS_BATCH_MAX = 500;
/** Batches of one buffer in flight at once (each a transaction on its own connection). */
const STATUS_BATCHES_IN_FLIGHT = 4;

interface Pending {
  report: StatusReport;
  resolve: (o: RecordOutcome) => void;
  reject: (err: unknown) => void;
}

/** Per database: reports waiting for a batch, and how many batches are being written. */
const buffers = new WeakMap<Db, { queue: Pending[]; inFlight: number; scheduled: boolean }>();

/**
 * Records `batch` and settles each caller. A failed batch (a report the database refuses, a
 * serialisation failure) is written again one report at a time, so one bad report fails only its
 * own caller.
 */
async function writeBatch(db: Db, batch: Pending[]): Promise<void> {
  try {
    const outcomes = await recordStatuses(
      db,
      batch.map((p) => p.report),
    );
    batch.forEach((p, i) => p.resolve(outcomes[i]!));
  } catch (err) {
    if (batch.length === 1) return batch[0]!.reject(err);
    await Promise.all(batch.map((p) => recordStatuses(db, [p.report]).then((o) => p.resolve(o[0]!), p.reject)));
  }
}

/** Writes the waiting reports of `db`'s buffer, up to STATUS_BATCHES_IN_FLIGHT batches at a time. */
function pump(db: Db): void {
  const buf = buffers.get(db);
  if (!buf) return;
  while (buf.queue.length && buf.inFlight < STATUS_BATCHES_IN_FLIGHT) {
    const batch = buf.queue.splice(0, STATUS_BATCH_MAX);
    buf.inFlight++;
    void writeBatch(db, batch)
      .finally(() => {
        buf.inFlight--;
        pump(db);
      });
  }
}

/**
 * Records one report (see the file comment) through `db`'s in-process buffer: reports arriving
 * while other batches are written (or in the same tick) are written together. Safe to call twice
 * with one report and in any order: what is not a step forward is ignored.
 * @returns its outcome, once its batch committed. @throws what the database throws.
 */
export function recordStatus(db: Db, report: StatusReport): Promise<RecordOutcome> {
  let buf = buffers.get(db);
  if (!buf) buffers.set(db, (buf = { queue: [], inFlight: 0, scheduled: false }));
  const b = buf;
  return new Promise<RecordOutcome>((resolve, reject) => {
    b.queue.push({ report, resolve, reject });
    if (b.scheduled) return;
    b.scheduled = true;
    // Gathers the reports of this tick (a webhook body's statuses, a dispatch batch's results).
    setImmediate(() => {
      b.scheduled = false;
      pump(db);
    });
  });
}
