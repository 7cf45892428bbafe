/**
 * A report worker process for bench/report.ts: what a worker needs to generate reports (the
 * database, the services, the file store; no HTTP server, no queue polling), the real
 * generateReport on one report, then one JSON line with its time (ms), rows, file bytes, status,
 * this process's RSS before generating and its peak RSS (MB).
 * Run by bench/report.ts: `node --import tsx bench/report-worker.ts <databaseUrl> <reportId> <dataDir>`.
 */
import type PgBoss from 'pg-boss';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { createMailer } from '../apps/server/src/lib/mailer.ts';
import { createAppContext } from '../apps/server/src/services.ts';
import { reports } from '../apps/server/src/db/schema/reports.ts';

const [databaseUrl, reportId, dataDir] = process.argv.slice(2);
if (!databaseUrl || !reportId || !dataDir) throw new Error('usage: report-worker.ts <databaseUrl> <reportId> <dataDir>');
const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SESSION_SECRET: 'bench-secret-bench-secret-bench-secret', LOG_LEVEL: 'silent' }, []);
const database = await openPostgres(databaseUrl);
// Generation never queues a job: the queue is not started in this process.
const ctx = createAppContext({ config, database, boss: {} as PgBoss, mailer: createMailer({ smtpUrl: undefined, from: config.mailFrom, dataDir }), now: () => new Date() });
try {
  global.gc?.();
  const rssBeforeMb = process.memoryUsage().rss / 1048576;
  const s = process.hrtime.bigint();
  await ctx.services.reports.generateReport(reportId);
  const ms = Number(process.hrtime.bigint() - s) / 1e6;
  const [r] = await database.db.select().from(reports).where(eq(reports.id, reportId));
  const maxRssMb = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify({ ms, rows: r?.rowsWritten ?? 0, bytes: r?.fileBytes ?? 0, status: r?.status, rssBeforeMb, maxRssMb }));
} finally {
  await database.close();
}
