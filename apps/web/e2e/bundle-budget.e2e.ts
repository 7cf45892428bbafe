/**
 * First-load JavaScript budgets (issues 10 and 28, support/bundle-budget.ts): login at most 195 KB
 * gzip, the application list at most 300 KB gzip, and each other page Lighthouse measures
 * (application detail, Monitoring, Overview, Generate Report, template list and editor) within its
 * own budget. Computed from the Vite manifest of the build `npm run test:e2e` made (entry and the
 * page's lazy routes with their static imports), and checked again in Chromium: the scripts a real
 * load of the page in a phone-sized window fetches until the network is idle.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { chunkCycles, demoIds, PAGE_BUDGETS, pagePath, PHONE_CONTEXT, weighLoadedScripts, weighPages, type DemoIds } from './support/bundle-budget.ts';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const kb = (bytes: number) => Math.round(bytes / 100) / 10;
const DEMO = { email: 'demo@pesan.local', password: 'Demo@1234' };

describe('first-load JavaScript budgets', () => {
  it('builds chunks without static-import cycles (a cycle runs a chunk before what it needs)', () => {
    expect(chunkCycles(dist)).toEqual([]);
  });

  it('stays within budget by the build manifest', () => {
    for (const w of weighPages(dist)) {
      expect(kb(w.gzipBytes), `${w.name}: ${kb(w.gzipBytes)} KB gzip over ${w.budgetKb} KB (${w.files.length} files)`).toBeLessThanOrEqual(w.budgetKb);
    }
  });

  describe('in the browser', () => {
    let server: RunningServer;
    let browser: Browser;
    let ids: DemoIds;
    /** A fresh context (empty HTTP cache), phone-sized, with the demo user's session cookie. */
    const signedIn = async (): Promise<BrowserContext> => {
      const context = await browser.newContext(PHONE_CONTEXT);
      const res = await context.request.post(`${server.url}/api/auth/login`, { headers: { origin: server.url }, data: DEMO });
      expect(res.status()).toBe(200);
      return context;
    };
    beforeAll(async () => {
      [server, browser] = await Promise.all([startServer({ DEMO_DATA: 'true' }), launchBrowser()]);
      const context = await signedIn();
      ids = await demoIds(async (path, data) => (await context.request.post(`${server.url}${path}`, { headers: { origin: server.url }, data })).json());
      await context.close();
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    it('stays within budget on a real load (login signed out, every other page as the demo user)', async () => {
      for (const p of PAGE_BUDGETS) {
        const context = p.path === '/auth/login' ? await browser.newContext(PHONE_CONTEXT) : await signedIn();
        const page = await context.newPage();
        const path = pagePath(p.path, ids);
        const loaded = await weighLoadedScripts(page, `${server.url}${path}`, dist);
        expect(new URL(page.url()).pathname, `${p.name} stayed on its page`).toBe(new URL(path, server.url).pathname);
        expect(kb(loaded.gzipBytes), `${p.name} loaded ${loaded.files.length} scripts`).toBeLessThanOrEqual(p.budgetKb);
        await context.close();
      }
    });
  });
});
