/**
 * Dispatch (ARCHITECTURE.md §6.1): a `message-dispatch` job `{messageId}` claims the message,
 * queues it (`in_queue`), hands it to its channel's driver, stores the carrier's id and records what
 * the carrier already said. Retryable driver errors release the claim and retry with backoff (the
 * message stays visible as `in_queue`); permanent ones fail the message with the reason. A sweep
 * re-enqueues messages never handed to a carrier (a crash before the job, or after retries ran out).
 */
import type { ChannelId } from '@pesan/contracts/channels';
import { LIFECYCLES, type MessageStatus } from '@pesan/contracts/statuses';
import type { Db } from '../db/client.ts';
import { claimForDispatch, findUndispatched, isClaimedElsewhere, releaseDispatchClaim, setProviderMessageId } from './dispatch.repo.ts';
import { DriverError, type ChannelDriver, type OutboundMessage } from './drivers/driver.ts';
import { reserveLaneSlot } from './pacing.repo.ts';
import { recordStatus } from './engine/status-recorder.ts';

/**
 * A claimed message may be retaken by another dispatcher after this long (ms): longer than a
 * dispatch job's expiry (60 s, jobs/registry.ts) and than a driver's longest send (the smtp driver's
 * timeouts add up to 50 s), so a live dispatcher is never overtaken.
 */
export const DISPATCH_LEASE_MS = 90_000;
/** The sweep re-enqueues messages accepted more than this long ago (ms) and still without a carrier. */
export const SWEEP_AFTER_MS = 2 * 60_000;
/** …and not more than this long ago (ms): older ones stay as they are, visible in Monitoring. */
export const SWEEP_WITHIN_MS = 24 * 3_600_000;

/** Statuses a message can be dispatched from: its initial status, or `in_queue` (a retry). */
const DISPATCHABLE: readonly MessageStatus[] = ['submitted', 'in_queue'];

/** A paced job is queued this long (ms) before its slot and waits the rest in the worker, so it starts on time. */
export const PACING_LEAD_MS = 1_000;
/** A job started more than this long (ms) before its slot gives the message up and is queued again for the slot. */
const MAX_INLINE_WAIT_MS = 1_500;
/**
 * A paced job started this long (ms) after its slot takes a new slot: sending every late message
 * at once (the workers fell behind, a retry) would break the lane's rate.
 */
const LATE_AFTER_MS = 100;

export interface DispatchDeps {
  db: Db;
  now: () => Date;
  /** The configured driver of a channel (ARCHITECTURE.md §4 *_DRIVER). */
  driverFor: (channel: ChannelId) => ChannelDriver;
  /** Queues a dispatch job `{messageId, notBefore?}` to start at `startAfter` (now when absent). */
  enqueueDispatch: (data: DispatchJob, startAfter?: Date) => Promise<void>;
}

/**
 * The payload of a dispatch job: ids only (ARCHITECTURE.md §6.1); for a paced message its slot (ISO
 * time), its lane's key and the lane's interval between sends (ms).
 */
export interface DispatchJob {
  messageId: string;
  notBefore?: string;
  lane?: string;
  intervalMs?: number;
}

/** The message a dispatch is scheduled for. */
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

/** Reserves the next slot of `message`'s lane at `now`, or null when its driver does not pace it. */
async function reserveSlot(deps: DispatchDeps, message: DispatchTarget, now: Date): Promise<Slot | null> {
  const lane = (await deps.driverFor(message.channel).pacing?.(message)) ?? null;
  if (!lane) return null;
  const intervalMs = 1000 / lane.perSecond;
  // A message of several requests (SMS segments) takes that many intervals of the lane.
  return { at: await reserveLaneSlot(deps.db, lane.key, intervalMs * Math.max(1, lane.units ?? 1), now), lane: lane.key, intervalMs };
}

