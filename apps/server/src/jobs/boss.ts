/**
 * pg-boss on our own connection (ARCHITECTURE.md §2): PGlite through its executeSql adapter, or
 * PostgreSQL. Queue names are declared here so producers and workers agree.
 */
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';

export const QUEUES = {
  /** Hand an accepted message to its channel provider. Data: `{messageId}`. */
  dispatch: 'message-dispatch',
  /** Move a sandbox message one lifecycle step. Data: `{messageId, from, to, reason?}`. */
  sandboxStep: 'sandbox-step',
  /** Delete expired security records (jobs/maintenance.ts), every 15 minutes by cron. No data. */
  maintenance: 'maintenance-prune',
} as const;

/** Starts pg-boss in the `pgboss` schema of `database` and creates our queues. */
export async function startBoss(database: Database): Promise<PgBoss> {
  const boss = new PgBoss({ db: database.executor, schema: 'pgboss', supervise: true, schedule: true } as PgBoss.ConstructorOptions);
  boss.on('error', (err) => console.error('[jobs]', err));
  await boss.start();
  for (const name of Object.values(QUEUES)) {
    // Jobs are short: a job left active by a dead worker is retried after 2 minutes.
    await boss.createQueue(name, { name, retryLimit: 5, retryDelay: 1, retryBackoff: true, expireInSeconds: 120 });
  }
  return boss;
}
