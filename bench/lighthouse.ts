/**
 * Lighthouse on the built console (issues 10 and 28; a benchmark, not part of `npm test`): the
 * login page and, signed in as the demo user, the application list, the first application's
 * detail and Monitoring, the Overview (dashboard) of that application, Generate Report, the
 * WhatsApp template list and the editor of the demo user's first editable (Draft or Rejected)
 * template, in Lighthouse's default mobile mode (emulated phone, simulated slow 4G and CPU
 * slowdown). Prints per page the performance and accessibility scores against the targets
 * (performance >= 90, accessibility 100) with FCP, LCP, TBT and CLS, and the machine's load
 * average before and after the runs (the simulated timings follow the CPU time the page took, so
 * a busy machine scores lower); exits 1 when a target is missed.
 *
 * Run: `npm run build && npx tsx bench/lighthouse.ts` (starts the built server on a free port with
 * a fresh DATA_DIR and the demo data), or `npx tsx bench/lighthouse.ts http://localhost:3000` for a
 * running server with the demo user. Chromium: CHROMIUM_PATH or /usr/bin/chromium.
 * `--json DIR` also writes each full Lighthouse report there. `--runs N` loads each page N times
 * (same settings each time) and judges the median run by performance score: Lighthouse's simulated
 * timings follow the CPU time the page took, so one run on a busy machine is noisy. `--only a,b`
 * measures just the pages whose name contains one of the words.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from '../apps/web/e2e/support/browser.ts';
import { startServer, type RunningServer } from '../apps/web/e2e/support/server.ts';

const DEMO = { email: 'demo@pesan.local', password: 'Demo@1234' };
const TARGET = { performance: 90, accessibility: 100 };
const args = process.argv.slice(2);
const jsonDir = args.includes('--json') ? args[args.indexOf('--json') + 1] : undefined;
const givenUrl = args.find((a) => /^https?:\/\//.test(a));
/** `--only a,b`: just the pages whose name contains one of these (for quick checks). */
const only = args.includes('--only') ? args[args.indexOf('--only') + 1]!.split(',') : undefined;
const runs = args.includes('--runs') ? Math.max(1, Number(args[args.indexOf('--runs') + 1]) || 1) : 1;

let server: RunningServer | undefined;
const base = givenUrl ?? (server = await startServer({ DEMO_DATA: 'true', LOG_LEVEL: 'warn' })).url;

/** POSTs `body` as JSON to `path` with the session `cookie`; the answer's JSON. */
async function post<T>(path: string, cookie: string, body: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base, cookie }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The first template of the demo user the editor opens (Draft or Rejected): its id. */
async function editableTemplate(cookie: string): Promise<string> {
  const list = await post<{ data?: { docs?: { _id: string }[] } }>('/api/wa/template/list', cookie, { status: ['DRAFT', 'REJECTED'], page: 1, limit: 10 });
  const id = list.data?.docs?.[0]?._id;
  if (!id) throw new Error(`the demo user has no Draft or Rejected template: ${JSON.stringify(list)}`);
  return id;
}

/** The load average (1, 5, 15 minutes) as text. */
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

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

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** One run's figures: the two scores (0-100) and the metrics behind performance (ms; CLS unitless). */
interface Figures {
  perf: number;
  a11y: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

/** The figures of one report. */
function figures(lhr: Lhr): Figures {
  const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    perf: score('performance'),
    a11y: score('accessibility'),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
  };
}

/** The median of each figure on its own (with an even count, the lower middle). */
function medians(all: Figures[]): Figures {
  const median = (k: keyof Figures) => all.map((f) => f[k]).sort((a, b) => a - b)[Math.floor((all.length - 1) / 2)]!;
  return { perf: median('perf'), a11y: median('a11y'), fcp: median('fcp'), lcp: median('lcp'), tbt: median('tbt'), cls: median('cls') };
}

