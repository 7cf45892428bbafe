/**
 * /v1 send throughput with and without 500 open live streams (issue 28 benchmark; figures from one
 * run, not a CI test). On PostgreSQL (TEST_DATABASE_URL, a fresh database), in ONE server process
 * with its job workers and SANDBOX_DELAY_MS=0, as bench/send.ts runs it:
 * - without: bench/send.ts's single-application scenario (autocannon in its own process, 64
 *   connections sending `POST /v1/sms/messages` to one application, DURATION seconds); accepted
 *   msgs/s = 2xx / DURATION, as send.ts computes it;
 * - with: the same load while STREAMS real HTTP SSE connections (`GET /api/events/stream`, filtered
 *   to the sending application, as an Overview or Monitoring page opens it) are open to the same
 *   server: 8 per user, users of the sending organization with sessions inserted in the database
 *   (cookie signed with the app's secret). They are held by a client in a process of its own (this
 *   file forked with --streams-child), which reads every stream to the end; SAMPLE of them parse
 *   each `activity` event and record now - event.from (the oldest change it sums: the longest a
 *   change waited to reach a screen), the others only count their `activity` events. Meanwhile a
 *   probe (one more user) sends a message through /v1 about every 500 ms and opens a stream watching
 *   it (as Monitoring does for its rows), recording now - event.at for each of its `status` events;
 * The two alternate for ROUNDS rounds (default 2: without, with, without, with), since the database
 * grows through the run; the change is the mean of the "with" rounds against the mean of the others.
 * The streams run no scenario but "with" (they are opened just before it and closed after its drain).
 * Prints accepted msgs/s, p50/p99, seconds until all final, the change in percent, the delay
 * percentiles, events per stream, and the machine's cores and load average.
 * Run: `TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx bench/live.ts [seconds] [--streams=500] [--sample=20] [--rounds=2]`
 */
import { execFile, fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';
import { STREAM_LIMITS } from '@pesan/contracts/events';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const DURATION = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 20);
const STREAMS = Number(arg('streams') ?? 500);
const SAMPLE = Number(arg('sample') ?? 20);
const ROUNDS = Number(arg('rounds') ?? 2);
const PER_USER = 8;

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);
const load1 = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');

interface ChildStart {
  base: string;
  cookies: string[];
  probeCookie: string;
  token: string;
  applicationId: string;
  sample: number;
}
interface ChildReport {
  opened: number;
  refused: string[];
  endedEarly: number;
  counts: number[];
  sampleCounts: number[];
  delays: number[];
  probeDelays: number[];
  probes: number;
  cpuMicros: number;
}

