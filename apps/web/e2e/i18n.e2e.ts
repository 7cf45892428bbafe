/**
 * Issue 15: every screen in Indonesian. Anonymous pages follow the browser's language; the
 * header's switch changes a signed-in page at once (form input kept) and is saved on the user, so
 * the next sign-in opens in Indonesian. Each route is scanned for English words outside the
 * product terms (support/i18n-scan.ts) and for clipped text, and photographed at 1366 px into
 * I18N_SHOTS_DIR when set.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './support/browser.ts';
import { DEMO, signInAsDemo } from './support/flows.ts';
import { clippedTexts, englishOnlyWords, englishOnPage } from './support/i18n-scan.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { texts } from './support/texts.ts';

const SHOTS = process.env.I18N_SHOTS_DIR;
const english = englishOnlyWords();
const T = texts('id');

describe('Indonesian everywhere', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Names the demo data gave (applications, reports): data, not interface text. */
  const data: string[] = [];

  /** Waits for the page to settle, then returns its English texts and clipped texts (and a screenshot). */
  async function check(page: Page, name: string) {
    await page.waitForLoadState('networkidle');
    await page.locator('h1, h2, [role="dialog"]').first().waitFor();
    await page.waitForFunction(() => !document.querySelector('.mantine-Skeleton-root, [aria-busy="true"]'), undefined, { timeout: 15_000 }).catch(() => undefined);
    expect(await page.evaluate(() => document.documentElement.lang), `${name}: <html lang>`).toBe('id');
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
    return { name, english: await englishOnPage(page, english, data), clipped: await clippedTexts(page) };
  }

  it('anonymous pages follow the browser language', async () => {
    const context = await browser.newContext({ locale: 'id-ID', viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const results = [];
    for (const [name, path] of [
      ['login', '/auth/login'],
      ['register', '/auth/register'],
      ['forgot-password', '/auth/forgot-password'],
      ['reset-password', '/auth/reset-password?token=x'],
      ['docs', '/docs'],
      ['404', '/404'],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      results.push(await check(page, `anon-${name}`));
    }
    // A server answer follows the page's language too.
    await page.goto(`${server.url}/auth/login`);
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Kata Sandi', { exact: true }).fill('Wrong#Pass1');
    await page.getByRole('button', { name: 'Masuk' }).click();
    await page.getByText('Email atau kata sandi salah').waitFor();
    await context.close();
    expect(results.filter((r) => r.english.length || r.clipped.length)).toEqual([]);
  });

  describe('signed in', () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      context = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 } });
      page = await context.newPage();
      await signInAsDemo(page, server.url);
    });
    afterAll(async () => {
      await context?.close();
    });

    it('the header switch changes the page at once, keeps input, and is saved on the user', async () => {
      await page.goto(`${server.url}/my-application`);
      const search = page.getByRole('textbox').first();
      await search.fill('kept');
      await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Bahasa Indonesia' }).click();
      await page.getByRole('link', { name: 'Aplikasi Saya' }).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('id');
      expect(await search.inputValue()).toBe('kept');
      // Saved: a new browser in English opens the console in Indonesian after signing in.
      await expect.poll(async () => (await page.evaluate(() => fetch('/api/auth/session').then((r) => r.json()))).data.language).toBe('id');
    });

    it('every console screen is in Indonesian, unclipped', async () => {
      const results = [];
      const visit = async (name: string, path: string) => {
        await page.goto(`${server.url}${path}`);
        results.push(await check(page, name));
      };
      // The demo applications' names are data (same-origin fetch from the page, with its session).
      const apps = await page.evaluate(() =>
        fetch('/api/application/list', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ channel_id: [], search: '', page: 1, limit: 100 }) }).then((r) => r.json()),
      );
      data.push(...(apps as { data: { application_name: string }[] }).data.map((a) => a.application_name));
      await visit('my-application', '/my-application');
      const detail = await page.locator('a[href*="/my-application/detail/"]').first().getAttribute('href');
      await visit('create-application', '/my-application/create-application');
      await visit('application-detail', detail!);
      /** Opens a dialog with `button`, checks it as `name`, and closes it with Escape. */
      const dialog = async (name: string, button: string) => {
        await page.getByRole('button', { name: button }).first().click();
        await page.getByRole('dialog').waitFor();
        results.push(await check(page, name));
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      };
      await dialog('delete-application-dialog', T.byKey('applications:delete.button'));
      const appId = detail!.split('/').pop()!;
      // The edit page takes its id in navigation state: reach it from the detail page's link.
      await page.locator('a[href$="/my-application/edit-application"]').first().click();
      await page.waitForURL(/edit-application$/);
      results.push(await check(page, 'edit-application'));
      await visit('transactions', `/my-application/detail-transaction/${appId}`);
      await visit('dashboard', '/dashboard');
      await visit('generate-report', '/generate-report');
      await dialog('generate-report-dialog', T.byKey('reports:page.generateNew').replace(/^\+\s*/, ''));
      const list = page.waitForResponse((r) => r.url().endsWith('/api/wa/template/list') && r.ok());
      await visit('whatsapp-template', '/whatsapp-template');
      await dialog('new-template-dialog', T.byKey('wa-templates:list.addTemplate'));
      // An editable one (a Rejected template shows Meta's reason and the editor's every section).
      const docs = ((await (await list).json()) as { data: { docs: { _id: string; status: string }[] } }).data.docs;
      const editable = docs.find((d) => d.status === 'REJECTED') ?? docs.find((d) => d.status === 'DRAFT');
      await visit('whatsapp-template-edit', `/whatsapp-template/edit/${editable!._id}`);
      await visit('edit-profile', '/profile/edit-profile');
      await visit('edit-organization', '/profile/edit-organization');
      await visit('change-password', '/profile/change-password');
      await visit('notification-settings', '/profile/notification-settings');
      await visit('docs', '/docs');
      await visit('not-found', '/no-such-page');
      expect(results.filter((r) => r.english.length || r.clipped.length)).toEqual([]);
    });
  });
});
