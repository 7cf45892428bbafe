/**
 * Issue 11 (Monitoring part), end to end on the demo data: at 1366 px pick a channel, page (no row
 * twice), filter by status, search by a number typed with a leading 0 and by letters (the empty
 * result, never the whole list), open a message in the detail drawer, check the Export link; at
 * 375 px the records are cards, nothing scrolls sideways, and a card opens the drawer — with an axe
 * scan of each state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, seriousA11yViolations } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

describe('Monitoring in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let appId = '';
  const scanned: Record<string, unknown[]> = {};
  const scan = async (name: string) => {
    await page.waitForLoadState('networkidle');
    scanned[name] = await seriousA11yViolations(page);
  };
  const rowIds = async () => (await page.getByRole('row', { name: /^Message .*: open details$/ }).evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label')))) as string[];
  const pick = async (label: string, option: string) => {
    await page.getByLabel(label, { exact: true }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  const range = () => page.getByTestId('pager-range').innerText();

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ DEMO_DATA: 'true' }), launchBrowser()]);
    context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const login = await context.request.post(`${server.url}/api/auth/login`, { headers: { origin: server.url }, data: { email: 'demo@pesan.local', password: 'Demo@1234' } });
    expect(login.status()).toBe(200);
    const list = await context.request.post(`${server.url}/api/application/list`, { headers: { origin: server.url }, data: { channel_id: [], search: 'Demo App', page: 1, limit: 10 } });
    const apps = (await list.json()).data as { id?: string; _id?: string; application_name: string }[];
    const demo = apps.find((a) => a.application_name === 'Demo App')!;
    appId = (demo.id ?? demo._id)!;
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('pages, filters and searches at 1366 px', async () => {
    await page.goto(`${server.url}/my-application/detail-transaction/${appId}`);
    const terms = page.getByRole('dialog', { name: /Syarat dan Ketentuan/ });
    if (await terms.isVisible().catch(() => false)) {
      await terms.getByRole('checkbox', { name: /Wajib/ }).check();
      await terms.getByRole('button', { name: 'Confirm' }).click();
    }
    await pick('Channel', 'SMS');
    await page.getByRole('cell', { name: /^\+\d+$/ }).first().waitFor();
    const total = Number(/of (\d+)$/.exec(await range())![1]);
    expect(total).toBeGreaterThan(10);
    const first = await rowIds();
    expect(first).toHaveLength(10);
    await scan('table');
    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="pager-range"]')?.textContent?.startsWith('11 - '));
    // The label moves at once; page 2's rows arrive with its answer (the old rows stay until then).
    await expect.poll(async () => {
      const rows = await rowIds();
      return rows.length > 0 && rows.every((id) => !first.includes(id));
    }, { timeout: 15_000 }).toBe(true);

    await pick('Status', 'Delivered');
    const delivered = () => page.locator('tbody tr td:last-child').allInnerTexts();
    await expect.poll(async () => (await delivered()).length > 0 && (await delivered()).every((s) => s.startsWith('Delivered')), { timeout: 10_000 }).toBe(true);
    await expect.poll(range).toMatch(/^1 - /);
    await pick('Status', 'All');

    // A number typed with a leading 0 finds the E.164 recipient (the demo's 081234560001).
    await pick('Find by', 'Number');
    const search = page.getByLabel('Search', { exact: true });
    await search.fill('0812-3456-0001');
    await search.press('Enter');
    const recipients = async () => [...new Set(await page.locator('tbody tr td:nth-child(2)').allInnerTexts())];
    await expect.poll(recipients, { timeout: 10_000 }).toEqual(['+6281234560001']);
    await search.fill('0812abc');
    await search.press('Enter');
    await page.getByText("Sorry we couldn't find any result").waitFor();
    expect(await rowIds()).toEqual([]);
    await scan('empty-search');
    await search.fill('');
    await search.press('Enter');
    await page.getByRole('row', { name: /open details/ }).first().waitFor();

    const href = new URL((await page.getByRole('link', { name: 'Export' }).getAttribute('href'))!, server.url);
    expect(href.pathname).toBe('/generate-report');
    expect(Object.fromEntries(href.searchParams)).toMatchObject({ create: '1', application_id: appId, channel: 'sms', start_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  });

  it('opens the message detail from a row and from its deep link', async () => {
    const row = page.getByRole('row', { name: /open details/ }).first();
    const id = /^Message (\S+):/.exec((await row.getAttribute('aria-label'))!)![1]!;
    await row.click();
    const drawer = page.getByRole('dialog', { name: 'Message detail' });
    await drawer.getByTestId('message-detail').waitFor();
    expect(new URL(page.url()).searchParams.get('message')).toBe(id);
    await scan('drawer');
    await drawer.getByRole('button', { name: 'Close message detail' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await page.goto(`${server.url}/my-application/detail-transaction/${appId}?message=${id}`);
    await drawer.getByText(id).first().waitFor();
    await drawer.getByRole('button', { name: 'Close message detail' }).click();
    await drawer.waitFor({ state: 'hidden' });
  });

  it('shows cards at 375 px without sideways scrolling, and a card opens the drawer', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    const cards = page.getByRole('list', { name: 'Transactions' });
    await cards.waitFor();
    expect(await page.getByRole('table', { name: 'Transactions' }).count()).toBe(0);
    const [scrollWidth, clientWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await scan('cards');
    await cards.getByRole('button').first().click();
    await page.getByRole('dialog', { name: 'Message detail' }).getByTestId('message-detail').waitFor();
    await scan('drawer-375');
  });

  it('has no serious or critical axe violations', () => {
    expect(scanned).toEqual(Object.fromEntries(Object.keys(scanned).map((k) => [k, []])));
  });
});
