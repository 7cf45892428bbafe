/**
 * Generate Report (templates-dashboard-reports.md §2.7, §2.8, §4, §5.6, §7.3, §8; issue 12) end to
 * end on the demo data (which seeds three finished reports): sign in as the demo user, see the
 * pop-up's validation messages and live name sanitising, generate a CSV report of the demo
 * application that reaches Done without a reload, download it (a CSV with the header row, one line
 * per 'Total Data'), generate an XLSX one; show a row mid-way (list answers patched through
 * page.route until the page's own polling brings the real row back) with its progress bar, and a
 * failed row whose reason tooltip opens on keyboard focus; use the search, the Filters dropdown, the
 * date range and the chips; open Monitoring's Export and find the pop-up prefilled (once: a reload
 * does not reopen it); fit 375 px (cards, no sideways scroll). Axe scans each state; no console
 * error. With SCREENSHOT_DIR set, saves `reports-*-<width>.png` there.
 */
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { REPORT_MESSAGES, reportColumns, type ReportRow } from '@pesan/contracts/reports';
import { launchBrowser, seriousA11yViolations } from './support/browser.ts';
import { signInAsDemo } from './support/flows.ts';
import { startServer, type RunningServer } from './support/server.ts';

const SHOTS = process.env.SCREENSHOT_DIR;