/** One line of figures. */
function summary(f: Figures): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return (
    `performance ${String(f.perf).padStart(3)}  accessibility ${String(f.a11y).padStart(3)}   ` +
    `FCP ${s(f.fcp)}  LCP ${s(f.lcp)}  TBT ${`${Math.round(f.tbt)} ms`.padStart(6)}  CLS ${f.cls.toFixed(3)}`
  );
}

/**
 * One Lighthouse run of `url`; a run whose trace Lighthouse could not read (a runtime error such as
 * NO_NAVSTART, seen on a busy machine) is tried again, up to 3 times in all.
 */
async function audit(url: string, headers: Record<string, string>): Promise<Lhr> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port: chromium.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], extraHeaders: headers });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    if (!result.lhr.runtimeError || attempt === 3) return result.lhr;
    console.log(`     (${result.lhr.runtimeError.code} on ${url}: run again)`);
  }
}

const chromium = await startChromium();
let failed = false;
try {
  const { cookie, appId } = await signIn();
  const templateId = await editableTemplate(cookie);
  const signedIn = { Cookie: cookie };
  const pages: { name: string; path: string; headers: Record<string, string> }[] = [
    { name: 'login', path: '/auth/login', headers: {} },
    { name: 'application list', path: '/my-application', headers: signedIn },
    { name: 'application detail', path: `/my-application/detail/${appId}`, headers: signedIn },
    { name: 'monitoring', path: `/my-application/detail-transaction/${appId}`, headers: signedIn },
    { name: 'overview', path: `/dashboard?app=${appId}`, headers: signedIn },
    { name: 'generate report', path: '/generate-report', headers: signedIn },
    { name: 'template list', path: '/whatsapp-template', headers: signedIn },
    { name: 'template editor', path: `/whatsapp-template/edit/${templateId}`, headers: signedIn },
  ].filter((p) => !only || only.some((o) => p.name.includes(o)));
  if (jsonDir) mkdirSync(jsonDir, { recursive: true });
  console.log(`Lighthouse (mobile) on ${base}; targets: performance >= ${TARGET.performance}, accessibility ${TARGET.accessibility}`);
  console.log(`load average before: ${load()}`);
  for (const p of pages) {
    const results: { lhr: Lhr; figures: Figures }[] = [];
    for (let run = 1; run <= runs; run++) {
      const lhr = await audit(`${base}${p.path}`, p.headers);
      const file = `${p.name.replace(/\W+/g, '-')}${runs > 1 ? `-${run}` : ''}.json`;
      if (jsonDir) writeFileSync(join(jsonDir, file), JSON.stringify(lhr, null, 1));
      results.push({ lhr, figures: figures(lhr) });
      if (runs > 1) console.log(`     run ${run}: ${summary(figures(lhr))}`);
    }
    // Each figure's median on its own; the audits listed are the median run's by performance score.
    const mid = medians(results.map((r) => r.figures));
    const { lhr } = [...results].sort((a, b) => a.figures.perf - b.figures.perf)[Math.floor((results.length - 1) / 2)]!;
    const ok = mid.perf >= TARGET.performance && mid.a11y >= TARGET.accessibility;
    failed ||= !ok;
    console.log(`${ok ? 'ok  ' : 'MISS'} ${p.name.padEnd(18)} ${summary(mid)}${runs > 1 ? `   (medians of ${runs})` : ''}`);
    if (lhr.finalDisplayedUrl && !lhr.finalDisplayedUrl.endsWith(p.path)) console.log(`     (ended at ${lhr.finalDisplayedUrl})`);
    for (const [id, audit] of Object.entries(lhr.audits)) {
      const failing = audit.score !== null && audit.score < 0.9 && (audit.scoreDisplayMode === 'binary' || audit.scoreDisplayMode === 'numeric' || audit.scoreDisplayMode === 'metricSavings');
      const inA11y = lhr.categories.accessibility?.auditRefs.some((r) => r.id === id && r.weight > 0);
      if (failing && (inA11y || ok === false)) console.log(`     - ${id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    }
  }
  console.log(`load average after:  ${load()}`);
} finally {
  await chromium.stop();
  await server?.stop();
}
process.exit(failed ? 1 : 0);
