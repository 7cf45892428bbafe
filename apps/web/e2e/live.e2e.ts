/**
 * Issue 28 part 2 (live delivery), end to end: with the sandbox carrier moving a message one step
 * every 1.5 s, Monitoring of a new SMS application shows 'Live', offers 'New activity — Refresh'
 * for a message sent after the page opened, then the row's status moves to Delivered by itself
 * (no list request), and the open message detail's timeline gains the later steps; at 1366 px
 * (table) and 375 px (cards), with screenshots in /tmp/shots-live/.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser } from './support/browser.ts';
import { createSmsApplication, signInAsDemo, until } from './support/flows.ts';
import { startServer, type RunningServer } from './support/server.ts';

const SHOTS = '/tmp/shots-live';

describe('Live delivery in Monitoring', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let appId = '';
  let smsToken = '';
  let listRequests = 0;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [server, browser] = await Promise.all([startServer({ DEMO_DATA: 'true', SANDBOX_DELAY_MS: '1500' }), launchBrowser()]);
    context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    page = await context.newPage();
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/records') listRequests++;
    });
    await signInAsDemo(page, server.url);
    ({ appId, smsToken } = await createSmsApplication(page, 'Live E2E'));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const send = async (to: string) => {
    const res = await fetch(`${server.url}/v1/sms/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${smsToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ to, text: 'Live delivery check' }),
    });
    expect(res.status, await res.clone().text()).toBe(202);
    return ((await res.json()) as { id: string }).id;
  };

  async function run(width: number, height: number, item: (id: string) => Locator) {
    await page.setViewportSize({ width, height });
    await page.goto(`${server.url}/my-application/detail-transaction/${appId}`);
    await page.getByRole('switch', { name: 'Live updates' }).waitFor();
    await page.getByRole('status').filter({ hasText: /^Live$/ }).waitFor({ timeout: 15_000 });

    // Sent after the page opened: not on it, so an offer to refresh (no refetch by itself).
    const id = await send('081234567890');
    const before = listRequests;
    const offer = page.getByRole('button', { name: 'New activity — Refresh' });
    await offer.waitFor({ timeout: 10_000 });
    expect(listRequests).toBe(before);
    await page.screenshot({ path: `${SHOTS}/monitoring-${width}.png` });
    await offer.click();
    const row = item(id);
    await row.waitFor({ timeout: 10_000 });
    const shownStatus = await row.innerText();
    expect(shownStatus).not.toContain('Delivered');
    const afterRefresh = listRequests;
    // The status changes on screen without Refresh and without asking for the list again.
    await until('the row to show Delivered', async () => (await row.innerText()).includes('Delivered'), 15_000);
    expect(listRequests).toBe(afterRefresh);

    // The open drawer's timeline follows its message.
    const id2 = await send('081234567891');
    await offer.waitFor({ timeout: 10_000 });
    await offer.click();
    await item(id2).waitFor({ timeout: 10_000 });
    await item(id2).click();
    const drawer = page.getByRole('dialog', { name: 'Message detail' });
    await drawer.getByTestId('message-detail').waitFor();
    const entries = drawer.getByTestId('timeline-entry');
    const first = await entries.count();
    expect(await drawer.getByTestId('timeline-entry').filter({ hasText: 'Delivered' }).count()).toBe(0);
    await until('the drawer timeline to show Delivered', async () => (await entries.filter({ hasText: 'Delivered' }).count()) === 1, 15_000);
    expect(await entries.count()).toBeGreaterThan(first);
    await page.screenshot({ path: `${SHOTS}/drawer-${width}.png` });
    await drawer.getByRole('button', { name: 'Close message detail' }).click();
    await drawer.waitFor({ state: 'hidden' });
  }

  it('updates the table and the drawer by themselves at 1366 px', async () => {
    await run(1366, 900, (id) => page.getByRole('row', { name: `Message ${id}: open details` }));
  });

  it('updates the cards and the drawer by themselves at 375 px', async () => {
    await run(375, 812, (id) => page.getByRole('list', { name: 'Transactions' }).getByRole('listitem').filter({ hasText: id }));
    const [scrollWidth, clientWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  });
});
