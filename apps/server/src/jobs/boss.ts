/**
 * pg-boss on our own connection (ARCHITECTURE.md §2): PGlite through its executeSql adapter, or
 * PostgreSQL. Queues, their payloads and handlers are declared in registry.ts.
 */
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';
import { createQueues } from './registry.ts';


/** Starts pg-boss in the `pgboss` schema of `database` (cron schedules on) and creates every queue of the registry. */
export async function startBoss(database: Database): Promise<PgBoss> {
  const boss = new PgBoss({ db: database.executor, schema: 'pgboss', supervise: true, schedule: true, maintenanceIntervalSeconds: 15 } as PgBoss.ConstructorOptions);
  boss.on('error', (err) => console.error('[jobs]', err));
  await boss.start();
  await createQueues(boss);
  return boss;
}
