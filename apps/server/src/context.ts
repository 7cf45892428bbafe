/**
 * What the app and the workers run on: configuration, database, job queue and mailer.
 * Assembled once (services.ts createAppContext) in main.ts, the test harness and the benchmarks.
 */
import type PgBoss from 'pg-boss';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Mailer } from './lib/mailer.ts';
import type { Services } from './services.ts';

/** The infrastructure: configuration, database, job queue, mailer and clock. */
export interface AppInfra {
  config: Readonly<Config>;
  database: Database;
  boss: PgBoss;
  mailer: Mailer;
  /** Current time; tests may replace it. */
  now: () => Date;
}

/** The infrastructure with the services built on it (services.ts createAppContext). */
export interface AppContext extends AppInfra {
  services: Services;
}
