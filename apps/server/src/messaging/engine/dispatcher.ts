/**
 * Dispatch from the table (ARCHITECTURE.md §6.1, §6.5). No queue job per message: an accepted
 * message is due as soon as its row is committed, and the dispatcher of each worker process claims
 * due messages in batches straight from `messages` (`FOR UPDATE SKIP LOCKED`, stamping
 * `dispatch_claimed_at`: a lease), woken at once by the accept's hand-off (in this process, and by
 * NOTIFY on PostgreSQL across processes) and by a short poll. For each claimed batch it:
 * 1. paces: a message whose driver paces its sender (a WhatsApp number, an SMSC account) takes the
 *    lane's next slot (one send per 1/perSecond s, shared by every process); one whose slot is
 *    further than MAX_INLINE_WAIT_MS away is given back, due PACING_LEAD_MS before its slot, keeping
 *    the slot — so a burst on one sender waits in the table, not in a worker, and never holds up
 *    other senders;
 * 2. records `in_queue` for the whole batch in one status batch;
 * 3. hands each message to its driver, many at once; the carriers' ids are stored in batches, then
 *    what the carrier already said goes through the status pipeline (recordStatus gathers them);
 * 4. a retryable driver error gives the message back with a growing backoff (it stays `in_queue`);
 *    a permanent one fails it with the reason.
 * A dispatcher that dies mid-send (kill -9) loses nothing: its claimed messages are claimed again
 * after DISPATCH_LEASE_MS, never earlier, so a live dispatcher is never overtaken (no double send).
 * Messages accepted more than SWEEP_WITHIN_MS ago and still without a carrier are left alone,
 * visible in Monitoring.
 */
import type { ChannelId } from '@pesan/contracts/channels';
import { LIFECYCLES, type MessageStatus } from '@pesan/contracts/statuses';
import type { Db } from '../../db/client.ts';
import { DriverError, type ChannelDriver, type OutboundMessage, type PacingLane, type SendResult } from '../drivers/driver.ts';
import { reserveLaneSlot } from '../pacing.repo.ts';
import { claimDueMessages, deferMessages, dispatchBacklog, dropSealedBody, findDueMessages, storeProviderIds, type DispatchRow } from './dispatch.repo.ts';
import { recordStatus, recordStatuses } from './status-recorder.ts';
import { gathered } from './gather.ts';
import { hasWakers, wake } from './wake.ts';
import { errorText } from '../../lib/log-safety.ts';

/**
 * A claimed message may be retaken by another dispatcher after this long (ms): longer than a
 * driver's longest send (the smtp driver's timeouts add up to 50 s) plus a paced wait, so a live
 * dispatcher is never overtaken.
 */
export const DISPATCH_LEASE_MS = 90_000;
/** Messages accepted longer ago than this (ms) and still without a carrier are no longer dispatched. */
export const SWEEP_WITHIN_MS = 24 * 3_600_000;
/** A paced message is due this long (ms) before its slot and waits the rest in the worker, so it goes on time. */
export const PACING_LEAD_MS = 1_000;
/** A claimed message whose slot is further than this (ms) is given back until PACING_LEAD_MS before it. */
const MAX_INLINE_WAIT_MS = 1_500;
/** A stored slot missed by more than this (ms) is replaced by a new one: sending late messages at once would break the lane's rate. */
const LATE_AFTER_MS = 100;
/** A retryable failure is tried again after 1 s, 2 s, 4 s, … at most this long (ms). */
const MAX_RETRY_BACKOFF_MS = 5 * 60_000;
/** The wake-up name of the dispatcher (engine/wake.ts) and the NOTIFY channel on PostgreSQL. */
export const DISPATCH_WAKE = 'dispatch';
export const DISPATCH_CHANNEL = 'pesan_dispatch';

export interface DispatchDeps {
  db: Db;
  now: () => Date;
  /** The configured driver of a channel (ARCHITECTURE.md §4 *_DRIVER). */
  driverFor: (channel: ChannelId) => ChannelDriver;
  /**
   * Opens a body's `sealed` field (a secret-box string holding the JSON of the real fields, e.g. a
   * Verify text with its code: modules/verify) into the fields the driver gets; the stored body
   * only has them masked. Unset: bodies go to the driver as stored.
   */
  openSealed?: (sealed: string) => Record<string, unknown>;
}

/**
 * The body a driver gets: the stored one, with its sealed fields opened (DispatchDeps.openSealed).
 * @throws DriverError (not retryable: the message fails) when the seal cannot be opened
 *   (SESSION_SECRET changed since the accept, or the row was altered).
 */
