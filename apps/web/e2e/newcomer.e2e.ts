/**
 * Issue 23, the console as a newcomer meets it (Chromium, 1366 and 375 px):
 * - item 8: an application whose name wraps keeps its card's buttons whole ('Edit', not 'Edi'),
 *   and no text on the list, detail or monitoring page of that application is clipped;
 * - item 17: an empty submit of Create Application at 375 px moves focus to the first invalid
 *   field (Application Name) and scrolls it into view, so its message is seen.
 * With SCREENSHOT_DIR set, saves the screens at both widths there.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './support/browser.ts';
import { signInAsDemo } from './support/flows.ts';
import { clippedTexts } from './support/i18n-scan.ts';
import { startServer, type RunningServer } from './support/server.ts';

const SHOTS = process.env.SCREENSHOT_DIR;
const LONG_NAME = 'Toko Sejahtera Makmur Abadi Jaya Sentosa Notifikasi Pelanggan Nasional';

describe('the console as a newcomer meets it', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const shot = async (name: string) => {
    if (!SHOTS) return;
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: join(SHOTS, `${name}-${page.viewportSize()!.width}.png`), fullPage: true });
  };

  beforeAll(async () => {
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    [server, browser] = await Promise.all([startServer({ DEMO_DATA: 'true' }), launchBrowser()]);
    context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1366, height: 900 } });
    page = await context.newPage();
    await signInAsDemo(page, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  let appId = '';
  it('creates an application with a long name', async () => {
    await page.goto(`${server.url}/my-application/create-application`);
    await page.getByLabel('Application Name').fill(LONG_NAME);
    await page.getByRole('checkbox', { name: 'Email', exact: true }).check();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Create Application' }).click();
    appId = (await download).suggestedFilename().replace(/\.txt$/, '');
    await page.waitForURL(/\/my-application$/);
  });

  for (const width of [1366, 375]) {
    it(`keeps the card's Edit and Monitoring buttons whole beside a wrapped name at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.url}/my-application?search=${encodeURIComponent('Sejahtera')}`);
      const card = page.getByTestId('application-card').filter({ hasText: LONG_NAME });
      await card.waitFor();
      const name = card.getByRole('link', { name: LONG_NAME });
      const lines = await name.evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
      expect(lines, 'the name wraps').toBeGreaterThan(1);
      for (const label of ['Edit', 'Monitoring']) {
        const button = card.getByRole('button', { name: label }).or(card.getByRole('link', { name: label })).first();
        const cut = await button.evaluate((el) => {
          const text = el.querySelector<HTMLElement>('.mantine-Button-label') ?? el;
          return { scroll: text.scrollWidth, client: text.clientWidth };
        });
        expect(cut.scroll, `${label} at ${width} px`).toBeLessThanOrEqual(cut.client);
      }
      expect(await clippedTexts(page)).toEqual([]);
      await shot('long-name-list');
      for (const path of [`/my-application/detail/${appId}`, `/my-application/detail-transaction/${appId}`]) {
        await page.goto(`${server.url}${path}`);
        await page.waitForLoadState('networkidle');
        await page.getByText(LONG_NAME).first().waitFor();
        expect(await clippedTexts(page), `${path} at ${width} px`).toEqual([]);
      }
    });
  }

  it('focuses and shows the first invalid field after an empty Create Application submit at 375 px', async () => {
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto(`${server.url}/my-application/create-application`);
    const submit = page.getByRole('button', { name: 'Create Application' });
    await submit.scrollIntoViewIfNeeded();
    await submit.click();
    await page.getByText('Application name is required').waitFor();
    const name = page.getByLabel('Application Name');
    await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
    // The field and its message are on screen.
    await expect
      .poll(() =>
        page.getByText('Application name is required').evaluate((el) => {
          const r = el.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= window.innerHeight;
        }),
      )
      .toBe(true);
    await shot('create-empty-submit');
  });
});
