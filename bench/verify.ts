/**
 * /v1/verify round trips against /v1 send throughput (issue 27 benchmark; ratios from one run, not a
 * CI test). On PostgreSQL (TEST_DATABASE_URL, a fresh database per part), in one run:
 * - send: bench/send.ts's single-application scenario (64 connections sending
 *   `POST /v1/sms/messages` to one application, its own server and fresh database), run as a child
 *   process as it is, with its bare-Fastify ceiling; its accepted msgs/s is the reference;
 * - statements: on a server without job workers, the SQL statements the pg driver sends per start
 *   and per check (right and wrong code), counted over N sequential round trips (the code found
 *   from its stored HMAC, as apps/server/test/verify.test.ts does, outside the counted span);
 * - verify right: the real app with its job workers and SANDBOX_DELAY_MS=0 (as send.ts runs it),
 *   CONNECTIONS concurrent loops in a load process of their own (not on the server's event loop),
 *   each doing `POST /v1/verify` (sms, 6 digits, a new recipient every time) then, once the SMS
 *   OTP message reached the sandbox driver, `POST /v1/verify/{id}/check` with the code the driver
 *   got: the code is read where a carrier would read it, the driver's `send` wrapped in this
 *   process (no product code changed; the dispatch of the code's SMS is part of each round trip);
 * - verify wrong: the same with a wrong code checked right after the start (no wait for the SMS),
 *   the API cost without the dispatch on the critical path.
 * The application's verifications per minute are raised with the operator's setting
 * (setVerifyPerMinute, as `admin verify:limit` does) and V1_RATE_LIMIT is raised, so no limit
 * throttles; recipients are distinct, so the 5-an-hour guard never does. Prints round trips/s,
 * p50/p99 of the round trip and of its parts, server and PostgreSQL CPU per round trip, and the
 * ratio verify round trips/s / send msgs/s; the server's CPU per second with no load (its job pollers)
 * is measured for 5 s before each verify scenario, since at a few dozen round trips a second it is a
 * large share of the CPU per round trip.
 * Run: `TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx bench/verify.ts [seconds]
 *   [--connections=64] [--count=50] [--parts=send,statements,right,wrong] [--profile=DIR]`
 */
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { verifications } from '../apps/server/src/db/schema/verifications.ts';
import { setVerifyPerMinute, verifyCodeKey } from '../apps/server/src/modules/verify/verify.service.ts';
import { createTestApp, freshPostgresDatabase, type TestApp } from '../apps/server/test/harness.ts';
import { createAppWithToken, v1Post } from '../apps/server/test/v1-helper.ts';

const DURATION = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 20);
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const CONNECTIONS = Number(arg('connections') ?? 64);
const COUNT = Number(arg('count') ?? 50);
const PARTS = (arg('parts') ?? 'send,statements,right,wrong').split(',');
/** `--profile=DIR`: a CPU profile of the server process per verify scenario, written to DIR. */
const PROFILE_DIR = arg('profile');
if (!process.env.TEST_DATABASE_URL) throw new Error('Set TEST_DATABASE_URL (PostgreSQL)');
process.env.TEST_DB = 'postgres';

/** Every query the pg driver sends in this process (the statement count of a scenario, background work included). */
let allQueries = 0;
const pgQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  allQueries++;
  return (pgQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pgQuery;

/** "Failed query" lines the job workers of this process printed (console.error; not echoed, each carries its parameters). */
let failedQueries = 0;
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  if (String(args[0]).includes('Failed query')) failedQueries++;
  else consoleError(...args);
};

/** The session secret of the test harness (createTestApp): the key of the codes' HMAC. */
const SECRET = 'test-secret-test-secret-test-secret-123';
const ENV = { V1_RATE_LIMIT: '100000000', SANDBOX_DELAY_MS: '0', LOG_LEVEL: 'silent' };

/** CPU (µs) this process uses per second with the job workers running and no load: the pollers' share of a scenario's CPU. */
async function idleCpuPerSecond(): Promise<number> {
  const before = process.cpuUsage();
  await new Promise((r) => setTimeout(r, 5_000));
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 5;
}