function driverBody(deps: DispatchDeps, stored: Record<string, unknown>): Record<string, unknown> {
  const sealed = stored['sealed'];
  if (typeof sealed !== 'string' || !deps.openSealed) return stored;
  const { sealed: _sealed, ...rest } = stored;
  try {
    return { ...rest, ...deps.openSealed(sealed) };
  } catch {
    throw new DriverError(false, 'sealed_body', 'The message text could not be read back (the server secret changed)');
  }
}

/** The message the accept hands to dispatch. */
export interface DispatchTarget {
  id: string;
  organizationId: string;
  applicationId: string;
  channel: ChannelId;
  /** SMS segments (SMS channels), for lanes that count requests per segment. */
  totalSms?: number | null;
}

/** A reserved send time on a lane. */
interface Slot {
  at: Date;
  lane: string;
  intervalMs: number;
}

/** The window of messages a dispatcher may claim at `now`. */
const windowAt = (now: Date) => ({ now, leaseBefore: new Date(now.getTime() - DISPATCH_LEASE_MS), after: new Date(now.getTime() - SWEEP_WITHIN_MS) });

/**
 * The hand-off from the accept (v1.service.ts `scheduleDispatch`): the message is already due (its
 * committed row is what the dispatcher claims), so this only wakes the dispatchers — this
 * process's at once; when no dispatcher runs in this process (the `api` role), other processes'
 * through `notify` (PostgreSQL NOTIFY, coalesced). Never throws into the accept: a lost wake-up is
 * caught by the next poll.
 */
export function createDispatchHandOff(deps: { db: Db; notify?: () => Promise<void> }): (message: DispatchTarget) => Promise<void> {
  let pending = false;
  return async () => {
    if (hasWakers(deps.db, DISPATCH_WAKE)) return wake(deps.db, DISPATCH_WAKE);
    if (!deps.notify || pending) return;
    // One NOTIFY per few milliseconds whatever the accept rate.
    pending = true;
    setTimeout(() => {
      pending = false;
      deps.notify!().catch(() => {});
    }, 2).unref();
  };
}

/** Per lane in this process: the tail of the queue of waiters and when the last one went (ms since the epoch). */
const laneGates = new Map<string, { tail: Promise<void>; lastAt: number }>();

/**
 * Waits until this process may send on `lane` again: consecutive sends of one process on a lane
 * leave at least `intervalMs` apart, measured from when the previous one actually went, so a
 * stalled event loop cannot release a clump of due sends at once (the reserved slots keep
 * processes apart; this keeps one process's own sends apart).
 */
function laneGate(lane: string, intervalMs: number): Promise<void> {
  const gate = laneGates.get(lane) ?? { tail: Promise.resolve(), lastAt: 0 };
  const turn = gate.tail.then(async () => {
    for (let wait = gate.lastAt + intervalMs - Date.now(); wait > 0; wait = gate.lastAt + intervalMs - Date.now()) {
      await new Promise((r) => setTimeout(r, wait));
    }
    gate.lastAt = Date.now();
  });
  gate.tail = turn;
  laneGates.set(lane, gate);
  // Forget idle lanes (the last waiter is done and nobody queued since).
  void turn.then(() => {
    if (laneGates.get(lane)?.tail === turn && Date.now() - gate.lastAt > 60_000) laneGates.delete(lane);
  });
  return turn;
}

/**
 * The slot of each of `rows` (null: its driver does not pace it). A row keeps the slot it was
 * deferred with unless it missed it; the others of one lane get consecutive slots reserved in one
 * statement per lane (a message of several requests, such as SMS segments, takes that many
 * intervals). The lane of a message is looked up once per application in the batch.
 */
async function slotsFor(deps: DispatchDeps, rows: DispatchRow[], now: Date): Promise<(Slot | null)[]> {
  const lanes = new Map<string, Promise<PacingLane | null>>();
  const laneOf = (row: DispatchRow) => {
    const channel = row.channel as ChannelId;
    const key = `${channel}|${row.applicationId}|${row.totalSms ?? 1}`;
    let lane = lanes.get(key);
    if (!lane) lanes.set(key, (lane = Promise.resolve(deps.driverFor(channel).pacing?.({ ...row, channel }) ?? null)));
    return lane;
  };
  const slots: (Slot | null)[] = rows.map(() => null);
  const toReserve = new Map<string, { index: number; spanMs: number }[]>();
  const intervals = new Map<string, number>();
  for (const [i, row] of rows.entries()) {
    const lane = await laneOf(row);
    if (!lane) continue;
    const intervalMs = 1000 / lane.perSecond;
    intervals.set(lane.key, intervalMs);
    if (row.slotAt && now.getTime() - row.slotAt.getTime() <= LATE_AFTER_MS) {
      slots[i] = { at: row.slotAt, lane: lane.key, intervalMs };
      continue;
    }
    const list = toReserve.get(lane.key) ?? [];
    list.push({ index: i, spanMs: intervalMs * Math.max(1, lane.units ?? 1) });
    toReserve.set(lane.key, list);
  }
  for (const [key, list] of toReserve) {
    const start = (await reserveLaneSlot(deps.db, key, list.reduce((sum, x) => sum + x.spanMs, 0), now)).getTime();
    let offset = 0;
    for (const x of list) {
      slots[x.index] = { at: new Date(start + offset), lane: key, intervalMs: intervals.get(key)! };
      offset += x.spanMs;
    }
  }
  return slots;
}

