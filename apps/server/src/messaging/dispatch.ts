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

export interface DispatchDeps {
  db: Db;
  now: () => Date;
  /** The configured driver of a channel (ARCHITECTURE.md §4 *_DRIVER). */
  driverFor: (channel: ChannelId) => ChannelDriver;
}

/**
 * Sends message `messageId` once (see the file comment). Does nothing for a message already sent
 * or final.
 * @throws DriverError (retryable) when the driver's error is retryable, or another dispatcher holds
 *   the message within its lease: the job is retried with backoff.
 */
export async function dispatchMessage(deps: DispatchDeps, messageId: string): Promise<'sent' | 'failed' | 'skipped'> {
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
  await setProviderMessageId(deps.db, row.id, driver.name, result.providerMessageId);
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
export function undispatchedMessages(db: Db, now: Date, limit = 500): Promise<string[]> {
  return findUndispatched(db, { before: new Date(now.getTime() - SWEEP_AFTER_MS), after: new Date(now.getTime() - SWEEP_WITHIN_MS), limit });
}