describe('Generate Report in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let appId = '';
  const scanned: Record<string, unknown[]> = {};
  /** Console errors and uncaught page errors seen along the way. */
  const problems: string[] = [];
  const scan = async (name: string) => {
    await page.waitForLoadState('networkidle');
    scanned[name] = await seriousA11yViolations(page);
  };
  /** Saves `reports-<name>-<width>.png` into SCREENSHOT_DIR when set (the viewport only while a dialog is open). */
  const shot = async (name: string, fullPage = true) => {
    if (!SHOTS) return;
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime))).map((a) => a.finished.catch(() => undefined))));
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SHOTS, `reports-${name}-${page.viewportSize()!.width}.png`), fullPage });
  };
  const dialog = () => page.getByRole('dialog', { name: 'Generate New Report' });
  /** Picks `option` in the select labelled `label` inside `scope`. */
  const pick = async (scope: Locator | Page, label: string, option: string) => {
    await scope.getByLabel(new RegExp(`^${label}`)).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  const rowOf = (name: string) => page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });
  const total = () => page.getByTestId('reports-total').innerText();

  /** Fills and sends the pop-up; resolves to the created row (the 201 answer). */
  async function generate(o: { name: string; channel: string; statuses: string[]; type: '.CSV' | '.XLS' }): Promise<ReportRow> {
    const d = dialog();
    await d.getByLabel(/^Report Name/).fill(o.name);
    await pick(d, 'Application', 'Demo App');
    await pick(d, 'Channel', o.channel);
    await d.getByLabel(/^Status/).click();
    for (const s of o.statuses) await page.getByRole('option', { name: s, exact: true }).click();
    await pick(d, 'Type', o.type);
    await d.getByRole('button', { name: /^Date: / }).click();
    await page.getByRole('button', { name: 'Last 7 Days', exact: true }).click();
    await expect.poll(() => d.getByRole('button', { name: /^Date: / }).getAttribute('aria-label')).toBe('Date: Last 7 Days');
    const created = page.waitForResponse((r) => r.url().endsWith('/api/report/generate-report') && r.request().method() === 'POST');
    await d.getByRole('button', { name: 'Generate', exact: true }).click();
    const res = await created;
    expect(res.status(), await res.text()).toBe(201);
    await page.getByText(REPORT_MESSAGES.generated).first().waitFor();
    await d.waitFor({ state: 'hidden' });
    return ((await res.json()) as { data: ReportRow }).data;
  }

  /** Clicks the row's Download: it opens the url in a new window, whose download is returned with its bytes. */
  async function download(name: string): Promise<{ filename: string; body: Buffer; url: string }> {
    const button = page.getByRole('button', { name: `Download ${name}` });
    await expect.poll(() => button.isEnabled()).toBe(true);
    // The new window starts the download (Chromium reports it on the opener) and closes itself.
    const popup = page.waitForEvent('popup');
    const started = page.waitForEvent('download');
    await button.click();
    const [file] = await Promise.all([started, popup]);
    const body = await readFile((await file.path())!);
    const url = file.url();
    return { filename: file.suggestedFilename(), body, url };
  }

  beforeAll(async () => {
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    [server, browser] = await Promise.all([startServer({ DEMO_DATA: 'true' }), launchBrowser()]);
    context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1366, height: 900 } });
    page = await context.newPage();
    await signInAsDemo(page, server.url);
    // From here on (the login page's anonymous session probe answers 401 on purpose).
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    const list = await page.request.post(`${server.url}/api/application/list`, { headers: { origin: server.url }, data: { channel_id: [], search: 'Demo App', page: 1, limit: 10 } });
    appId = ((await list.json()).data as { id: string; application_name: string }[]).find((a) => a.application_name === 'Demo App')!.id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  let seeded = 0;
  it('opens with the title, the subtitle, the filter bar and the demo reports', async () => {
    await page.goto(`${server.url}/generate-report`);
    await page.getByRole('heading', { name: 'Generate Report', level: 1 }).waitFor();
    await page.getByText(REPORT_MESSAGES.subtitle).waitFor();
    // DEMO_DATA seeds three finished reports (apps/server/src/seed/reports.ts).
    await rowOf('sms_weekly_delivery').getByText('Done', { exact: true }).waitFor();
    seeded = Number((await total()).replace('Total : ', ''));
    expect(seeded).toBeGreaterThanOrEqual(3);
    for (const name of ['Refresh', '+ Generate New Report', 'Filters', 'Date range: All Time']) await page.getByRole('button', { name, exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'Search by report title' }).waitFor();
    await scan('empty');
  });

  it('validates the pop-up, then generates a CSV report that reaches Done without a reload, and downloads it', async () => {
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    await page.getByRole('button', { name: '+ Generate New Report' }).click();
    const d = dialog();
    await d.waitFor();
    await d.getByRole('button', { name: 'Generate', exact: true }).click();
    for (const m of [REPORT_MESSAGES.nameRequired, REPORT_MESSAGES.channelRequired, REPORT_MESSAGES.statusRequired, REPORT_MESSAGES.typeRequired, REPORT_MESSAGES.dateRequired])
      await d.getByText(m, { exact: true }).waitFor();
    // The name is sanitised as it is typed (§5.1): spaces to underscores, other characters dropped, lower case.
    await d.getByLabel(/^Report Name/).pressSequentially('E2E SMS #1');
    expect(await d.getByLabel(/^Report Name/).inputValue()).toBe('e2e_sms_1');
    await d.getByText('9/512').waitFor();
    await scan('dialog-errors');
    await shot('dialog-errors', false);

    const row = await generate({ name: 'E2E SMS 1', channel: 'SMS', statuses: ['All'], type: '.CSV' });
    expect(row).toMatchObject({ name: 'e2e_sms_1', channel: 'sms', type: 'csv', statuses: [], status: 'in-queue' });
    const tr = rowOf('e2e_sms_1');
    await tr.waitFor();
    await expect.poll(() => tr.getByText('Done', { exact: true }).count(), { timeout: 60_000 }).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    const cells = await tr.getByRole('cell').allInnerTexts();
    expect(cells[1]).toBe('SMS');
    expect(cells[2]).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2} (AM|PM)$/);
    expect(Number(cells[3]!.replace(/,/g, ''))).toBeGreaterThan(0);
    expect(cells[4]).toMatch(/^\d{2}-\d{2}-\d{4} - \d{2}-\d{2}-\d{4}$/);

    const file = await download('e2e_sms_1');
    expect(file.filename).toMatch(/^e2e_sms_1_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = file.body.toString('utf8').replace(/^\uFEFF/, '').split(/\r?\n/).filter(Boolean);
    expect(lines[0]!.split(',').slice(0, 3)).toEqual(reportColumns('x').slice(0, 3));
    expect(lines.length - 1).toBe(Number(cells[3]!.replace(/,/g, '')));
    const res = await page.request.get(file.url);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^text\/csv/);
    await scan('list');
  });

  it('generates an XLSX report of chosen statuses', async () => {
    await page.getByRole('button', { name: '+ Generate New Report' }).click();
    const row = await generate({ name: 'E2E WA xlsx', channel: 'Whatsapp', statuses: ['Delivered', 'Read'], type: '.XLS' });
    expect(row).toMatchObject({ type: 'xlsx', channel: 'whatsapp', statuses: ['delivered', 'read'] });
    const tr = rowOf('e2e_wa_xlsx');
    await expect.poll(() => tr.getByText('Done', { exact: true }).count(), { timeout: 60_000 }).toBe(1);
    const file = await download('e2e_wa_xlsx');
    expect(file.filename).toMatch(/\.xlsx$/);
    expect(file.body.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(await total()).toBe(`Total : ${seeded + 2}`);
    await shot('list');
  });

  it('shows the progress of a report being made and its end without a reload; a failure reason is a tooltip reachable by focus', async () => {
    // The demo reports are made in a blink: show one of them mid-way (and one failed) by patching
    // the list answers until the route is removed; the page's own polling then brings the real rows.
    const LIST_URL = '**/api/report/list/generate-report';
    await page.route(LIST_URL, async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { data: ReportRow[] };
      body.data = body.data.map((r) =>
        r.name === 'e2e_sms_1'
          ? { ...r, status: 'processing' as const, data_processed: 1234, total_data: 5000, url: null }
          : r.name === 'email_weekly'
            ? { ...r, status: 'failed' as const, url: null, additional_info: { reason: 'Storage is full' } }
            : r,
      );
      await route.fulfill({ response: res, json: body });
    });
    await page.getByRole('button', { name: 'Refresh' }).click();
    const bar = page.getByRole('progressbar', { name: '1,234 of 5,000 rows' });
    await bar.waitFor();
    expect(await bar.getAttribute('aria-valuenow')).toBe('24');
    await rowOf('e2e_sms_1').getByText('Processing', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Download e2e_sms_1' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Download email_weekly' }).isDisabled()).toBe(true);
    // The Failed badge takes keyboard focus, and its tooltip then shows the reason.
    const failed = rowOf('email_weekly').locator('[tabindex="0"]').filter({ hasText: 'Failed' });
    await failed.focus();
    // Tooltips open on keyboard focus (:focus-visible): leave and come back with the keyboard.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await failed.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByRole('tooltip').getByText('Storage is full').waitFor();
    await scan('progress');
    await shot('progress');
    await page.keyboard.press('Tab');
    await page.unroute(LIST_URL);
    await bar.waitFor({ state: 'detached', timeout: 10_000 });
    await rowOf('e2e_sms_1').getByText('Done', { exact: true }).waitFor();
    await rowOf('email_weekly').getByText('Done', { exact: true }).waitFor();
  });

  it('filters by search, application, status and date, with removable chips', async () => {
    const lastList = () => page.waitForRequest((r) => r.url().endsWith('/api/report/list/generate-report'));
    // Search (debounced).
    let req = lastList();
    await page.getByRole('textbox', { name: 'Search by report title' }).fill('E2E');
    // No application picked: every application of the organization is asked for.
    expect((await req).postDataJSON()).toMatchObject({ search: 'E2E', page: 1, application_id: expect.arrayContaining([appId]) });
    await expect.poll(total).toBe('Total : 2');
    await page.getByRole('textbox', { name: 'Search by report title' }).fill('');
    await expect.poll(total).toBe(`Total : ${seeded + 2}`);

    // The Filters dropdown: its search keeps matching options; Apply makes chips.
    await page.getByRole('button', { name: 'Filters' }).click();
    const dropdown = page.getByRole('dialog', { name: 'Filters' });
    await dropdown.getByRole('textbox', { name: 'Search filter options' }).fill('dem');
    await dropdown.getByRole('checkbox', { name: 'Demo App' }).check();
    expect(await dropdown.getByRole('checkbox', { name: 'Done' }).count()).toBe(0);
    await dropdown.getByRole('textbox', { name: 'Search filter options' }).fill('');
    await dropdown.getByRole('checkbox', { name: 'Failed' }).check();
    await scan('filters');
    await shot('filters', false);
    req = lastList();
    await dropdown.getByRole('button', { name: 'Apply' }).click();
    expect((await req).postDataJSON()).toMatchObject({ application_id: [appId], type: ['failed'], page: 1 });
    await page.getByText('Application: Demo App').waitFor();
    await page.getByText('Status: Failed').waitFor();
    await page.getByText(REPORT_MESSAGES.empty).waitFor();
    req = lastList();
    await page.getByRole('button', { name: 'Remove Status: Failed' }).click();
    expect((await req).postDataJSON().type).toEqual([]);
    await expect.poll(total).toBe(`Total : ${seeded + 2}`);

    // The date range: a preset makes a chip; the reset icon goes back to All Time.
    req = lastList();
    await page.getByRole('button', { name: 'Date range: All Time' }).click();
    await page.getByRole('button', { name: 'Today', exact: true }).click();
    const body = (await req).postDataJSON() as { start_date: string; end_date: string };
    expect(body.start_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.end_date).toBe(body.start_date);
    await page.getByText('Date: Today').waitFor();
    await expect.poll(total).toBe(`Total : ${seeded + 2}`);
    await shot('chips');
    await page.getByRole('button', { name: 'Reset date range to All Time' }).click();
    await page.getByRole('button', { name: 'Date range: All Time' }).waitFor();
    expect(await page.getByText(/^Date: /).count()).toBe(0);
    await page.getByRole('button', { name: 'Remove Application: Demo App' }).click();
    await expect.poll(() => page.getByRole('group', { name: 'Active filters' }).count()).toBe(0);
  });

  it('opens the pop-up prefilled from Monitoring’s Export, once', async () => {
    await page.goto(`${server.url}/my-application/detail-transaction/${appId}`);
    await page.getByLabel('Channel', { exact: true }).click();
    await page.getByRole('option', { name: 'SMS', exact: true }).click();
    await page.getByRole('link', { name: 'Export' }).click();
    await page.waitForURL((u) => u.pathname === '/generate-report');
    const d = dialog();
    await d.waitFor();
    await expect.poll(() => d.getByLabel(/^Application/).inputValue()).toBe('Demo App');
    expect(await d.getByLabel(/^Channel/).inputValue()).toBe('SMS');
    await d.getByText('All', { exact: true }).waitFor();
    expect(await d.getByRole('button', { name: /^Date: / }).getAttribute('aria-label')).toBe('Date: Last 7 Days');
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await scan('dialog-prefilled');
    await shot('dialog-prefilled', false);
    await page.reload();
    await page.getByRole('heading', { name: 'Generate Report', level: 1 }).waitFor();
    await page.getByText('e2e_sms_1', { exact: true }).first().waitFor();
    expect(await dialog().count()).toBe(0);
  });

  it('shows cards at 375 px without sideways scrolling', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    const cards = page.getByRole('list', { name: 'Reports' });
    await cards.waitFor();
    expect(await page.getByRole('table', { name: 'Reports' }).count()).toBe(0);
    await cards.getByRole('article', { name: 'e2e_sms_1' }).getByText('Done').waitFor();
    const [scrollWidth, clientWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await scan('cards');
    await shot('list');
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('dialog', { name: 'Filters' }).getByRole('checkbox', { name: 'Demo App' }).waitFor();
    await shot('filters', false);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Date range: All Time' }).click();
    await page.getByRole('button', { name: 'Last 30 Days', exact: true }).waitFor();
    const [sw, scw] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    expect(sw).toBeLessThanOrEqual(scw);
    await shot('date', false);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: '+ Generate New Report' }).click();
    await dialog().waitFor();
    const [w, cw] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    expect(w).toBeLessThanOrEqual(cw);
    await scan('dialog-375');
    await shot('dialog', false);
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  it('logs no console error and throws no page error', () => {
    expect(problems).toEqual([]);
  });

  it('has no serious or critical axe violations', () => {
    expect(scanned).toEqual(Object.fromEntries(Object.keys(scanned).map((k) => [k, []])));
    expect(Object.keys(scanned).length).toBeGreaterThanOrEqual(8);
  });
});
