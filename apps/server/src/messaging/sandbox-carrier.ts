/**
 * The sandbox carrier's callbacks (ARCHITECTURE.md §6.1): a `sandbox-callback` job reports the
 * next status of the plan through recordStatus, as a real carrier's webhook would, then schedules
 * the following callback. Duplicated or late jobs change nothing (recordStatus ignores them).
 */
import type { ChannelId } from '@pesan/contracts/channels';
import type { Db } from '../db/client.ts';
import { findByProviderId } from './dispatch.repo.ts';
import { sandboxCallbacks, type SandboxCallbackJob } from './drivers/sandbox.ts';
import { recordStatus } from './engine/status-recorder.ts';

/**
 * Runs callback `job`: records its status for the message the sandbox knows as
 * `job.providerMessageId` and calls `scheduleNext` for the following one, if any.
 * @returns false when no message has that carrier id (logged by the caller and dropped).
 */
export async function runSandboxCallback(
  deps: { db: Db; now: () => Date; scheduleNext: (job: SandboxCallbackJob) => Promise<void> },
  job: SandboxCallbackJob,
): Promise<boolean> {
  const message = await findByProviderId(deps.db, 'sandbox', job.providerMessageId);
  if (!message) return false;
  const plan = sandboxCallbacks(message.channel as ChannelId, message.recipient);
  const callback = plan[job.step];
  if (!callback) return true;
  await recordStatus(deps.db, { driver: 'sandbox', providerMessageId: job.providerMessageId, status: callback.status, at: deps.now(), reason: callback.reason });
  if (job.step + 1 < plan.length) await deps.scheduleNext({ providerMessageId: job.providerMessageId, step: job.step + 1 });
  return true;
}