/** Stores one carrier id, gathered with the ids other sends store at the same time (engine/gather.ts). */
const storeProviderId = gathered(storeProviderIds);

/**
 * Sends one claimed message: waits for its slot when paced, hands it to its driver, stores the
 * carrier's id and records what the carrier said. Never throws (errors are logged; the message is
 * given back or failed).
 */
async function sendOne(deps: DispatchDeps, row: DispatchRow, slot: Slot | null): Promise<'sent' | 'failed' | 'retry'> {
  const channel = row.channel as ChannelId;
  const left = slot ? slot.at.getTime() - deps.now().getTime() : 0;
  if (left > 0) await new Promise((r) => setTimeout(r, left));
  const paced = slot && slot.intervalMs > 0 ? slot : null;
  let body: Record<string, unknown>;
  try {
    body = driverBody(deps, row.body as Record<string, unknown>);
  } catch (err) {
    const e = err as DriverError;
    await recordStatus(deps.db, { messageId: row.id, messageCreatedAt: row.createdAt, status: 'failed', at: deps.now(), reason: e.reason, providerCode: e.code });
    return 'failed';
  }
  const message: OutboundMessage = {
    id: row.id,
    createdAt: row.createdAt,
    organizationId: row.organizationId,
    applicationId: row.applicationId,
    channel,
    recipient: row.recipient,
    body,
    templateName: row.templateName,
    ...(paced ? { awaitTurn: () => laneGate(paced.lane, paced.intervalMs) } : {}),
  };
  const driver = deps.driverFor(channel);
  const sealed = typeof (row.body as Record<string, unknown> | null)?.['sealed'] === 'string';
  let result: SendResult;
  try {
    result = await driver.send(message);
  } catch (err) {
    if (err instanceof DriverError && !err.retryable) {
      if (sealed) await dropSealedBody(deps.db, row.id, row.createdAt);
      await recordStatus(deps.db, { messageId: row.id, messageCreatedAt: row.createdAt, status: 'failed', at: deps.now(), reason: err.reason, providerCode: err.code });
      return 'failed';
    }
    const backoff = Math.min(MAX_RETRY_BACKOFF_MS, 1000 * 2 ** row.attempts);
    await deferMessages(deps.db, [{ id: row.id, createdAt: row.createdAt, after: new Date(deps.now().getTime() + backoff), slotAt: null, retry: true }]);
    return 'retry';
  }
  // A Verify code's real text is needed no more: the carrier has it (engine keeps no copy).
  if (sealed) await dropSealedBody(deps.db, row.id, row.createdAt);
  const multipart = (result.segmentIds?.length ?? 0) > 1;
  if (result.status && !multipart) {
    // The carrier's id and what it said, in one update of the message (a status batch).
    const carrier = { driver: driver.name, providerMessageId: result.providerMessageId };
    await recordStatus(deps.db, { messageId: row.id, messageCreatedAt: row.createdAt, status: result.status, at: deps.now(), reason: result.reason ?? null, providerCode: result.providerCode ?? null, carrier });
  } else {
    await storeProviderId(deps.db, { id: row.id, createdAt: row.createdAt, organizationId: row.organizationId, driver: driver.name, providerMessageId: result.providerMessageId, ...(result.segmentIds ? { segmentIds: result.segmentIds } : {}) });
    if (result.status) {
      await recordStatus(deps.db, { messageId: row.id, messageCreatedAt: row.createdAt, status: result.status, at: deps.now(), reason: result.reason ?? null, providerCode: result.providerCode ?? null });
    }
  }
  return 'sent';
}