/** CPU time (µs) used so far by this machine's PostgreSQL server processes (Linux /proc; 0 elsewhere), as bench/send.ts. */
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

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);
const ms = (sorted: number[]) => `${pct(sorted, 50).toFixed(0)} / ${pct(sorted, 99).toFixed(0)}`;

/**
 * bench/send.ts's single-application scenario on PostgreSQL, run as it is in a child process: its
 * table, its accepted msgs/s, and how many "Failed query" lines its engine printed (stderr, not kept:
 * each carries the query's parameters).
 */
function sendSingle(): Promise<{ output: string; msgsPerSecond: number; failedQueries: number }> {
  const script = fileURLToPath(new URL('./send.ts', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, String(DURATION), '--db=postgres', '--scenarios=single'], { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderrTail = '';
    let failedQueries = 0;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      failedQueries += chunk.split('Failed query').length - 1;
      stderrTail = (stderrTail + chunk).slice(-4000);
    });
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0) return reject(new Error(`bench/send.ts exited with ${code}:\n${stderrTail}`));
      const line = stdout.split('\n').find((l) => l.startsWith('| postgres | single sends'));
      const perSecond = Number(line?.split('|')[3]?.trim());
      if (!line || !Number.isFinite(perSecond)) return reject(new Error(`no single-scenario row in bench/send.ts output:\n${stdout}`));
      resolve({ output: stdout.trim(), msgsPerSecond: perSecond, failedQueries });
    });
  });
}

/** An application with the SMS OTP token (sms verifications) whose Verify per-minute limit is out of the way. */
async function verifyApp(t: TestApp) {
  const a = await createAppWithToken(t, { channels: ['sms_otp'] });
  if (!(await setVerifyPerMinute(t.ctx.database.db, a.applicationId, 100_000_000, new Date()))) throw new Error('no application');
  return { ...a, token: a.tokens.sms_otp.accessToken };
}

/** A new Indonesian mobile number per round trip (never a sandbox magic ending 0001–0006). */
const recipient = (run: number, i: number) => `+62812${String(run * 10_000_000 + i).padStart(8, '0')}7`;

/**
 * SQL statements per start, per right check and per wrong check: N sequential round trips on a
 * server without workers (no dispatch, sandbox steps or sweeps in the count), counting every query
 * the pg driver sends during each request. Returns lines to print.
 */
