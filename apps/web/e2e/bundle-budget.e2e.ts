/**
 * First-load JavaScript budgets (issue 10): login at most 200 KB gzip, the application list at
 * most 300 KB gzip. Computed from the Vite manifest of the build `npm run test:e2e` made (entry and
 * the page's lazy routes with their static imports), and checked again in Chromium: the scripts a
 * real load of the page fetches until the network is idle.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { chunkCycles, PAGE_BUDGETS, weighLoadedScripts, weighPages } from './support/bundle-budget.ts';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const kb = (bytes: number) => Math.round(bytes / 100) / 10;

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
    beforeAll(async () => {
      [server, browser] = await Promise.all([startServer({ DEMO_DATA: 'true' }), launchBrowser()]);
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    it('stays within budget on a real load (the list signed in as the demo user)', async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const login = PAGE_BUDGETS.find((p) => p.name === 'login')!;
      const list = PAGE_BUDGETS.find((p) => p.name === 'application list')!;
      const anon = await weighLoadedScripts(page, `${server.url}${login.path}`, dist);
      expect(kb(anon.gzipBytes), `login loaded ${anon.files.length} scripts`).toBeLessThanOrEqual(login.budgetKb);

      await context.close();

      // A fresh context (empty HTTP cache) with the demo user's session cookie.
      const signedInContext = await browser.newContext();
      const res = await signedInContext.request.post(`${server.url}/api/auth/login`, {
        headers: { origin: server.url },
        data: { email: 'demo@pesan.local', password: 'Demo@1234' },
      });
      expect(res.status()).toBe(200);
      const listPage = await signedInContext.newPage();
      const signedIn = await weighLoadedScripts(listPage, `${server.url}${list.path}`, dist);
      expect(new URL(listPage.url()).pathname).toBe(list.path);
      expect(kb(signedIn.gzipBytes), `list loaded ${signedIn.files.length} scripts`).toBeLessThanOrEqual(list.budgetKb);
      await signedInContext.close();
    });
  });
});