/** The stream client (its own process): opens the streams, reads them all, reports on 'stop'. */
async function streamsChild() {
  const start = await new Promise<ChildStart>((resolve) => process.once('message', (m) => resolve(m as ChildStart)));
  const controller = new AbortController();
  const counts: number[] = Array(start.cookies.length).fill(0);
  const delays: number[] = [];
  const refused: string[] = [];
  let opened = 0;
  let endedEarly = 0;
  let stopping = false;
  /** The newest activity id seen: where a probe's stream resumes. */
  let lastActivityId = '0';
  const url = `${start.base}/api/events/stream?application_id=${start.applicationId}`;
  const MARK = 'event: activity\n';

  async function read(i: number, res: Response) {
    const sampled = i < start.sample;
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buf = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += value;
        if (sampled) {
          let at: number;
          while ((at = buf.indexOf('\n\n')) >= 0) {
            const block = buf.slice(0, at);
            buf = buf.slice(at + 2);
            if (!block.includes(MARK)) continue;
            const line = block.split('\n').find((l) => l.startsWith('data: '));
            if (!line) continue;
            const ev = JSON.parse(line.slice(6)) as { from: string; id: string };
            if (Number(ev.id) > Number(lastActivityId)) lastActivityId = ev.id;
            delays.push(Date.now() - Date.parse(ev.from));
            counts[i]!++;
          }
        } else {
          // Count the `activity` events only; keep the tail that may hold a split marker.
          let from = 0;
          let k: number;
          while ((k = buf.indexOf(MARK, from)) >= 0) {
            counts[i]!++;
            from = k + MARK.length;
          }
          buf = buf.slice(Math.max(from, buf.length - MARK.length));
        }
      }
    } catch {
      // Aborted at the end.
    }
    if (!stopping) endedEarly++;
  }

  const queue = start.cookies.map((cookie, i) => ({ cookie, i }));
  await Promise.all(
    Array.from({ length: 25 }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) {
        const res = await fetch(url, { headers: { cookie: job.cookie, accept: 'text/event-stream' }, signal: controller.signal });
        if (res.status !== 200) {
          refused.push(`${res.status} ${await res.text()}`);
          continue;
        }
        opened++;
        void read(job.i, res);
      }
    }),
  );
  process.send!({ ready: opened });
  // The client's own CPU from here on (opening the streams is not part of the "with" scenario).
  const cpuBefore = process.cpuUsage();

  // The probe: a message sent through /v1, then a stream watching it, until it is delivered (or 10 s).
  const probeDelays: number[] = [];
  let probes = 0;
  const probing = (async () => {
    while (!stopping) {
      const sentAt = Date.now();
      try {
        const res = await fetch(`${start.base}/v1/sms/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${start.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ to: '081234567899', text: 'Probe' }),
        });
        if (res.status !== 202) throw new Error(`probe send ${res.status}`);
        const { id } = (await res.json()) as { id: string };
        // Resume from before the send: nothing of this message is missed while the stream opens.
        const watch = await fetch(`${url}&message_id=${id}${lastActivityId === '0' ? '' : `&last_event_id=${lastActivityId}`}`, { headers: { cookie: start.probeCookie, accept: 'text/event-stream' }, signal: AbortSignal.any([controller.signal, AbortSignal.timeout(10_000)]) });
        probes++;
        const reader = watch.body!.pipeThrough(new TextDecoderStream()).getReader();
        let buf = '';
        outer: for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += value;
          let at: number;
          while ((at = buf.indexOf('\n\n')) >= 0) {
            const block = buf.slice(0, at);
            buf = buf.slice(at + 2);
            if (!block.includes('event: status\n')) continue;
            const ev = JSON.parse(block.split('\n').find((l) => l.startsWith('data: '))!.slice(6)) as { at: string; status: string };
            probeDelays.push(Date.now() - Date.parse(ev.at));
            if (ev.status === 'delivered') {
              await reader.cancel();
              break outer;
            }
          }
        }
      } catch {
        // Timed out or stopped.
      }
      await new Promise((r) => setTimeout(r, Math.max(0, 500 - (Date.now() - sentAt))));
    }
  })();

  await new Promise((resolve) => process.once('message', resolve));
  stopping = true;
  await probing;
  const cpu = process.cpuUsage(cpuBefore);
  const report: ChildReport = { opened, refused, endedEarly, counts, sampleCounts: counts.slice(0, start.sample), delays, probeDelays, probes, cpuMicros: cpu.user + cpu.system };
  process.send!(report, () => {
    controller.abort();
    process.exit(0);
  });
}

async function main() {
  if (!process.env.TEST_DATABASE_URL) throw new Error('Set TEST_DATABASE_URL (PostgreSQL)');
  process.env.TEST_DB = 'postgres';
  // "Failed query" lines the job workers print (console.error; not echoed, each carries its parameters), as bench/verify.ts counts them.
  let failedQueries = 0;
  const failedCauses = new Map<string, number>();
  const consoleError = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    if (String(args[0]).includes('Failed query')) {
      failedQueries++;
      // The first few kinds: the job, the statement's first words and the database's error (lib/log-safety.ts errorText; never parameters).
      const line = String(args[0]);
      const what = `${line.slice(0, 70)} … ${line.split(' <- caused by: ').slice(1).join(' / ')}`;
      if (failedCauses.size < 5) failedCauses.set(what, (failedCauses.get(what) ?? 0) + 1);
      else if (failedCauses.has(what)) failedCauses.set(what, failedCauses.get(what)! + 1);
    }
    else consoleError(...args);
  };
  const { sql } = await import('drizzle-orm');
  const { users, sessions } = await import('../apps/server/src/db/schema/users.ts');
  const { hashSessionId, SESSION_COOKIE } = await import('../apps/server/src/plugins/session.ts');
  const { createTestApp, freshPostgresDatabase } = await import('../apps/server/test/harness.ts');
  const { createAppWithToken } = await import('../apps/server/test/v1-helper.ts');
  type TestApp = Awaited<ReturnType<typeof createTestApp>>;

  const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const SMS = JSON.stringify({ to: '081234567890', text: 'Your order has shipped' });

  /** autocannon in its own process, as bench/send.ts runs it. */
  const load = (url: string, headers: Record<string, string>): Promise<autocannon.Result> => {
    const args = [autocannonBin, '-j', '-c', '64', '-d', String(DURATION), '-m', 'POST', '-b', SMS];
    for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
    args.push(url);
    return new Promise((resolve, reject) =>
      execFile(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 }, (err, stdout) => (err ? reject(err) : resolve(JSON.parse(stdout) as autocannon.Result))),
    );
  };

  /** Delivered count of the application from the hourly counters, as bench/send.ts's untilFinal reads it. */
  const delivered = async (t: TestApp, applicationId: string) => {
    const res = (await t.ctx.database.db.execute(
      sql`select coalesce(sum(n), 0)::int as n from (select count as n from message_stats_hourly where application_id = ${applicationId}::uuid and status = 'delivered'
        union all select delta as n from message_stats_deltas where application_id = ${applicationId}::uuid and status = 'delivered') x`,
    )) as unknown as { rows: { n: number }[] };
    return res.rows[0]!.n;
  };

  const pg = await freshPostgresDatabase();
  const t = await createTestApp({ env: { V1_RATE_LIMIT: '100000000', SANDBOX_DELAY_MS: '0', LOG_LEVEL: 'silent' }, databaseUrl: pg.url });
  const rows: string[] = [];
  let child: ReturnType<typeof fork> | undefined;
  try {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}`;
    const sender = await createAppWithToken(t, { channels: ['sms'] });
    const headers = { authorization: `Bearer ${sender.tokens.sms.accessToken}`, 'content-type': 'application/json' };

    // Users of the sending organization, 8 sessions each (one stream per session).
    const db = t.ctx.database.db;
    const userCount = Math.ceil(STREAMS / PER_USER) + 1; // the last one: the probe
    const userRows = await db
      .insert(users)
      .values(
        Array.from({ length: userCount }, (_, i) => ({
          fullName: `Viewer ${i}`,
          email: `live-${randomUUID()}@example.com`,
          phoneNumber: '+6281200000000',
          passwordHash: 'x',
          organizationId: sender.organizationId,
          role: 'viewer' as const,
          emailVerifiedAt: new Date(),
        })),
      )
      .returning({ id: users.id });
    const cookies: string[] = [];
    const sessionRows: { idHash: string; userId: string; expiresAt: Date }[] = [];
    for (let i = 0; i < STREAMS; i++) {
      const id = randomBytes(32).toString('base64url');
      sessionRows.push({ idHash: hashSessionId(id), userId: userRows[Math.floor(i / PER_USER)]!.id, expiresAt: new Date(Date.now() + 3600_000) });
      cookies.push(`${SESSION_COOKIE}=${encodeURIComponent(t.app.signCookie(id))}`);
    }
    const probeId = randomBytes(32).toString('base64url');
    sessionRows.push({ idHash: hashSessionId(probeId), userId: userRows.at(-1)!.id, expiresAt: new Date(Date.now() + 3600_000) });
    const probeCookie = `${SESSION_COOKIE}=${encodeURIComponent(t.app.signCookie(probeId))}`;
    await db.insert(sessions).values(sessionRows);

    let accumulated = 0;
    const scenario = async (name: string) => {
      const before = accumulated;
      const failedBefore = failedQueries;
      const cpuBefore = process.cpuUsage();
      const loadBefore = load1();
      const r = await load(`${base}/v1/sms/messages`, headers);
      const ended = Date.now();
      const accepted = r['2xx'];
      accumulated += accepted;
      let final = '';
      for (;;) {
        const n = (await delivered(t, sender.applicationId)) - before;
        if (n >= accepted) {
          final = ((Date.now() - ended) / 1000).toFixed(1);
          break;
        }
        if (Date.now() - ended > 120_000) {
          final = `>120 (${n}/${accepted})`;
          break;
        }
        await new Promise((res) => setTimeout(res, 250));
      }
      const cpu = process.cpuUsage(cpuBefore);
      const perSecond = accepted / DURATION;
      const refused = r.non2xx + r.errors;
      rows.push(
        `| ${name}${refused ? ` (${refused} non-2xx/errors)` : ''} | ${perSecond.toFixed(0)} | ${r.latency.p50} / ${r.latency.p99} | ${final} | ${((cpu.user + cpu.system) / Math.max(1, accepted)).toFixed(0)} | ${failedQueries - failedBefore} | ${loadBefore} -> ${load1()} |`,
      );
      return perSecond;
    };

    /** The "with" scenario: the stream client opens the streams, the load runs, the client reports. */
    const script = fileURLToPath(import.meta.url);
    let hubSize = 0;
    const withStreams = async (name: string): Promise<{ perSecond: number; report: ChildReport }> => {
      const c = fork(script, ['--streams-child'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      child = c;
      const next = () =>
        new Promise<unknown>((resolve, reject) => {
          c.once('message', resolve);
          c.once('exit', (code) => reject(new Error(`stream client exited (${code})`)));
        });
      const ready = next();
      c.send({ base, cookies, probeCookie, token: sender.tokens.sms.accessToken, applicationId: sender.applicationId, sample: SAMPLE } satisfies ChildStart);
      const { ready: opened } = (await ready) as { ready: number };
      hubSize = t.ctx.services.events.hub.size();
      await new Promise((res) => setTimeout(res, 2000));
      const perSecond = await scenario(`${name}: with ${opened} open streams`);
      await new Promise((res) => setTimeout(res, 2000));
      const reportP = next();
      c.send('stop');
      const report = (await reportP) as ChildReport;
      child = undefined;
      // Let the server notice the closed streams before the next scenario.
      await new Promise((res) => setTimeout(res, 1000));
      return { perSecond, report };
    };

    // Alternating rounds (without, with, without, with, …): the database grows through the run, so
    // each kind sees early and late rounds alike.
    const withouts: number[] = [];
    const withs: number[] = [];
    const reports: ChildReport[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      withouts.push(await scenario(`round ${round}: without streams`));
      const w = await withStreams(`round ${round}`);
      withs.push(w.perSecond);
      reports.push(w.report);
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const report: ChildReport = {
      ...reports.at(-1)!,
      delays: reports.flatMap((r) => r.delays),
      probeDelays: reports.flatMap((r) => r.probeDelays),
      probes: reports.reduce((n, r) => n + r.probes, 0),
      cpuMicros: reports.reduce((n, r) => n + r.cpuMicros, 0),
    };

    console.log(`\nPostgreSQL, ${DURATION} s per scenario, ${ROUNDS} rounds, 64 connections of single sends to one application; machine: ${availableParallelism()} cores, load average (1/5/15 min) now ${load1()}.\n`);
    console.log('| scenario | accepted msgs/s | p50 / p99 ms | s until all final | server CPU µs/msg | "Failed query" lines | load avg before -> after |');
    console.log('|---|---|---|---|---|---|---|');
    for (const r of rows) console.log(r);
    const change = ((mean(withs) - mean(withouts)) / mean(withouts)) * 100;
    console.log(`\nmean accepted msgs/s without streams ${mean(withouts).toFixed(0)}, with ${report.opened} streams ${mean(withs).toFixed(0)}: change ${change.toFixed(1)} % (per round: ${withs.map((w, i) => `${(((w - withouts[i]!) / withouts[i]!) * 100).toFixed(1)} %`).join(', ')}). Goal: a drop < 10 %.`);
    const all = [...report.counts].sort((a, b) => a - b);
    const sampleCounts = [...report.sampleCounts].sort((a, b) => a - b);
    const d = [...report.delays].sort((a, b) => a - b);
    console.log(`streams: ${report.opened} opened (${hubSize} in the server's hub), ${report.refused.length} refused${report.refused.length ? ` (${report.refused[0]})` : ''}, ${report.endedEarly} ended by the server before the end`);
    console.log(`activity events per stream (all ${all.length}): min ${all[0]} / median ${pct(all, 50)} / max ${all.at(-1)}; sample of ${sampleCounts.length}: min ${sampleCounts[0]} / median ${pct(sampleCounts, 50)} / max ${sampleCounts.at(-1)} (at most one per ${STREAM_LIMITS.activityMs} ms)`);
    console.log(`change-to-screen delay by activity (now - event.from, the oldest change summed) on the ${SAMPLE}-stream sample, ${d.length} events: p50 ${pct(d, 50)} ms / p95 ${pct(d, 95)} ms / p99 ${pct(d, 99)} ms / max ${d.at(-1)} ms`);
    const p = [...report.probeDelays].sort((a, b) => a - b);
    console.log(`status-to-screen delay of watched messages (now - event.at), ${report.probes} probes sent through /v1 and watched, ${p.length} status events: p50 ${pct(p, 50)} ms / p95 ${pct(p, 95)} ms / p99 ${pct(p, 99)} ms / max ${p.at(-1)} ms`);
    for (const [what, n] of failedCauses) console.log(`failed query x${n}: ${what}`);
    console.log(`stream client process CPU: ${(report.cpuMicros / 1e6).toFixed(1)} s over the "with" scenarios and their drains`);
  } finally {
    child?.kill();
    await t.close();
    await pg.drop();
  }
}

if (process.argv.includes('--streams-child')) await streamsChild();
else await main();
