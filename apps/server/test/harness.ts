/**
 * Test harness: a fresh database per call (PGlite in memory, or a new PostgreSQL database on
 * TEST_DATABASE_URL when the project runs with TEST_DB=postgres), migrations, pg-boss, and the
 * real app from buildApp (ARCHITECTURE.md §8).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config.ts';
import { openPglite, openPostgres, type Database } from '../src/db/client.ts';
import { startBoss } from '../src/jobs/boss.ts';
import { registerWorkers } from '../src/jobs/registry.ts';
import { buildApp } from '../src/app.ts';
import { createAppContext } from '../src/services.ts';
import type { AppContext } from '../src/context.ts';
import { createMailer } from '../src/lib/mailer.ts';

export const PUBLIC_URL = 'http://localhost:3000';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  dataDir: string;
  close(): Promise<void>;
}

/** Which database this test project runs on. */
export const testDbKind = (): 'pglite' | 'postgres' => (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');

/** Creates a fresh PostgreSQL database on TEST_DATABASE_URL and returns its URL and a dropper. */
export async function freshPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `pesan_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * Opens a fresh, unmigrated database of this project's kind (PGlite in memory, or a new PostgreSQL
 * database on TEST_DATABASE_URL); `drop` removes the PostgreSQL one after `database.close()`.
 */
export async function openFreshDatabase(): Promise<{ database: Database; drop?: () => Promise<void> }> {
  if (testDbKind() !== 'postgres') return { database: await openPglite() };
  const fresh = await freshPostgresDatabase();
  return { database: await openPostgres(fresh.url), drop: fresh.drop };
}

/**
 * Builds the app on a fresh database. `env` overrides configuration (e.g. V1_RATE_LIMIT).
 * `workers` (default true) registers every job worker of jobs/registry.ts, with SANDBOX_DELAY_MS=0.
 * `dataDir` (PGlite) or `databaseUrl` (PostgreSQL) reopens an existing database, kept on close:
 * what a restart test needs. `logStream` receives the app's JSON log lines at info (else no log).
 */
export async function createTestApp(
  opts: { env?: Record<string, string>; workers?: boolean; dataDir?: string; databaseUrl?: string; logStream?: NodeJS.WritableStream } = {},
): Promise<TestApp> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'pesan-test-'));
  const config = loadConfig(
    { DATA_DIR: dataDir, SANDBOX_DELAY_MS: '0', REVIEW_DELAY_MS: '0', SESSION_SECRET: 'test-secret-test-secret-test-secret-123', LOG_LEVEL: 'silent', PUBLIC_URL, ...opts.env },
    [],
  );
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  if (testDbKind() === 'postgres' && opts.databaseUrl) {
    database = await openPostgres(opts.databaseUrl);
  } else if (testDbKind() === 'postgres') {
    const fresh = await freshPostgresDatabase();
    drop = fresh.drop;
    database = await openPostgres(fresh.url);
  } else if (opts.dataDir) {
    database = await openPglite(dataDir);
  } else {
    database = await openPglite();
  }
  await database.migrate();
  const boss = await startBoss(database);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir });
  const ctx: AppContext = createAppContext({ config, database, boss, mailer, now: () => new Date() });
  if (opts.workers !== false) await registerWorkers(ctx);
  const app = await buildApp(ctx, { logger: opts.logStream ? { level: 'info', stream: opts.logStream } : false, serveWeb: false });
  await app.ready();
  return {
    app,
    ctx,
    dataDir,
    async close() {
      await app.close();
      // Graceful: a job still running (a review or report outlasting the app's 3 s drain on loaded CI
      // cores) completes before the pool closes, instead of completing into a closed pool.
      await boss.stop({ graceful: true, wait: true, timeout: 20_000 });
      await database.close();
      await drop?.();
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Headers of a same-origin browser call (passes the CSRF guard). */
export const sameOrigin = { origin: PUBLIC_URL } as const;

/** Cookie header value from a response's set-cookie, for the next inject call. */
export function cookieFrom(res: { headers: Record<string, unknown> }): string {
  const set = res.headers['set-cookie'];
  const list = Array.isArray(set) ? set : set ? [String(set)] : [];
  return list.map((c: string) => c.split(';')[0]).join('; ');
}
