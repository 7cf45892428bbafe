/**
 * /v1 send throughput against this machine's ceiling (issue 24 benchmark; ratios from one run,
 * not a CI test). For each database (PostgreSQL from TEST_DATABASE_URL, a fresh database per run;
 * PGlite in memory), with the job workers running and SANDBOX_DELAY_MS=0, the load generator
 * (autocannon) in its own processes:
 * - ceiling: a bare Fastify server in this process answering the same requests (same body and
 *   headers, 64 connections);
 * - single: 64 connections sending `POST /v1/sms/messages` to one application;
 * - 4 apps: four generators of 16 connections, each to its own application;
 * - batch: 8 connections sending `POST /v1/sms/messages/batch` with 500 items each.
 * Each scenario runs DURATION seconds (default 20) and prints accepted msgs/s, the ratio to the
 * ceiling, p50/p99 latency and the seconds from the end of the load until every accepted message
 * is final (`delivered`; waits at most 120 s).
 * Run: `TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/send.ts [seconds] [--db=postgres|pglite|both] [--scenarios=single,four,batch] [--profile=DIR]`
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type autocannon from 'autocannon';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { createTestApp, freshPostgresDatabase, type TestApp } from '../apps/server/test/harness.ts';
import { createAppWithToken } from '../apps/server/test/v1-helper.ts';

const DURATION = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 20);
const DBS = (process.argv.find((a) => a.startsWith('--db='))?.slice(5) ?? 'both') === 'both' ? ['postgres', 'pglite'] : [process.argv.find((a) => a.startsWith('--db='))!.slice(5)];
/** `--profile=DIR`: a CPU profile of the server process per scenario (load and drain), written to DIR. */
const PROFILE_DIR = process.argv.find((a) => a.startsWith('--profile='))?.slice(10);
const SCENARIOS = (process.argv.find((a) => a.startsWith('--scenarios='))?.slice(12) ?? 'single,four,batch').split(',');
if (DBS.includes('postgres') && !process.env.TEST_DATABASE_URL) throw new Error('Set TEST_DATABASE_URL for the PostgreSQL runs (or --db=pglite)');

const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const SMS = { to: '081234567890', text: 'Your order has shipped' };
const BATCH = JSON.stringify({ messages: Array(500).fill(SMS) });

/** CPU time (µs) used so far by this machine's PostgreSQL server processes (Linux /proc; 0 elsewhere). */
function postgresCpuMicros(): number {
  let ticks = 0;
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const close = stat.lastIndexOf(')');
        if (!stat.slice(stat.indexOf('(') + 1, close).startsWith('postgres')) continue;
        const fields = stat.slice(close + 2).split(' ');
        ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      } catch {
        // The process ended meanwhile.
      }
    }
  } catch {
    return 0;
  }
  return (ticks * 1_000_000) / 100;
}

/** Runs autocannon in its own process (not on the server's event loop) and returns its JSON result. */
function load(opts: { url: string; connections: number; headers: Record<string, string>; body: string }): Promise<autocannon.Result> {
  const args = [autocannonBin, '-j', '-c', String(opts.connections), '-d', String(DURATION), '-m', 'POST', '-b', opts.body];
  for (const [k, v] of Object.entries(opts.headers)) args.push('-H', `${k}=${v}`);
  args.push(opts.url);
  return new Promise((resolve, reject) =>
    execFile(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 }, (err, stdout) => (err ? reject(err) : resolve(JSON.parse(stdout) as autocannon.Result))),
  );
}

interface Row {
  db: string;
  scenario: string;
  msgsPerSecond: number;
  ratio: number;
  p50: number;
  p99: number;
  finalSeconds: string;
  /** CPU time of the server process (API and workers) per accepted message, until all were final (µs). */
  cpuPerMessage: number;
  /** CPU time of PostgreSQL per accepted message over the same span (µs; the local server's processes). */
  pgCpuPerMessage: number;
}
const rows: Row[] = [];

async function ceiling(headers: Record<string, string>): Promise<number> {
  const bare = Fastify({ bodyLimit: 5 * 1024 * 1024 });
  bare.post('/', async () => ({ ok: true }));
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const port = (bare.server.address() as AddressInfo).port;
  const r = await load({ url: `http://127.0.0.1:${port}/`, connections: 64, headers, body: JSON.stringify(SMS) });
  await bare.close();
  const perSecond = r['2xx'] / DURATION;
  rows.push({ db: '-', scenario: 'ceiling: bare Fastify, 64 conns', msgsPerSecond: perSecond, ratio: 1, p50: r.latency.p50, p99: r.latency.p99, finalSeconds: '-', cpuPerMessage: NaN, pgCpuPerMessage: NaN });
  return perSecond;
}

