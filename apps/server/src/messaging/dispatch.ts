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
import { recordStatus } from './record-status.ts';

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
const MAX_INLINE_WAIT_MS = 5_000;

export interface DispatchDeps {
  db: Db;
  now: () => Date;
  /** The configured driver of a channel (ARCHITECTURE.md §4 *_DRIVER). */
  driverFor: (channel: ChannelId) => ChannelDriver;
  /** Queues a dispatch job `{messageId, notBefore?}` to start at `startAfter` (now when absent). */
  enqueueDispatch: (data: DispatchJob, startAfter?: Date) => Promise<void>;
}

/** The payload of a dispatch job: ids only (ARCHITECTURE.md §6.1), and the paced slot as an ISO time. */
export interface DispatchJob {
  messageId: string;
  notBefore?: string;
}

/** The message a dispatch is scheduled for. */
export interface DispatchTarget {
  id: string;
  organizationId: string;
  applicationId: string;
  channel: ChannelId;
}

/**
 * Queues the dispatch of `message` (ARCHITECTURE.md §6.1 pacing): when its channel's driver paces
 * the application's sender (a WhatsApp number, an SMSC account), reserves the lane's next slot
 * (one send per 1/perSecond s, shared by every process) and queues the job to start just before it,
 * so a burst on one sender waits in the queue, not in a worker, and never delays other senders.
 * Unpaced messages are queued to start now.
 */
export async function scheduleDispatch(deps: DispatchDeps, message: DispatchTarget): Promise<void> {
  const now = deps.now();
  const lane = (await deps.driverFor(message.channel).pacing?.(message)) ?? null;
  if (!lane) return deps.enqueueDispatch({ messageId: message.id });
  const slot = await reserveLaneSlot(deps.db, lane.key, 1000 / lane.perSecond, now);
  if (slot.getTime() <= now.getTime()) return deps.enqueueDispatch({ messageId: message.id });
  const startAfter = slot.getTime() - PACING_LEAD_MS > now.getTime() ? new Date(slot.getTime() - PACING_LEAD_MS) : undefined;
  return deps.enqueueDispatch({ messageId: message.id, notBefore: slot.toISOString() }, startAfter);
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
  // A paced message waits for its slot (at most MAX_INLINE_WAIT_MS; a job started earlier than
  // that, say by a retry, is queued again for its slot).
  const wait = job.notBefore ? new Date(job.notBefore).getTime() - deps.now().getTime() : 0;
  if (wait > MAX_INLINE_WAIT_MS) {
    await releaseDispatchClaim(deps.db, row.id);
    await deps.enqueueDispatch(job, new Date(new Date(job.notBefore!).getTime() - PACING_LEAD_MS));
    return 'deferred';
  }
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  if (row.status !== 'in_queue' && LIFECYCLES[channel].includes('in_queue')) {
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
