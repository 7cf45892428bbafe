/**
 * The maintenance job (issue 6): every 15 minutes one worker, whichever pg-boss hands the job to,
 * deletes expired security records: failed sign-ins past their window, used or expired e-mail
 * tokens, ended sessions, signatures past their replay window, ended rate-limit windows and pacing
 * lanes idle for a day (the SMPP lane of a process gone), and status outbox rows the webhook fan-out
 * took more than 7 days ago; template media no live template uses, a week after its upload; and
 * Idempotency-Key claims and batch answers past their 24 hours. Scheduled with pg-boss's cron (one
 * job per tick across every process).
 *
 * The storage job (issue 25): daily, the monthly partitions ahead and the drops after
 * RETENTION_DAYS (modules/storage/storage.service.ts runMaintenance).
 */
import { IDEMPOTENCY_WINDOW_HOURS } from '@pesan/contracts/messaging';
import type { AppContext } from '../context.ts';
import { pruneAuthRecords } from '../modules/auth/auth.service.ts';
import { pruneUsedSignatures } from '../messaging/token-auth.ts';
import { pruneRateLimits } from '../plugins/rate-limit/rate-limit-store.ts';
import { pruneIdleLanes } from '../messaging/pacing.repo.ts';
import { pruneTakenStatusOutbox } from '../modules/webhooks/webhook-delivery.ts';
import { pruneIdempotencyKeys, pruneMessageBatches } from '../messaging/engine/accept.repo.ts';

/** Cron of the maintenance job: every 15 minutes. */
export const MAINTENANCE_CRON = '*/15 * * * *';
/** Cron of the storage job (partitions ahead, retention drops): daily at 03:17 UTC. */
export const STORAGE_CRON = '17 3 * * *';
/** How long an Idempotency-Key (single or batch) answers replays (ARCHITECTURE.md §6). */
const KEY_WINDOW_MS = IDEMPOTENCY_WINDOW_HOURS * 3_600_000;

/** Deletes every expired security record at `now`; returns the rows deleted per table. */
export async function pruneExpiredRecords(ctx: Pick<AppContext, 'database' | 'services'>, now: Date): Promise<Record<string, number>> {
  const db = ctx.database.db;
  return {
    ...(await pruneAuthRecords(db, now)),
    used_signatures: await pruneUsedSignatures(db, now),
    rate_limits: await pruneRateLimits(db, now),
    dispatch_pacing: await pruneIdleLanes(db, new Date(now.getTime() - 24 * 3_600_000)),
    status_outbox: await pruneTakenStatusOutbox(db, new Date(now.getTime() - 7 * 86_400_000)),
    template_media: await ctx.services.upload.pruneUnusedTemplateMedia(now),
    idempotency_keys: await pruneIdempotencyKeys(db, new Date(now.getTime() - KEY_WINDOW_MS)),
    message_batches: await pruneMessageBatches(db, new Date(now.getTime() - KEY_WINDOW_MS)),
  };
}

/**
 * Runs the storage maintenance (partitions ahead, retention drops: modules/storage) and logs the
 * partitions it dropped and the audit entries it deleted. The daily job and the start-up run both call it.
 */
export async function runStorageMaintenance(ctx: Pick<AppContext, 'services'>): Promise<void> {
  const r = await ctx.services.storage.runMaintenance();
  if (r.dropped.length) console.log(`[storage] dropped partitions older than the retention: ${r.dropped.join(', ')}`);
  if (r.deleted.audit_log) console.log(`[storage] deleted ${r.deleted.audit_log} audit log entries older than the audit retention`);
}
