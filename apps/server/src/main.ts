/**
 * Process entry: config -> db -> migrate -> jobs -> listen, with graceful shutdown on SIGINT/SIGTERM
 * (ARCHITECTURE.md §1, §3).
 */
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError, openDatabase, type Database } from './db/client.ts';
import { DEMO_LOGIN, DEMO_MEMBER_LOGINS, seedDemoDataLogged } from './seed/seed.ts';
import { demoMembersExist } from './seed/team.ts';
import { demoAccountExists } from './seed/accounts.ts';
import { startBoss } from './jobs/boss.ts';
import { registerWorkers } from './jobs/registry.ts';
import { runStorageMaintenance } from './jobs/maintenance.ts';
import { buildApp, buildOpsApp } from './app.ts';
import { createAppContext } from './services.ts';
import type { AppContext } from './context.ts';
import { createMailer } from './lib/mailer.ts';
import { errorText } from './lib/log-safety.ts';

/** One start-up line saying where system e-mail goes and whether its links are logged (issue 6). */
function mailNotice(config: { smtpUrl?: string; logMailLinks: boolean; dataDir: string }): string {
  if (config.smtpUrl) return 'System e-mail is sent through SMTP_URL; no e-mail link is logged.';
  return config.logMailLinks
    ? `No SMTP_URL: system e-mails are written to ${config.dataDir}/mail and their links are logged here (never with NODE_ENV=production).`
    : `No SMTP_URL: system e-mails are written to ${config.dataDir}/mail; their links are not logged (NODE_ENV=production).`;
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(3);
    }
    throw err;
  }
  const fresh = !(await database.hasSchema());
  await database.migrate();
  const boss = await startBoss(database);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logLinks: config.logMailLinks, log: (line) => console.log(line) });
  const ctx: AppContext = createAppContext({ config, database, boss, mailer, now: () => new Date() });
  if (config.role !== 'api') await registerWorkers(ctx);
  // Demo data never stops a start: a failure is logged (issue 23).
  if (config.demoData ?? fresh) await seedDemoDataLogged(ctx, (line) => console.error(line));

  // This month's and next month's partitions exist before the port opens (a send into a month
  // without one would fail); the rest of the storage maintenance runs in the background (issue 25).
  const made = await ctx.services.storage.ensureCurrent();
  if (made.length) console.log(`[storage] made missing partitions: ${made.join(', ')}`);
  const app = config.role === 'worker' ? null : await buildApp(ctx);
  if (app) await app.listen({ port: config.port, host: config.host });
  void runStorageMaintenance(ctx).catch((err: unknown) => console.error(`[storage] maintenance at start-up failed (retried daily): ${errorText(err)}`));
  // A worker serves only its probes and metrics, so what it records is scraped too.
  const ops = config.role === 'worker' ? await buildOpsApp(ctx) : null;
  if (ops) await ops.listen({ port: config.port, host: config.host });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app?.close();
      await ops?.close();
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      await ctx.services.drivers.close();
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  if (!app) console.log(`Pesan worker running (${database.kind}): jobs only; /healthz, /readyz and /metrics on port ${config.port}`);
  if (app) {
    console.log(`\nPesan is running at ${config.publicUrl} (${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''})`);
    if (await demoAccountExists(ctx)) {
      console.log(`Demo login: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`);
      if (await demoMembersExist(ctx)) console.log(`Demo members (same password): ${DEMO_MEMBER_LOGINS.map((m) => `${m.email} (${m.role})`).join(', ')}`);
    }
    console.log(mailNotice(config));
    console.log('');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
