/**
 * What the app and the workers run on: configuration, database, job queue and mailer.
 * Built once in main.ts, and by tests with their own database.
 */
import type PgBoss from 'pg-boss';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Mailer } from './lib/mailer.ts';

export interface AppContext {
  config: Readonly<Config>;
  database: Database;
  boss: PgBoss;
  mailer: Mailer;
  /** Current time; tests may replace it. */
  now: () => Date;
}
