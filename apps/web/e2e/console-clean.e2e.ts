/**
 * Anonymous loads of the public pages (issue 10), and of a protected page that sends the visitor to
 * sign in, log no console error or warning, throw no page error and fail no request. The session
 * probe (GET /api/auth/session: the app asks who is signed in, and nobody is) is no error either
 * (issue 23 item 13): it answers 200 `{data: null}`, so Chromium logs nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const PAGES = ['/auth/login', '/auth/register', '/auth/forgot-password', '/auth/reset-password', '/docs', '/404', '/', '/my-application', '/profile/edit-profile'];

describe('anonymous page loads', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const path of PAGES) {
    it(`${path}: no console error, page error or failed request`, async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (msg) => {
        // Chromium logs every 4xx/5xx answer as a console error ("Failed to load resource").
        if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`console ${msg.type()}: ${msg.text()}`);
      });
      page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
      page.on('requestfailed', (req) => {
        // An image whose element is replaced before it loads (the redirect from / to the login page
        // re-renders the shell) is cancelled by Chromium, not failed: nothing is missing on screen.
        if (req.resourceType() === 'image' && req.failure()?.errorText === 'net::ERR_ABORTED') return;
        problems.push(`request failed: ${req.method()} ${req.url()} ${req.failure()?.errorText ?? ''}`);
      });
      page.on('response', (res) => {
        const url = new URL(res.url());
        if (res.status() < 400) return;
        problems.push(`HTTP ${res.status()}: ${res.request().method()} ${url.pathname}`);
      });
      await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
      await page.locator('h1, h2').first().waitFor();
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
