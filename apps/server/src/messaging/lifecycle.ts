/**
 * Message lifecycles on pg-boss (ARCHITECTURE.md §6 "Status lifecycles"). The messages table is the
 * source of truth; jobs only nudge it forward:
 * - a dispatch job `{messageId}` asks the channel provider for the plan and schedules the step after
 *   the message's current status;
 * - a step job `{messageId, from, to, reason}` is a compare-and-set (status must still be `from`)
 *   that writes the message_events row in the same transaction, then schedules the next step.
 * Duplicated, retried or late jobs change nothing, so each status is reached exactly once; a sweep
 * re-enqueues a dispatch for messages that are not final and have no job waiting (crash recovery).
 */
import type PgBoss from 'pg-boss';
import type { ChannelId } from '@pesan/contracts/channels';
import { canTransition, initialStatus, LIFECYCLES, type MessageStatus } from '@pesan/contracts/statuses';
import type { AppContext } from '../context.ts';
import { QUEUES } from '../jobs/boss.ts';
import { findMessageState, findStalledMessages, transitionStatus, type MessageState } from './messages.repo.ts';
import type { ChannelProvider, LifecycleStep } from './providers/provider.ts';
import { sandboxProvider } from './providers/sandbox.ts';

export interface DispatchJob {
  messageId: string;
}
export interface StepJob {
  messageId: string;
  from: MessageStatus;
  to: MessageStatus;
  reason: string | null;
}

/** The provider of a channel. Every channel uses the sandbox (ARCHITECTURE.md §6). */
export function providerFor(_channel: ChannelId): ChannelProvider {
  return sandboxProvider;
}

/**
 * The step after `message.status` in its provider's plan, or null when the message is final
 * (the plan's last status, or a status outside the plan).
 */
export function nextStep(message: MessageState): LifecycleStep | null {
  const channel = message.channel as ChannelId;
  const plan = providerFor(channel).plan({ id: message.id, channel, recipient: message.recipient });
  const path: string[] = [initialStatus(channel), ...plan.map((s) => s.to)];
  const i = path.indexOf(message.status);
  if (i < 0 || i >= plan.length) return null;
  return plan[i]!;
}

const workerIds = new WeakMap<PgBoss, { dispatch?: string; step?: string }>();

/** Remembers this process's worker ids so a due job can wake its worker at once. */
export function rememberWorkers(boss: PgBoss, ids: { dispatch?: string; step?: string }): void {
  workerIds.set(boss, ids);
}

/**
 * Enqueues the dispatch job of an accepted message (after its insert committed) and wakes a
 * local dispatch worker. Throws what pg-boss throws; the caller may ignore it (the sweep recovers).
 */
export async function enqueueDispatch(ctx: AppContext, messageId: string): Promise<void> {
  await ctx.boss.send(QUEUES.dispatch, { messageId } satisfies DispatchJob);
  const id = workerIds.get(ctx.boss)?.dispatch;
  if (id) ctx.boss.notifyWorker(id);
}

/**
 * Schedules the step after the message's current status, `SANDBOX_DELAY_MS` from now.
 * Does nothing when the message is final.
 */
export async function scheduleNext(ctx: AppContext, message: MessageState): Promise<void> {
  const step = nextStep(message);
  if (!step) return;
  const delay = ctx.config.sandboxDelayMs;
  const job: StepJob = { messageId: message.id, from: message.status as MessageStatus, to: step.to, reason: step.reason };
  await ctx.boss.send(QUEUES.sandboxStep, job, delay > 0 ? { startAfter: new Date(ctx.now().getTime() + delay) } : {});
  const id = workerIds.get(ctx.boss)?.step;
  if (id && delay === 0) ctx.boss.notifyWorker(id);
}

/** Dispatch job: hands the message to its provider by scheduling its next step. */
export async function runDispatch(ctx: AppContext, job: DispatchJob): Promise<void> {
  const message = await findMessageState(ctx.database.db, job.messageId);
  if (message) await scheduleNext(ctx, message);
}

/**
 * Step job: compare-and-set `from` -> `to` with its event in one transaction, then schedules the
 * next step. A job whose `from` no longer matches is a no-op, except when the message is already at
 * `to` (a retry after the commit but before the next step was scheduled): then it schedules again.
 */
export async function runStep(ctx: AppContext, job: StepJob): Promise<void> {
  const channel = (await findMessageState(ctx.database.db, job.messageId))?.channel as ChannelId | undefined;
  if (!channel || !canTransition(channel, job.from, job.to)) return;
  const at = ctx.now();
  const moved = await ctx.database.db.transaction((tx) =>
    transitionStatus(tx as never, { id: job.messageId, from: job.from, to: job.to, reason: job.reason, at }),
  );
  if (moved) return scheduleNext(ctx, moved);
  const current = await findMessageState(ctx.database.db, job.messageId);
  if (current && current.status === job.to) await scheduleNext(ctx, current);
}

/** Non-final candidates per channel: every lifecycle status but the last. */
const CANDIDATES = Object.fromEntries(Object.entries(LIFECYCLES).map(([ch, path]) => [ch, path.slice(0, -1)]));

/**
 * Re-enqueues a dispatch for every message that is not final and has no job waiting.
 * `activeCounts`: whether an `active` job counts as waiting (false at start-up, when active jobs
 * are left over from a stopped process; duplicates are harmless). Returns how many it re-enqueued.
 */
export async function sweepStalled(ctx: AppContext, opts: { activeCounts: boolean; olderThanMs: number; withinMs?: number }): Promise<number> {
  const now = ctx.now().getTime();
  const states = opts.activeCounts ? ['created', 'retry', 'active'] : ['created', 'retry'];
  let afterId: string | undefined;
  let count = 0;
  for (;;) {
    const batch = await findStalledMessages(ctx.database.db, {
      candidates: CANDIDATES,
      queues: [QUEUES.dispatch, QUEUES.sandboxStep],
      pendingStates: states,
      updatedBefore: new Date(now - opts.olderThanMs),
      updatedAfter: opts.withinMs ? new Date(now - opts.withinMs) : undefined,
      afterId,
      limit: 500,
    });
    for (const m of batch) {
      if (!nextStep(m)) continue;
      await ctx.boss.send(QUEUES.dispatch, { messageId: m.id } satisfies DispatchJob);
      count += 1;
    }
    if (batch.length < 500) break;
    afterId = batch[batch.length - 1]!.id;
  }
  return count;
}
