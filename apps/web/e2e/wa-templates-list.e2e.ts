/**
 * The Whatsapp Template list, its preview and the New Whatsapp Template modal
 * (templates-dashboard-reports.md §2.1, §2.2, §2.3, §5.1, §5.2, §8; issue 13 Screens) end to end on
 * the demo data (which seeds templates in Draft, In Review, Approved and Rejected): sign in as the
 * demo user; see the seeded rows with their statuses, dates, codes and notes on both route
 * families; filter by status with Apply and chips, search, pick a date preset; preview a rejected
 * template (notes, phone preview with its sample, copy the code: 'Copied', clipboard) and a draft
 * with buttons; duplicate and delete with the spec's confirmations and toasts; select the page with
 * the header checkbox and bulk-delete; Edit goes to the family's edit route; the modal validates,
 * flags a taken name and continues to the family's create route with the choice as navigation
 * state; 375 px shows cards without sideways scrolling. Axe scans each state; no console error.
 * Screenshots go to SCREENSHOT_DIR (default /tmp/shots) as `wa-list-<name>-<width>.png`.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { WA_TEMPLATE_API_MESSAGES as M, type TemplateRow } from '@pesan/contracts/wa-template-api';
import { WA_TEMPLATE_MESSAGES } from '@pesan/contracts/wa-template-messages';
import { launchBrowser, seriousA11yViolations } from './support/browser.ts';
import { signInAsDemo } from './support/flows.ts';
import { startServer, type RunningServer } from './support/server.ts';

const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/shots';
const LIST_PATH = '/api/wa/template/list';

describe('Whatsapp Template list in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const scanned: Record<string, unknown[]> = {};
  const problems: string[] = [];
  const scan = async (name: string) => {
    await page.waitForLoadState('networkidle');
    scanned[name] = await seriousA11yViolations(page);
  };
  /** Saves `wa-list-<name>-<width>.png` (the viewport only while a dialog is open). */
  const shot = async (name: string, fullPage = true) => {
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime))).map((a) => a.finished.catch(() => undefined))));
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SHOTS, `wa-list-${name}-${page.viewportSize()!.width}.png`), fullPage });
  };
  const table = () => page.getByRole('table', { name: 'Whatsapp templates' });
  /** The table row of template `name` of application `app` (the prepaid demo application has a welcome_message too). */
  const rowOf = (name: string, app = 'Demo App') =>
    table().getByRole('row').filter({ has: page.getByText(name, { exact: true }) }).filter({ has: page.getByText(app, { exact: true }) });
  const range = () => page.getByTestId('pager-range').innerText();
  const nextList = () => page.waitForRequest((r) => r.url().endsWith(LIST_PATH) && r.method() === 'POST');
  /** Opens the row menu of `name` (of Demo App) and clicks `item`. */
  const action = async (name: string, item: string) => {
    await rowOf(name).getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
    await page.getByRole('menuitem', { name: item, exact: true }).click();
  };
  const noSidewaysScroll = async () => {
    const [w, cw] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    expect(w).toBeLessThanOrEqual(cw);
  };
  /** Every template of the organization through the API (names, ids, statuses, applications). */
  const allTemplates = async (): Promise<TemplateRow[]> => {
    const res = await page.request.post(`${server.url}${LIST_PATH}`, { headers: { origin: server.url }, data: { application_id: [], status: [], page: 1, limit: 100 } });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { data: { docs: TemplateRow[] } }).data.docs;
  };
  /** The Demo App's template `name`. */
  const demoTemplate = async (name: string) => (await allTemplates()).find((t) => t.template_name === name && t.application_name === 'Demo App')!;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [server, browser] = await Promise.all([startServer({ DEMO_DATA: 'true' }), launchBrowser()]);
    // A browser in the organization's zone: the Date header carries no zone note (time-zone.e2e.ts covers another zone).
    context = await browser.newContext({ viewport: { width: 1366, height: 900 }, timezoneId: 'Asia/Jakarta' });
    page = await context.newPage();
    await signInAsDemo(page, server.url);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  let seeded = 0;
  it('lists the seeded templates of every status with the spec’s columns and formats', async () => {
    const first = nextList();
    await page.goto(`${server.url}/whatsapp-template`);
    await page.getByRole('heading', { name: 'Whatsapp Template', level: 1 }).waitFor();
    expect((await first).postDataJSON()).toEqual({ application_id: [], status: [], page: 1, limit: 10 });
    await rowOf('welcome_message').waitFor();
    await rowOf('welcome_message', 'Demo Prepaid App').waitFor();
    expect(await table().getByRole('columnheader').allInnerTexts()).toEqual(['', 'Template Name', 'Date', 'Status', 'Template Code', 'Notes', 'Action']);
    const expected: Record<string, string> = { welcome_message: 'Approved', spring_sale: 'Draft', order_shipped: 'In Review', flash_deal: 'Rejected', login_code: 'Approved' };
    const api = await allTemplates();
    seeded = api.length;
    for (const [name, status] of Object.entries(expected)) {
      const cells = await rowOf(name).getByRole('cell').allInnerTexts();
      expect(cells[1]!.replace(/\n+/g, '\n')).toBe(`${name}\nDemo App`);
      expect(cells[2]).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2} (AM|PM)$/);
      expect(cells[3]).toBe(status);
      expect(cells[4]).toBe(api.find((t) => t.template_name === name && t.application_name === 'Demo App')!.template_code_id);
    }
    expect((await rowOf('flash_deal').getByRole('cell').allInnerTexts())[5]).toMatch(/link shortener bit\.ly/);
    expect((await rowOf('spring_sale').getByRole('cell').allInnerTexts())[5]).toBe('-');
    expect(await range()).toBe(`1 - ${seeded} of ${seeded}`);
    await page.getByRole('button', { name: 'Add Template' }).waitFor();
    await page.getByRole('textbox', { name: 'Search by template name' }).waitFor();
    await page.getByRole('button', { name: 'Date range: All Time' }).waitFor();
    await scan('list');
    await shot('list');
  });

  it('filters by status with Apply and chips, searches (a leading 0 is sent as 62) and picks a date preset', async () => {
    await page.getByRole('button', { name: 'Filters' }).click();
    const panel = page.getByRole('dialog', { name: 'Filters' });
    for (const s of ['All', 'Draft', 'In Review', 'Approved', 'Rejected', 'Paused', 'Disabled']) await panel.getByRole('checkbox', { name: s, exact: true }).waitFor();
    await panel.getByRole('checkbox', { name: 'Demo App' }).waitFor();
    await panel.getByRole('checkbox', { name: 'Rejected', exact: true }).check();
    await panel.getByRole('checkbox', { name: 'Draft', exact: true }).check();
    await scan('filters');
    await shot('filters', false);
    let req = nextList();
    await panel.getByRole('button', { name: 'Apply' }).click();
    expect((await req).postDataJSON()).toMatchObject({ status: ['DRAFT', 'REJECTED'], page: 1 });
    await page.getByText('Status: Draft', { exact: true }).waitFor();
    await page.getByText('Status: Rejected', { exact: true }).waitFor();
    await expect.poll(range).toBe('1 - 2 of 2');
    expect((await table().getByRole('row').allInnerTexts()).length).toBe(3);
    await shot('chips');

    req = nextList();
    await page.getByRole('button', { name: 'Remove Status: Draft' }).click();
    expect((await req).postDataJSON().status).toEqual(['REJECTED']);
    await expect.poll(range).toBe('1 - 1 of 1');
    await rowOf('flash_deal').waitFor();
    await page.getByRole('button', { name: 'Remove Status: Rejected' }).click();
    await expect.poll(range).toBe(`1 - ${seeded} of ${seeded}`);

    req = nextList();
    await page.getByRole('textbox', { name: 'Search by template name' }).fill('spring');
    expect((await req).postDataJSON()).toMatchObject({ search: 'spring', page: 1 });
    await expect.poll(range).toBe('1 - 1 of 1');
    await rowOf('spring_sale').waitFor();
    req = nextList();
    await page.getByRole('textbox', { name: 'Search by template name' }).fill('0812');
    expect((await req).postDataJSON()).toMatchObject({ search: '62812' });
    await page.getByText(M.empty).waitFor();
    await scan('empty');
    await shot('empty');
    await page.getByRole('textbox', { name: 'Search by template name' }).fill('');
    await expect.poll(range).toBe(`1 - ${seeded} of ${seeded}`);

    req = nextList();
    await page.getByRole('button', { name: 'Date range: All Time' }).click();
    await page.getByRole('button', { name: 'Last 7 Days', exact: true }).click();
    const body = (await req).postDataJSON() as { start_date: string; end_date: string };
    expect(body.start_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.end_date >= body.start_date).toBe(true);
    await page.getByText('Date: Last 7 Days', { exact: true }).waitFor();
    // The demo templates were made just now.
    await expect.poll(range).toBe(`1 - ${seeded} of ${seeded}`);
    await page.getByRole('button', { name: 'Reset date range to All Time' }).click();
    await page.getByRole('button', { name: 'Date range: All Time' }).waitFor();
    expect(await page.getByRole('group', { name: 'Active filters' }).count()).toBe(0);
  });

  it('previews a rejected template with its notes and copies its code', async () => {
    const code = (await demoTemplate('flash_deal')).template_code_id;
    await action('flash_deal', 'Preview');
    const dialog = page.getByRole('dialog', { name: 'Preview Template' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('preview-template-code').innerText()).toBe(code);
    await dialog.getByText('Rejected notes').waitFor();
    await dialog.getByText('Marketing', { exact: true }).waitFor();
    await dialog.getByText('English', { exact: true }).waitFor();
    const phone = dialog.getByRole('figure', { name: 'WhatsApp preview' });
    // The Demo App's WhatsApp sender (seeded 'Pesan Demo').
    await expect.poll(() => phone.getByTestId('preview-sender').innerText()).toBe('Pesan Demo');
    expect(await phone.locator('[data-part="body"]').innerText()).toBe('Flash deal for you, Wei! Grab it today at https://bit.ly/pesan-deal before it is gone.');
    await dialog.getByRole('button', { name: 'Copy template code' }).click();
    await dialog.getByRole('button', { name: 'Copied' }).waitFor();
    await page.getByRole('tooltip', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    // Scanned once the 'Copied' tooltip is gone: mid-fade its text has too little contrast for axe.
    await page.getByRole('tooltip', { name: 'Copied' }).waitFor({ state: 'hidden' });
    await scan('preview-rejected');
    await shot('preview-rejected', false);
    // 'Copied' goes after 2 s.
    await dialog.getByRole('button', { name: 'Copy template code' }).waitFor({ timeout: 4000 });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await action('spring_sale', 'Preview');
    await dialog.waitFor();
    expect(await phone.locator('[data-part="header"]').innerText()).toBe('Spring sale');
    expect(await phone.locator('[data-part="body"]').innerText()).toContain('Hi Sari,');
    expect(await phone.getByRole('list', { name: 'Buttons' }).getByRole('listitem').allInnerTexts()).toEqual(['Shop now', 'Copy Promo Code']);
    expect(await dialog.getByText('Rejected notes').count()).toBe(0);
    await scan('preview-draft');
    await shot('preview-draft', false);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('offers Edit for Draft and Rejected only, and edits in the same family', async () => {
    await rowOf('welcome_message').getByRole('button', { name: 'Actions for welcome_message', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Edit' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    const id = (await demoTemplate('spring_sale'))._id;
    await action('spring_sale', 'Edit');
    await page.waitForURL((u) => u.pathname === `/whatsapp-template/edit/${id}`);
    // Its stored copy code button has no text: the field shows the label the preview shows (issue 23), at 1366 and 375 px.
    for (const width of [1366, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      const field = page.getByRole('group', { name: 'Button 2 (Copy promo code)' }).getByRole('textbox', { name: 'Button text' });
      await expect.poll(() => field.inputValue()).toBe('Copy Promo Code');
      const shown = await page.getByRole('figure', { name: 'Template preview' }).getByRole('list', { name: 'Buttons' }).getByRole('listitem').allInnerTexts();
      expect(shown).toEqual(['Shop now', 'Copy Promo Code']);
    }
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${server.url}/whatsapp-template`);
    await rowOf('spring_sale').waitFor();
  });

  it('duplicates and deletes with the spec’s confirmations and toasts', async () => {
    await action('welcome_message', 'Duplicate');
    const dup = page.getByRole('dialog', { name: 'Duplicate Template' });
    await dup.getByText(M.duplicateConfirm).waitFor();
    await scan('confirm-duplicate');
    await shot('confirm-duplicate', false);
    const created = page.waitForResponse((r) => r.url().includes('/api/wa/template/duplicate/') && r.request().method() === 'PUT');
    await dup.getByRole('button', { name: 'Duplicate' }).click();
    const copy = ((await (await created).json()) as { data: TemplateRow }).data;
    await page.getByText(M.duplicated).first().waitFor();
    await expect.poll(range).toBe(`1 - ${seeded + 1} of ${seeded + 1}`);
    expect((await rowOf(copy.template_name).getByRole('cell').allInnerTexts())[3]).toBe('Draft');

    await action(copy.template_name, 'Delete');
    const del = page.getByRole('dialog', { name: 'Delete Template' });
    await del.getByText(M.deleteConfirm).waitFor();
    await scan('confirm-delete');
    await del.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(M.deleted).first().waitFor();
    await expect.poll(range).toBe(`1 - ${seeded} of ${seeded}`);
    expect(await rowOf(copy.template_name).count()).toBe(0);
  });

  it('selects the page with the header checkbox and bulk-deletes the selection after the confirmation', async () => {
    // Two copies to delete.
    for (let i = 0; i < 2; i++) {
      await action('login_code', 'Duplicate');
      await page.getByRole('dialog', { name: 'Duplicate Template' }).getByRole('button', { name: 'Duplicate' }).click();
      await expect.poll(range).toBe(`1 - ${seeded + i + 1} of ${seeded + i + 1}`);
    }
    const copies = (await allTemplates()).filter((t) => t.template_name !== 'login_code' && t.template_name.startsWith('login_code'));
    expect(copies).toHaveLength(2);

    const all = page.getByRole('checkbox', { name: 'Select all templates on this page' });
    await all.check();
    await page.getByTestId('bulk-bar').getByText(`${seeded + 2} template selected. Do you want to delete the selected template?`).waitFor();
    await all.uncheck();
    await page.getByTestId('bulk-bar').waitFor({ state: 'detached' });

    for (const c of copies) await page.getByRole('checkbox', { name: `Select ${c.template_name}`, exact: true }).check();
    await page.getByTestId('bulk-bar').getByText('2 template selected. Do you want to delete the selected template?').waitFor();
    await scan('bulk-bar');
    await shot('bulk-bar');
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete 2 templates' });
    await dialog.getByText(M.deleteConfirm).waitFor();
    const req = page.waitForRequest((r) => r.url().endsWith('/api/wa/delete/template/bulk'));
    await dialog.getByRole('button', { name: 'Delete' }).click();
    expect(((await req).postDataJSON() as { template_ids: string[] }).template_ids.sort()).toEqual(copies.map((c) => c._id).sort());
    await page.getByText(M.deleted).first().waitFor();
    await expect.poll(range).toBe(`1 - ${seeded} of ${seeded}`);
    await page.getByTestId('bulk-bar').waitFor({ state: 'detached' });
  });

  it('on /new-whatsapp-template: the modal validates, flags a taken name and continues to create with the choice', async () => {
    await page.goto(`${server.url}/new-whatsapp-template`);
    await page.getByRole('heading', { name: 'Whatsapp Template', level: 1 }).waitFor();
    await rowOf('order_shipped').getByText('In Review', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add Template' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New Whatsapp Template' });
    await dialog.waitFor();
    // The first (newest) application is chosen; pick the Demo App.
    await expect.poll(() => dialog.getByLabel(/^Application/).inputValue()).not.toBe('');
    await dialog.getByLabel(/^Application/).click();
    await page.getByRole('option', { name: 'Demo App', exact: true }).click();
    await expect.poll(() => dialog.getByLabel(/^Application/).inputValue()).toBe('Demo App');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    for (const m of [WA_TEMPLATE_MESSAGES.nameRequired, WA_TEMPLATE_MESSAGES.categoryRequired, WA_TEMPLATE_MESSAGES.languageRequired]) await dialog.getByText(m, { exact: true }).waitFor();
    await scan('modal-errors');
    await shot('modal-errors', false);

    const name = dialog.getByLabel(/^Template Name/);
    await name.pressSequentially('Welcome Message');
    expect(await name.inputValue()).toBe('welcome_message');
    await dialog.getByText('15/512').waitFor();
    await dialog.getByText(WA_TEMPLATE_MESSAGES.nameTaken).waitFor();

    await name.fill('');
    await name.pressSequentially('E2E Order Update');
    expect(await name.inputValue()).toBe('e2e_order_update');
    await dialog.getByRole('img', { name: 'The name is available' }).waitFor();
    await dialog.getByLabel(/^Language/).click();
    await dialog.getByLabel(/^Language/).fill('indo');
    await page.getByRole('option', { name: /^Indonesian/ }).click();
    await dialog.getByRole('radio', { name: /^Utility/ }).click();
    // 'Learn more about categories' explains the categories in a modal over this one (§2.3); Esc closes it alone.
    await dialog.getByRole('button', { name: 'Learn more about categories' }).click();
    const help = page.getByRole('dialog', { name: 'Template categories' });
    await help.waitFor();
    expect(await help.getByRole('definition').allInnerTexts()).toEqual(['Promotions and information.', 'Messages about an existing order or account.', 'Codes to verify a transaction or login.']);
    expect(await help.getByRole('link', { name: /Meta's guide to template categories/ }).getAttribute('target')).toBe('_blank');
    expect(await help.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await scan('categories-help');
    await shot('categories-help', false);
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });
    expect(await name.inputValue()).toBe('e2e_order_update');
    await scan('modal-filled');
    await shot('modal-filled', false);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((u) => u.pathname === '/new-whatsapp-template/create');
    const appId = (await demoTemplate('spring_sale')).application_id;
    expect(await page.evaluate(() => (history.state as { usr?: unknown } | null)?.usr)).toEqual({
      template_name: 'e2e_order_update',
      template_category: 'UTILITY',
      language: 'id',
      application_id: appId,
    });
  });

  it('shows cards at 375 px without sideways scrolling, with the filters, the date picker and the modal fitting', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${server.url}/whatsapp-template`);
    const cards = page.getByRole('list', { name: 'Whatsapp templates' });
    await cards.getByRole('article', { name: 'flash_deal' }).getByText('Rejected').waitFor();
    expect(await table().count()).toBe(0);
    await noSidewaysScroll();
    await scan('cards');
    await shot('list');
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('dialog', { name: 'Filters' }).getByRole('checkbox', { name: 'Demo App' }).waitFor();
    await noSidewaysScroll();
    await shot('filters', false);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Date range: All Time' }).click();
    await page.getByRole('button', { name: 'Last 30 Days', exact: true }).waitFor();
    await noSidewaysScroll();
    await shot('date', false);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Actions for flash_deal' }).click();
    await page.getByRole('menuitem', { name: 'Preview' }).click();
    await page.getByRole('dialog', { name: 'Preview Template' }).waitFor();
    await noSidewaysScroll();
    await scan('preview-375');
    await shot('preview', false);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Preview Template' }).waitFor({ state: 'hidden' });
    await page.getByRole('checkbox', { name: 'Select flash_deal' }).check();
    await page.getByTestId('bulk-bar').getByText('1 template selected. Do you want to delete the selected template?').waitFor();
    await noSidewaysScroll();
    await shot('bulk-bar');
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Add Template' }).first().click();
    await page.getByRole('dialog', { name: 'New Whatsapp Template' }).waitFor();
    await noSidewaysScroll();
    await scan('modal-375');
    await shot('modal', false);
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  it('logs no console error and throws no page error', () => {
    expect(problems).toEqual([]);
  });

  it('has no serious or critical axe violations', () => {
    expect(scanned).toEqual(Object.fromEntries(Object.keys(scanned).map((k) => [k, []])));
    expect(Object.keys(scanned).length).toBeGreaterThanOrEqual(10);
  });
});
