/**
 * Lighthouse on the built console (issue 10; a benchmark, not part of `npm test`): the login page,
 * the application list (signed in as the demo user) and Monitoring of the demo user's first
 * application, in Lighthouse's default mobile mode (emulated phone, simulated slow 4G and CPU
 * slowdown). Prints the performance and accessibility scores per page against the targets
 * (performance >= 90, accessibility 100) and exits 1 when one is missed.
 *
 * Run: `npm run build && npx tsx bench/lighthouse.ts` (starts the built server on a free port with
 * a fresh DATA_DIR and the demo data), or `npx tsx bench/lighthouse.ts http://localhost:3000` for a
 * running server with the demo user. Chromium: CHROMIUM_PATH or /usr/bin/chromium.
 * `--json DIR` also writes each full Lighthouse report there. `--runs N` loads each page N times
 * (same settings each time) and judges the median run by performance score: Lighthouse's simulated
 * timings follow the CPU time the page took, so one run on a busy machine is noisy.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from '../apps/web/e2e/support/browser.ts';
import { startServer, type RunningServer } from '../apps/web/e2e/support/server.ts';

const DEMO = { email: 'demo@pesan.local', password: 'Demo@1234' };
const TARGET = { performance: 90, accessibility: 100 };
const args = process.argv.slice(2);
const jsonDir = args.includes('--json') ? args[args.indexOf('--json') + 1] : undefined;
const givenUrl = args.find((a) => /^https?:\/\//.test(a));
const runs = args.includes('--runs') ? Math.max(1, Number(args[args.indexOf('--runs') + 1]) || 1) : 1;

let server: RunningServer | undefined;
const base = givenUrl ?? (server = await startServer({ DEMO_DATA: 'true', LOG_LEVEL: 'warn' })).url;

/** Signs the demo user in; returns the session cookie and the first application's id. */
async function signIn(): Promise<{ cookie: string; appId: string }> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ ...DEMO, remember: true }),
  });
  if (!login.ok) throw new Error(`demo login failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const list = await fetch(`${base}/api/application/list`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify({ page: 1, limit: 10 }),
  });
  const body = (await list.json()) as { data?: { id: string }[] };
  const appId = body.data?.[0]?.id;
  if (!appId) throw new Error(`the demo user has no application: ${JSON.stringify(body)}`);
  return { cookie, appId };
}

/** Starts Chromium with a DevTools port; resolves with the port and a stopper. */
async function startChromium(): Promise<{ port: number; stop(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'pesan-lh-'));
  const child = spawn(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', [...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let err = '';
    child.stderr!.on('data', (d) => {
      err += d;
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`chromium exited (${code}):\n${err}`)));
  });
  return {
    port,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}

/** Scores and the metrics behind performance, for one report. */
function summary(lhr: { audits: Record<string, { displayValue?: string }> }, perf: number, a11y: number): string {
  const metric = (id: string) => lhr.audits[id]?.displayValue ?? '-';
  return (
    `performance ${String(perf).padStart(3)}  accessibility ${String(a11y).padStart(3)}   ` +
    `FCP ${metric('first-contentful-paint')}  LCP ${metric('largest-contentful-paint')}  TBT ${metric('total-blocking-time')}  CLS ${metric('cumulative-layout-shift')}`
  );
}

const chromium = await startChromium();
let failed = false;
try {
  const { cookie, appId } = await signIn();
  const pages: { name: string; path: string; headers: Record<string, string> }[] = [
    { name: 'login', path: '/auth/login', headers: {} },
    { name: 'application list', path: '/my-application', headers: { Cookie: cookie } },
    { name: 'monitoring', path: `/my-application/detail-transaction/${appId}`, headers: { Cookie: cookie } },
  ];
  if (jsonDir) mkdirSync(jsonDir, { recursive: true });
  console.log(`Lighthouse (mobile) on ${base}; targets: performance >= ${TARGET.performance}, accessibility ${TARGET.accessibility}`);
  for (const p of pages) {
    const results: { lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']; perf: number; a11y: number }[] = [];
    for (let run = 1; run <= runs; run++) {
      const result = await lighthouse(
        `${base}${p.path}`,
        { port: chromium.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], extraHeaders: p.headers },
      );
      if (!result) throw new Error(`no Lighthouse result for ${p.path}`);
      const lhr = result.lhr;
      const file = `${p.name.replace(/\W+/g, '-')}${runs > 1 ? `-${run}` : ''}.json`;
      if (jsonDir) writeFileSync(join(jsonDir, file), JSON.stringify(lhr, null, 1));
      const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
      results.push({ lhr, perf: score('performance'), a11y: score('accessibility') });
      if (runs > 1) console.log(`     run ${run}: ${summary(lhr, score('performance'), score('accessibility'))}`);
    }
    // The median run by performance score (the middle one; with an even count the lower middle).
    const { lhr, perf, a11y } = [...results].sort((a, b) => a.perf - b.perf)[Math.floor((results.length - 1) / 2)]!;
    const ok = perf >= TARGET.performance && a11y >= TARGET.accessibility;
    failed ||= !ok;
    console.log(`${ok ? 'ok  ' : 'MISS'} ${p.name.padEnd(17)} ${summary(lhr, perf, a11y)}${runs > 1 ? `   (median of ${runs})` : ''}`);
    if (lhr.finalDisplayedUrl && !lhr.finalDisplayedUrl.endsWith(p.path)) console.log(`     (ended at ${lhr.finalDisplayedUrl})`);
    for (const [id, audit] of Object.entries(lhr.audits)) {
      const failing = audit.score !== null && audit.score < 0.9 && (audit.scoreDisplayMode === 'binary' || audit.scoreDisplayMode === 'numeric' || audit.scoreDisplayMode === 'metricSavings');
      const inA11y = lhr.categories.accessibility?.auditRefs.some((r) => r.id === id && r.weight > 0);
      if (failing && (inA11y || ok === false)) console.log(`     - ${id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    }
  }
} finally {
  await chromium.stop();
  await server?.stop();
}
process.exit(failed ? 1 : 0);