/** The dispatcher of a process (see the file comment). */
export interface Dispatcher {
  /**
   * Claims as many due messages as there is room for (at most one batch) and starts sending them.
   * @returns true when a full batch was claimed (more may be due: call again).
   */
  fill(): Promise<boolean>;
  /** Messages claimed and not yet done. */
  inFlight(): number;
  /** Resolves when no claimed message is being sent any more, or after `timeoutMs`. */
  drain(timeoutMs: number): Promise<void>;
}

/** Listeners told the size of each claimed dispatch batch (metrics). */
const batchListeners = new Set<(size: number) => void>();
/** Subscribes to claimed dispatch batches (their message count); returns the unsubscribe function. */
export function onDispatchBatch(listener: (size: number) => void): () => void {
  batchListeners.add(listener);
  return () => batchListeners.delete(listener);
}

/**
 * A dispatcher on `deps`: at most `maxInFlight` messages claimed at once (sends wait on carriers
 * and paced slots, so many run side by side), claimed `batchSize` at a time.
 */
export function createDispatcher(deps: DispatchDeps, opts: { maxInFlight?: number; batchSize?: number } = {}): Dispatcher {
  const maxInFlight = opts.maxInFlight ?? 1000;
  const batchSize = opts.batchSize ?? 500;
  let inFlight = 0;
  const running = new Set<Promise<unknown>>();

  /** Sends a claimed batch; `done(n)` is called as its messages finish (given back, sent, failed). */
  const handle = async (rows: DispatchRow[], done: (n: number) => void) => {
    const now = deps.now();
    const ready: { row: DispatchRow; slot: Slot | null }[] = [];
    const deferred: Parameters<typeof deferMessages>[1] = [];
    const slots = await slotsFor(deps, rows, now);
    for (const [i, row] of rows.entries()) {
      const slot = slots[i]!;
      if (slot && slot.at.getTime() - now.getTime() > MAX_INLINE_WAIT_MS) deferred.push({ id: row.id, createdAt: row.createdAt, after: new Date(slot.at.getTime() - PACING_LEAD_MS), slotAt: slot.at, retry: false });
      else ready.push({ row, slot });
    }
    await deferMessages(deps.db, deferred);
    done(deferred.length);
    // The whole batch is queued in one status batch (channels whose lifecycle has `in_queue`).
    await recordStatuses(
      deps.db,
      ready
        .filter(({ row }) => row.status !== 'in_queue' && LIFECYCLES[row.channel as ChannelId].includes('in_queue' as MessageStatus))
        .map(({ row }) => ({ messageId: row.id, messageCreatedAt: row.createdAt, status: 'in_queue' as const, at: now })),
    );
    await Promise.all(
      ready.map(({ row, slot }) =>
        sendOne(deps, row, slot)
          .catch((err: unknown) => console.error(`[dispatch] ${row.id}: ${errorText(err)}`))
          .finally(() => {
            done(1);
            wake(deps.db, DISPATCH_WAKE);
          }),
      ),
    );
  };

  return {
    async fill() {
      const room = Math.min(batchSize, maxInFlight - inFlight);
      if (room <= 0) return false;
      const rows = await claimDueMessages(deps.db, { ...windowAt(deps.now()), limit: room });
      if (!rows.length) return false;
      for (const l of batchListeners) l(rows.length);
      inFlight += rows.length;
      let remaining = rows.length;
      const done = (n: number) => {
        remaining -= n;
        inFlight -= n;
      };
      const p = handle(rows, done).catch((err: unknown) => {
        // The batch's unsent messages stay claimed: after the lease a dispatcher takes them again.
        console.error(`[dispatch] batch of ${rows.length}: ${errorText(err)}`);
        done(remaining);
      });
      running.add(p);
      void p.finally(() => running.delete(p));
      return rows.length === room && inFlight < maxInFlight;
    },
    inFlight: () => inFlight,
    async drain(timeoutMs) {
      const until = Date.now() + timeoutMs;
      while (running.size && Date.now() < until) await Promise.race([Promise.allSettled(running), new Promise((r) => setTimeout(r, 100))]);
    },
  };
}

/**
 * Ids of messages due for dispatch at `now` that no dispatcher holds (at most `limit`, oldest
 * first): what the dispatcher would claim next.
 */
export function undispatchedMessages(db: Db, now: Date, limit = 500): Promise<{ id: string }[]> {
  return findDueMessages(db, { ...windowAt(now), limit });
}

/** The dispatch backlog at `now` (metrics): messages due and the age (ms) of the oldest. */
export function dispatchLag(db: Db, now: Date): Promise<{ due: number; oldestAgeMs: number }> {
  return dispatchBacklog(db, windowAt(now));
}
