/**
 * The sandbox carrier's callbacks (ARCHITECTURE.md §6.1, §6.5). The sandbox driver schedules the
 * first step of a message's plan (drivers/sandbox.ts sandboxCallbacks) in the sandbox_steps table;
 * a worker claims the due steps in batches and, in the same transaction, records their statuses
 * through recordStatusesIn (as a real carrier's callbacks would arrive) and schedules each message's
 * following step SANDBOX_DELAY_MS later. A crash mid-batch rolls the claim back: no step is lost,
 * none recorded twice (a step recorded twice would be ignored anyway: never backwards).
 */
import type { ChannelId } from '@pesan/contracts/channels';
import type { Db } from '../../db/client.ts';
import { sandboxCallbacks } from '../drivers/sandbox.ts';
import { claimDueSandboxSteps, insertSandboxSteps, type SandboxStepRow } from './sandbox-steps.repo.ts';
import { announceRecorded, recordStatusesIn, type StatusReport } from './status-recorder.ts';
import { gathered } from './gather.ts';
import { wake } from './wake.ts';

/** The wake-up name of the sandbox step poller (engine/wake.ts). */
export const SANDBOX_STEPS = 'sandbox-steps';
/** Steps claimed per transaction. */
export const SANDBOX_STEP_BATCH = 500;
/** Step batches a worker process runs at once (each its own transaction and steps). */
export const SANDBOX_STEP_RUNNERS = 3;

export interface SandboxStepDeps {
  db: Db;
  now: () => Date;
  /** SANDBOX_DELAY_MS: the wait before each step. */
  delayMs: number;
}

/** Inserts one step, gathered with the steps other sends schedule at the same time (engine/gather.ts). */
const insertStep = gathered(insertSandboxSteps);

/**
 * Schedules step 0 of `message`'s plan `delayMs` from now, and wakes this process's step poller when
 * it is due at once. Safe to call twice.
 */
export async function scheduleFirstSandboxStep(deps: SandboxStepDeps, message: { id: string; createdAt: Date; organizationId: string }): Promise<void> {
  await insertStep(deps.db, { messageId: message.id, messageCreatedAt: message.createdAt, organizationId: message.organizationId, step: 0, dueAt: new Date(deps.now().getTime() + deps.delayMs) });
  if (deps.delayMs === 0) wake(deps.db, SANDBOX_STEPS);
}

/**
 * Runs one batch of due steps (see the file comment).
 * @returns how many steps were claimed (SANDBOX_STEP_BATCH: more may be due, run again).
 * @throws what the database throws (the batch is rolled back and stays due).
 */
export async function runDueSandboxSteps(deps: SandboxStepDeps): Promise<number> {
  const at = deps.now();
  const { claimed, outcomes, next } = await deps.db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const steps = await claimDueSandboxSteps(tx, at, SANDBOX_STEP_BATCH);
    const reports: StatusReport[] = [];
    const following: SandboxStepRow[] = [];
    for (const s of steps) {
      // A message gone (deleted with its application) drops its steps.
      if (!s.channel || s.recipient === null) continue;
      const plan = sandboxCallbacks(s.channel as ChannelId, s.recipient);
      const callback = plan[s.step];
      if (!callback) continue;
      reports.push({ messageId: s.messageId, messageCreatedAt: s.messageCreatedAt, status: callback.status, at, reason: callback.reason });
      if (s.step + 1 < plan.length) {
        following.push({ messageId: s.messageId, messageCreatedAt: s.messageCreatedAt, organizationId: s.organizationId, step: s.step + 1, dueAt: new Date(at.getTime() + deps.delayMs) });
      }
    }
    const recorded = await recordStatusesIn(tx, reports);
    await insertSandboxSteps(tx, following);
    return { claimed: steps.length, outcomes: recorded, next: following.length };
  });
  announceRecorded(outcomes);
  if (next && deps.delayMs === 0) wake(deps.db, SANDBOX_STEPS);
  return claimed;
}