async function countStatements(): Promise<string[]> {
  let counting = false;
  let texts: string[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (counting) texts.push((typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string } | undefined)?.text ?? '?')).replace(/\s+/g, ' '));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  const t = await createTestApp({ workers: false, env: ENV });
  const out: string[] = [];
  try {
    const a = await verifyApp(t);
    const key = verifyCodeKey(SECRET);
    const codeOf = async (id: string) => {
      const [row] = await t.ctx.database.db.select({ h: verifications.codeHmac }).from(verifications).where(eq(verifications.id, id));
      for (let n = 0; n < 10_000; n++) {
        const code = String(n).padStart(4, '0');
        if (createHmac('sha256', key).update(`${id}:${code}`).digest('hex') === row!.h) return code;
      }
      throw new Error('code not found from its HMAC');
    };
    const cpuTotals = { start: 0, right: 0, wrong: 0 };
    const counted = async <T>(kind: keyof typeof cpuTotals, fn: () => Promise<T>): Promise<[T, string[]]> => {
      texts = [];
      counting = true;
      const cpu = process.cpuUsage();
      try {
        return [await fn(), texts];
      } finally {
        const used = process.cpuUsage(cpu);
        cpuTotals[kind] += used.user + used.system;
        counting = false;
      }
    };
    const totals = { start: 0, right: 0, wrong: 0 };
    const samples: Record<keyof typeof totals, string[]> = { start: [], right: [], wrong: [] };
    // Warm the path (first-use caches, the JIT) with as many uncounted round trips, then count.
    for (let i = -COUNT; i < COUNT; i++) {
      if (i === 0) {
        Object.assign(cpuTotals, { start: 0, right: 0, wrong: 0 });
        Object.assign(totals, { start: 0, right: 0, wrong: 0 });
      }
      const [start, s] = await counted('start', () => v1Post(t, '/verify', a.token, { to: recipient(8, i + COUNT), channel: 'sms', code_length: 4 }));
      if (start.statusCode !== 201) throw new Error(`start: ${start.statusCode} ${start.body}`);
      const id = start.json().id as string;
      const code = await codeOf(id);
      const wrongCode = code === '0000' ? '1111' : '0000';
      const [wrong, w] = await counted('wrong', () => v1Post(t, `/verify/${id}/check`, a.token, { code: wrongCode }));
      const [right, r] = await counted('right', () => v1Post(t, `/verify/${id}/check`, a.token, { code }));
      if (wrong.json().valid !== false || right.json().valid !== true) throw new Error(`checks: ${wrong.body} ${right.body}`);
      totals.start += s.length;
      totals.wrong += w.length;
      totals.right += r.length;
      if (i === COUNT - 1) Object.assign(samples, { start: s, wrong: w, right: r });
    }
    out.push(`SQL statements per request (pg driver queries, ${COUNT} sequential round trips through inject, no job workers; CPU µs of this process per request, inject's client side included):`);
    for (const k of ['start', 'wrong', 'right'] as const) {
      const label = { start: 'POST /v1/verify (start)', wrong: 'check, wrong code', right: 'check, right code' }[k];
      out.push(`  ${label}: ${(totals[k] / COUNT).toFixed(2)} statements, ${samples[k].filter((q) => /^\s*begin/i.test(q)).length} transaction(s), ${(cpuTotals[k] / COUNT).toFixed(0)} µs CPU; the last one's:`);
      for (const q of samples[k]) out.push(`    - ${q.slice(0, 150)}`);
    }
  } finally {
    await t.close();
    pg.Client.prototype.query = original;
  }
  return out;
}

/** The load process: CONNECTIONS loops of start + check for DURATION seconds; codes arrive over IPC. */
const LOAD_SCRIPT = `
const { url, token, connections, durationMs, wrong, run } = JSON.parse(process.argv[1]);
const waiting = new Map();
const arrived = new Map();
process.on('message', (m) => {
  const resolve = waiting.get(m.to);
  if (resolve) { waiting.delete(m.to); resolve(m.code); } else if (!wrong) arrived.set(m.to, m.code);
});
const codeFor = (to) => {
  if (arrived.has(to)) { const c = arrived.get(to); arrived.delete(to); return Promise.resolve(c); }
  return new Promise((resolve) => {
    waiting.set(to, resolve);
    setTimeout(() => { if (waiting.delete(to)) resolve(null); }, 30000);
  });
};
const headers = { authorization: 'Bearer ' + token, 'content-type': 'application/json' };
const post = async (path, body) => {
  const res = await fetch(url + path, { method: 'POST', headers, body: JSON.stringify(body) });
  return [res.status, await res.json()];
};
const s = { ok: 0, started: 0, refused: {}, noCode: 0, errors: 0, rt: [], start: [], wait: [], check: [] };
const refuse = (k) => { s.refused[k] = (s.refused[k] || 0) + 1; };
let next = 0;
const began = performance.now();
const end = began + durationMs;
async function loop() {
  while (performance.now() < end) {
    const i = next++;
    const to = '+62812' + String(run * 10000000 + i).padStart(8, '0') + '7';
    try {
      const t0 = performance.now();
      const [s1, v] = await post('/verify', { to, channel: 'sms', code_length: 6 });
      const t1 = performance.now();
      if (s1 !== 201) { refuse('start ' + s1 + ' ' + (v.error && v.error.code)); continue; }
      s.started++;
      const code = wrong ? '000000' : await codeFor(v.to);
      const t2 = performance.now();
      if (code === null) { s.noCode++; continue; }
      const [s2, c] = await post('/verify/' + v.id + '/check', { code });
      const t3 = performance.now();
      if (s2 !== 200 || (!wrong && c.valid !== true)) { refuse('check ' + s2 + ' ' + (c.error ? c.error.code : 'valid=' + c.valid)); continue; }
      s.ok++;
      s.rt.push(t3 - t0); s.start.push(t1 - t0); s.wait.push(t2 - t1); s.check.push(t3 - t2);
    } catch (e) { s.errors++; }
  }
}
Promise.all(Array.from({ length: connections }, loop)).then(() => {
  s.seconds = (performance.now() - began) / 1000;
  process.send(s, () => process.exit(0));
});
`;

