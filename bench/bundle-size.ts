/**
 * First-load JavaScript per page (issues 10 and 28; figures, not a CI gate: the gate is
 * apps/web/e2e/bundle-budget.e2e.ts). Prints, for every page of PAGE_BUDGETS (login, application
 * list and detail, Monitoring, Overview, Generate Report, template list and editor), the gzip KB
 * computed from the Vite manifest (entry + the page's lazy routes and their static imports) and
 * the gzip KB of the scripts Chromium fetched loading the page until the network was idle (signed
 * in as the demo user but for login) in a phone-sized window, beside the budgets.
 * Run: `npm run build && npx tsx bench/bundle-size.ts` (`--manifest-only` skips the browser).
 */
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../apps/web/e2e/support/browser.ts';
import { startServer } from '../apps/web/e2e/support/server.ts';
import { demoIds, PAGE_BUDGETS, pagePath, PHONE_CONTEXT, weighLoadedScripts, weighPages } from '../apps/web/e2e/support/bundle-budget.ts';

const DEMO = { email: 'demo@pesan.local', password: 'Demo@1234' };
const dist = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
const kb = (bytes: number) => (bytes / 1000).toFixed(1);
let over = false;

console.log('page               manifest KB gz   budget KB   files');
for (const w of weighPages(dist)) {
  over ||= w.gzipBytes / 1000 > w.budgetKb;
  console.log(`${w.name.padEnd(18)} ${kb(w.gzipBytes).padStart(12)}   ${String(w.budgetKb).padStart(9)}   ${w.files.length}`);
}

if (!process.argv.includes('--manifest-only')) {
  const [server, browser] = await Promise.all([startServer({ DEMO_DATA: 'true' }), launchBrowser()]);
  try {
    // One signed-in context for the ids; each page then loads in a fresh context (empty cache).
    const probe = await browser.newContext();
    const signIn = async (context: typeof probe) => {
      const res = await context.request.post(`${server.url}/api/auth/login`, { headers: { origin: server.url }, data: DEMO });
      if (!res.ok()) throw new Error(`demo login failed: ${res.status()}`);
    };
    await signIn(probe);
    const ids = await demoIds(async (path, data) => (await probe.request.post(`${server.url}${path}`, { headers: { origin: server.url }, data })).json());
    await probe.close();
    console.log('\npage               browser KB gz    budget KB   scripts');
    for (const p of PAGE_BUDGETS) {
      const context = await browser.newContext(PHONE_CONTEXT);
      if (p.path !== '/auth/login') await signIn(context);
      const page = await context.newPage();
      const loaded = await weighLoadedScripts(page, `${server.url}${pagePath(p.path, ids)}`, dist);
      over ||= loaded.gzipBytes / 1000 > p.budgetKb;
      console.log(`${p.name.padEnd(18)} ${kb(loaded.gzipBytes).padStart(12)}   ${String(p.budgetKb).padStart(9)}   ${loaded.files.length}  (ended at ${new URL(page.url()).pathname})`);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}
process.exit(over ? 1 : 0);