/** Queues the job of `messageId` for `slot` (PACING_LEAD_MS before it, so it starts on time), or now when unpaced. */
function enqueueForSlot(deps: DispatchDeps, messageId: string, slot: Slot | null, now: Date): Promise<void> {
  if (!slot) return deps.enqueueDispatch({ messageId });
  const at = slot.at.getTime();
  const startAfter = at - PACING_LEAD_MS > now.getTime() ? new Date(at - PACING_LEAD_MS) : undefined;
  return deps.enqueueDispatch({ messageId, notBefore: slot.at.toISOString(), lane: slot.lane, intervalMs: slot.intervalMs }, startAfter);
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
 * Queues the dispatch of `message` (ARCHITECTURE.md §6.1 pacing): when its channel's driver paces
 * the application's sender (a WhatsApp number, an SMSC account), reserves the lane's next slot
 * (one send per 1/perSecond s, shared by every process) and queues the job to start just before it,
 * so a burst on one sender waits in the queue, not in a worker, and yields to other senders' jobs
 * due now. Unpaced messages are queued to start now.
 */
export async function scheduleDispatch(deps: DispatchDeps, message: DispatchTarget): Promise<void> {
  const now = deps.now();
  return enqueueForSlot(deps, message.id, await reserveSlot(deps, message, now), now);
}

/**
 * Sends message `messageId` once (see the file comment). Does nothing for a message already sent
 * or final.
 * @throws DriverError (retryable) when the driver's error is retryable, or another dispatcher holds
 *   the message within its lease: the job is retried with backoff.
 */
export async function dispatchMessage(deps: DispatchDeps, job: DispatchJob): Promise<'sent' | 'failed' | 'skipped' | 'deferred'> {
  const messageId = job.messageId;
  const now = deps.now();
  const leaseBefore = new Date(now.getTime() - DISPATCH_LEASE_MS);
  const row = await claimForDispatch(deps.db, messageId, DISPATCHABLE, now, leaseBefore);
  if (!row) {
    // Claimed by a dispatcher that may have died mid-send (kill -9): retry (backoff) until its
    // lease ends, then take it over. Already sent or final: nothing to do.
    if (await isClaimedElsewhere(deps.db, messageId, leaseBefore)) throw new DriverError(true, 'claimed', 'Another dispatcher holds this message; retrying after its lease');
    return 'skipped';
  }
  const channel = row.channel as ChannelId;
  let paced: { lane: string; intervalMs: number } | null = null;
  if (job.notBefore) {
    // A paced message waits for its slot; one that comes late takes a new slot; one whose slot is
    // further away than MAX_INLINE_WAIT_MS is queued again for it.
    let slot: Slot | null = { at: new Date(job.notBefore), lane: job.lane ?? '', intervalMs: job.intervalMs ?? 0 };
    if (now.getTime() - slot.at.getTime() > LATE_AFTER_MS) slot = await reserveSlot(deps, { ...row, channel }, now);
    if (slot && slot.at.getTime() - deps.now().getTime() > MAX_INLINE_WAIT_MS) {
      await releaseDispatchClaim(deps.db, row.id);
      await enqueueForSlot(deps, row.id, slot, deps.now());
      return 'deferred';
    }
    if (row.status !== 'in_queue' && LIFECYCLES[channel].includes('in_queue')) {
      await recordStatus(deps.db, { messageId: row.id, status: 'in_queue', at: now });
    }
    // Waited for last, so the send leaves as close to its slot as possible; the driver then waits
    // for its turn right before each request (awaitTurn).
    const left = slot ? slot.at.getTime() - deps.now().getTime() : 0;
    if (left > 0) await new Promise((r) => setTimeout(r, left));
    if (slot?.lane && slot.intervalMs > 0) paced = { lane: slot.lane, intervalMs: slot.intervalMs };
  } else if (row.status !== 'in_queue' && LIFECYCLES[channel].includes('in_queue')) {
    await recordStatus(deps.db, { messageId: row.id, status: 'in_queue', at: now });
  }
  const message: OutboundMessage = {
    id: row.id,
    organizationId: row.organizationId,
    applicationId: row.applicationId,
    channel,
    recipient: row.recipient,
    body: row.body as Record<string, unknown>,
    templateName: row.templateName,
    ...(paced ? { awaitTurn: () => laneGate(paced.lane, paced.intervalMs) } : {}),
  };
  const driver = deps.driverFor(channel);
  let result;
  try {
    result = await driver.send(message);
  } catch (err) {
    if (err instanceof DriverError && !err.retryable) {
      await recordStatus(deps.db, { messageId: row.id, status: 'failed', at: deps.now(), reason: err.reason, providerCode: err.code });
      return 'failed';
    }
    await releaseDispatchClaim(deps.db, row.id);
    throw err;
  }
  await setProviderMessageId(deps.db, row.id, driver.name, result.providerMessageId, result.segmentIds);
  if (result.status) {
    await recordStatus(deps.db, { messageId: row.id, status: result.status, at: deps.now(), reason: result.reason ?? null, providerCode: result.providerCode ?? null });
  }
  await driver.afterAccepted?.(message, result.providerMessageId);
  return 'sent';
}

/**
 * The ids of messages to dispatch again: accepted between SWEEP_WITHIN_MS and SWEEP_AFTER_MS ago and
 * never handed to a carrier (at most `limit`, oldest first). Reads a partial index holding only
 * such messages, so it costs the same with a million messages as with ten.
 */
export function undispatchedMessages(db: Db, now: Date, limit = 500): Promise<DispatchTarget[]> {
  return findUndispatched(db, { before: new Date(now.getTime() - SWEEP_AFTER_MS), after: new Date(now.getTime() - SWEEP_WITHIN_MS), limit });
}