interface LoadResult {
  ok: number;
  started: number;
  refused: Record<string, number>;
  noCode: number;
  errors: number;
  seconds: number;
  rt: number[];
  start: number[];
  wait: number[];
  check: number[];
}

interface Row {
  scenario: string;
  perSecond: number;
  rt: string;
  start: string;
  wait: string;
  check: string;
  cpu: number;
  /** Of `cpu`, the kernel's share (system time: socket writes and loopback TCP to PostgreSQL and the load process). */
  sysCpu: number;
  pgCpu: number;
  statements: number;
  finalSeconds: string;
  /** The server's CPU per second with no load (job pollers), over 5 s before the scenario. */
  idleCpu: number;
  notes: string;
}

/** Seconds until every code message of `applicationId` is delivered (at most 60 s), read from the hourly counters as bench/send.ts does. */
async function untilFinal(t: TestApp, applicationId: string, accepted: number, loadEnded: number): Promise<string> {
  for (;;) {
    const res = (await t.ctx.database.db.execute(
      sql`select coalesce(sum(n), 0)::int as n from (select count as n from message_stats_hourly where application_id = ${applicationId}::uuid and status = 'delivered'
        union all select delta as n from message_stats_deltas where application_id = ${applicationId}::uuid and status = 'delivered') x`,
    )) as unknown as { rows: { n: number }[] };
    if (res.rows[0]!.n >= accepted) return ((Date.now() - loadEnded) / 1000).toFixed(1);
    if (Date.now() - loadEnded > 60_000) return `>60 (${res.rows[0]!.n}/${accepted})`;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** One verify scenario on a fresh PostgreSQL database with the job workers running. */
async function verifyScenario(wrong: boolean, run: number): Promise<Row> {
  const pgDb = await freshPostgresDatabase();
  const t = await createTestApp({ env: ENV, databaseUrl: pgDb.url });
  try {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const a = await verifyApp(t);
    const idleCpu = await idleCpuPerSecond();
    const child = spawn(
      process.execPath,
      ['-e', LOAD_SCRIPT, JSON.stringify({ url: `http://127.0.0.1:${port}/v1`, token: a.token, connections: CONNECTIONS, durationMs: DURATION * 1000, wrong, run })],
      { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    );
    // Where a carrier would read the code: the sandbox driver's send gets the opened text.
    const driver = t.ctx.services.drivers.driverFor('sms_otp');
    const send = driver.send.bind(driver);
    driver.send = async (message) => {
      const code = /(\d{4,10})\./.exec(String(message.body['text'] ?? ''))?.[1];
      if (code && !wrong && child.connected) child.send({ to: message.recipient, code });
      return send(message);
    };
    const cpuBefore = process.cpuUsage();
    const pgBefore = postgresCpuMicros();
    const queriesBefore = allQueries;
    const failedBefore = failedQueries;
    const loadBefore = loadavg()[0]!;
    const inspector = PROFILE_DIR ? new Session() : null;
    if (inspector) {
      inspector.connect();
      await inspector.post('Profiler.enable');
      await inspector.post('Profiler.start');
    }
    const result = await new Promise<LoadResult>((resolve, reject) => {
      child.once('message', (m) => resolve(m as LoadResult));
      child.once('exit', (code) => reject(new Error(`load process exited with ${code}`)));
    });
    const loadEnded = Date.now();
    const loadAfter = loadavg()[0]!;
    // CPU and statements until the code messages are final (their dispatch and sandbox lifecycle), as bench/send.ts counts.
    const finalSeconds = await untilFinal(t, a.applicationId, result.started, loadEnded);
    const cpu = process.cpuUsage(cpuBefore);
    const pgCpu = postgresCpuMicros() - pgBefore;
    const statements = allQueries - queriesBefore;
    const failed = failedQueries - failedBefore;
    const name = wrong ? 'start + wrong check' : 'start + right check';
    if (inspector) {
      const { profile } = await inspector.post('Profiler.stop');
      writeFileSync(`${PROFILE_DIR}/verify-${wrong ? 'wrong' : 'right'}.cpuprofile`, JSON.stringify(profile));
      inspector.disconnect();
    }
    const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);
    const refused = Object.entries(result.refused).map(([k, n]) => `${n} ${k}`);
    if (result.noCode) refused.push(`${result.noCode} without a code in 30 s`);
    if (result.errors) refused.push(`${result.errors} network errors`);
    if (failed) refused.push(`${failed} "Failed query" lines from the job workers`);
    return {
      scenario: `${name}, ${CONNECTIONS} conns -> 1 app`,
      perSecond: result.ok / result.seconds,
      rt: ms(sorted(result.rt)),
      start: ms(sorted(result.start)),
      wait: wrong ? '-' : ms(sorted(result.wait)),
      check: ms(sorted(result.check)),
      cpu: (cpu.user + cpu.system) / Math.max(1, result.ok),
      sysCpu: cpu.system / Math.max(1, result.ok),
      pgCpu: pgCpu / Math.max(1, result.ok),
      statements: statements / Math.max(1, result.ok),
      finalSeconds,
      idleCpu,
      notes: `${result.ok} round trips in ${result.seconds.toFixed(1)} s; load average ${loadBefore.toFixed(1)} -> ${loadAfter.toFixed(1)}; idle server ${(idleCpu / 1000).toFixed(0)} ms CPU/s${refused.length ? `; ${refused.join(', ')}` : ''}`,
    };
  } finally {
    await t.close();
    await pgDb.drop();
  }
}

let sendRef: { output: string; msgsPerSecond: number; failedQueries: number } | null = null;
const sendLoad = [loadavg()[0]!];
if (PARTS.includes('send')) sendRef = await sendSingle();
sendLoad.push(loadavg()[0]!);
const statements = PARTS.includes('statements') ? await countStatements() : [];
const rows: Row[] = [];
if (PARTS.includes('right')) rows.push(await verifyScenario(false, 1));
if (PARTS.includes('wrong')) rows.push(await verifyScenario(true, 2));

if (sendRef) console.log(`\nbench/send.ts, single-application scenario (PostgreSQL), this run (load average ${sendLoad[0]!.toFixed(1)} -> ${sendLoad[1]!.toFixed(1)}; ${sendRef.failedQueries} "Failed query" lines on its stderr):\n${sendRef.output}`);
if (statements.length) console.log(`\n${statements.join('\n')}`);
console.log(`\n${DURATION} s per verify scenario, PostgreSQL, job workers running, SANDBOX_DELAY_MS=0.\n`);
console.log('| scenario | round trips/s | ratio to send msgs/s | round trip p50 / p99 ms | start p50 / p99 ms | wait for the SMS p50 / p99 ms | check p50 / p99 ms | s until all final | server CPU µs/round trip (of which system) | PostgreSQL CPU µs/round trip | SQL statements/round trip (all) | notes |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  const ratio = sendRef ? (r.perSecond / sendRef.msgsPerSecond).toFixed(3) : '-';
  console.log(`| ${r.scenario} | ${r.perSecond.toFixed(0)} | ${ratio} | ${r.rt} | ${r.start} | ${r.wait} | ${r.check} | ${r.finalSeconds} | ${r.cpu.toFixed(0)} (${r.sysCpu.toFixed(0)}) | ${r.pgCpu.toFixed(0)} | ${r.statements.toFixed(1)} | ${r.notes} |`);
}
if (sendRef) {
  for (const r of rows) console.log(`verify_roundtrips_per_s / send_msgs_per_s (${r.scenario}) = ${r.perSecond.toFixed(1)} / ${sendRef.msgsPerSecond.toFixed(0)} = ${(r.perSecond / sendRef.msgsPerSecond).toFixed(3)}`);
}