/** Seconds until every accepted message of `apps` is delivered (at most 120 s), or '>120'. */
async function untilFinal(t: TestApp, apps: string[], accepted: number, loadEnded: number): Promise<string> {
  const ids = sql.join(apps.map((id) => sql`${id}::uuid`), sql`, `);
  for (;;) {
    // Read from the hourly counters (and their unfolded deltas), as the Overview does: a count over
    // messages every 250 ms would itself load the database being measured.
    const res = (await t.ctx.database.db.execute(
      sql`select coalesce(sum(n), 0)::int as n from (select count as n from message_stats_hourly where application_id in (${ids}) and status = 'delivered'
        union all select delta as n from message_stats_deltas where application_id in (${ids}) and status = 'delivered') x`,
    )) as unknown as { rows: { n: number }[] };
    if (res.rows[0]!.n >= accepted) return ((Date.now() - loadEnded) / 1000).toFixed(1);
    if (Date.now() - loadEnded > 120_000) return `>120 (${res.rows[0]!.n}/${accepted})`;
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function scenario(db: string, name: string, ceil: number, t: TestApp, port: number, parts: { path: string; connections: number; body: string; perRequest: number }[]) {
  const apps = await Promise.all(parts.map(() => createAppWithToken(t, { channels: ['sms'] })));
  const cpuBefore = process.cpuUsage();
  const pgBefore = postgresCpuMicros();
  const inspector = PROFILE_DIR ? new Session() : null;
  if (inspector) {
    inspector.connect();
    await inspector.post('Profiler.enable');
    await inspector.post('Profiler.start');
  }
  const results = await Promise.all(
    parts.map((p, i) =>
      load({ url: `http://127.0.0.1:${port}/v1${p.path}`, connections: p.connections, headers: { authorization: `Bearer ${apps[i]!.tokens.sms.accessToken}`, 'content-type': 'application/json' }, body: p.body }),
    ),
  );
  const loadEnded = Date.now();
  const accepted = results.reduce((n, r, i) => n + r['2xx'] * parts[i]!.perRequest, 0);
  const p50 = Math.max(...results.map((r) => r.latency.p50));
  const p99 = Math.max(...results.map((r) => r.latency.p99));
  const refused = results.reduce((n, r) => n + r.non2xx + r.errors, 0);
  const finalSeconds = await untilFinal(t, apps.map((a) => a.applicationId), accepted, loadEnded);
  const cpu = process.cpuUsage(cpuBefore);
  const pgCpu = postgresCpuMicros() - pgBefore;
  if (inspector) {
    const { profile } = await inspector.post('Profiler.stop');
    writeFileSync(`${PROFILE_DIR}/${db}-${name.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`, JSON.stringify(profile));
    inspector.disconnect();
  }
  const perSecond = accepted / DURATION;
  rows.push({ db, scenario: `${name}${refused ? ` (${refused} non-2xx/errors)` : ''}`, msgsPerSecond: perSecond, ratio: perSecond / ceil, p50, p99, finalSeconds, cpuPerMessage: (cpu.user + cpu.system) / Math.max(1, accepted), pgCpuPerMessage: db === 'postgres' ? pgCpu / Math.max(1, accepted) : NaN });
}

const headers = { authorization: 'Bearer x', 'content-type': 'application/json' };
const ceil = await ceiling(headers);
for (const db of DBS) {
  let drop: (() => Promise<void>) | undefined;
  let t: TestApp;
  const env = { V1_RATE_LIMIT: '100000000', SANDBOX_DELAY_MS: '0', LOG_LEVEL: 'silent' };
  if (db === 'postgres') {
    process.env.TEST_DB = 'postgres';
    const pg = await freshPostgresDatabase();
    drop = pg.drop;
    t = await createTestApp({ env, databaseUrl: pg.url });
  } else {
    delete process.env.TEST_DB;
    t = await createTestApp({ env });
  }
  try {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const single = JSON.stringify(SMS);
    if (SCENARIOS.includes('single')) await scenario(db, 'single sends, 64 conns -> 1 app', ceil, t, port, [{ path: '/sms/messages', connections: 64, body: single, perRequest: 1 }]);
    if (SCENARIOS.includes('four')) await scenario(db, 'single sends, 4 apps x 16 conns', ceil, t, port, Array.from({ length: 4 }, () => ({ path: '/sms/messages', connections: 16, body: single, perRequest: 1 })));
    if (SCENARIOS.includes('batch')) await scenario(db, 'batch, 8 conns x 500 items', ceil, t, port, [{ path: '/sms/messages/batch', connections: 8, body: BATCH, perRequest: 500 }]);
  } finally {
    await t.close();
    await drop?.();
  }
}

console.log(`\n${DURATION} s per scenario; ceiling measured once in this run.\n`);
console.log('| database | scenario | accepted msgs/s | share of ceiling | p50 / p99 ms | s until all final | server CPU µs/msg | PostgreSQL CPU µs/msg |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.db} | ${r.scenario} | ${r.msgsPerSecond.toFixed(0)} | ${(r.ratio * 100).toFixed(1)} % | ${r.p50} / ${r.p99} | ${r.finalSeconds} | ${Number.isNaN(r.cpuPerMessage) ? '-' : r.cpuPerMessage.toFixed(0)} | ${Number.isNaN(r.pgCpuPerMessage) ? '-' : r.pgCpuPerMessage.toFixed(0)} |`);
