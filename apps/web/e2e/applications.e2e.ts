/**
 * Issue 10: applications, tokens, sign-in and validation in the browser. Login returns to the deep
 * link that was asked for; create with sender fields and the key-file note; the detail page shows
 * the senders, copies the App ID and lists the token picker per console.md §4 (+ deviation 6); the
 * edit page has its own title and links back; delete asks with the application's name, and its old
 * token gets 401 on /v1; the list keeps search in the URL (reload restores it) and shows the
 * empty-result text; /auth/company-data-first sends a user with an organization on. At 375 px:
 * no horizontal page overflow and token card statuses not clipped. Axe scans every page.
 * With SCREENSHOT_DIR set, saves screenshots of the screens at 1366 and 375 px there.
 */
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { parseTokenFile } from '@pesan/contracts/token-file';
import { launchBrowser, seriousA11yViolations } from './support/browser.ts';
import { DEMO } from './support/flows.ts';
import { startServer, type RunningServer } from './support/server.ts';

const SHOTS = process.env.SCREENSHOT_DIR;
const NO_MATCH = "Sorry we couldn't find any result";

describe('applications, tokens and sign-in in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const scanned: Record<string, unknown[]> = {};
  const scan = async (name: string) => {
    await page.waitForLoadState('networkidle');
    scanned[name] = await seriousA11yViolations(page);
  };
  /** Saves `<name>-<width>.png` into SCREENSHOT_DIR when set (the viewport only while a dialog is open). */
  const shot = async (name: string, fullPage = true) => {
    if (!SHOTS) return;
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    await page.waitForTimeout(300);
    if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(SHOTS, `${name}-${page.viewportSize()!.width}.png`), fullPage });
  };
  /** Horizontal overflow of the page, in px (0 = none). */
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  beforeAll(async () => {
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    server = await startServer({ DEMO_DATA: 'true' });
    browser = await launchBrowser();
    context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1366, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('returns to the asked-for deep link after login, and never to another origin', async () => {
    await page.goto(`${server.url}/my-application/create-application`);
    await page.waitForURL(/\/auth\/login\?redirect=%2Fmy-application%2Fcreate-application$/);
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/my-application\/create-application$/);
    // A signed-in visitor on /auth/login with an off-site redirect stays on this origin.
    await page.goto(`${server.url}/auth/login?redirect=${encodeURIComponent('//evil.example/x')}`);
    await page.waitForURL(`${server.url}/`);
  });

  it('sends a user who has an organization from /auth/company-data-first to /my-application', async () => {
    for (const path of ['/auth/company-data-first', '/company-data-first']) {
      await page.goto(`${server.url}${path}`);
      await page.waitForURL(/\/my-application$/);
    }
  });

  let appId = '';
  let smsToken = '';
  it('creates an application with senders and explains the key file', async () => {
    await page.goto(`${server.url}/my-application/create-application`);
    await page.getByText('About the key file').waitFor();
    await page.getByText(/revokes that channel's token/).waitFor();
    await page.getByLabel('Application Name').fill('x'.repeat(101));
    for (const label of ['WhatsApp', 'SMS', 'SMS OTP', 'Email']) await page.getByRole('checkbox', { name: label, exact: true }).check();
    await page.getByLabel('Sender name (SMS)', { exact: true }).fill('TOKOSMS-LONG');
    await page.getByRole('button', { name: 'Create Application' }).click();
    await page.getByText('Application name must be at most 100 characters').waitFor();
    await page.getByText('Sender name must be at most 11 characters').waitFor();
    expect(await page.getByText('Application name is required').count()).toBe(0);
    await shot('create-errors');
    await page.getByLabel('Application Name').fill('Toko Apps E2E');
    await page.getByLabel('Sender name (SMS)', { exact: true }).fill('TOKOSMS');
    await page.getByLabel('Sender number (SMS)', { exact: true }).fill('+6281100001');
    await page.getByLabel('Sender name (SMS OTP)', { exact: true }).fill('TOKOOTP');
    await page.getByLabel('Sender number (SMS OTP)', { exact: true }).fill('6281100002');
    await page.getByLabel('Sender name (WhatsApp)', { exact: true }).fill('Toko WA');
    await scan('create-application');
    await shot('create');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Create Application' }).click();
    const file = await download;
    appId = file.suggestedFilename().replace(/\.txt$/, '');
    const entries = parseTokenFile(await readFile((await file.path())!, 'utf8'));
    expect(entries.map((e) => e.channel).sort()).toEqual(['email', 'sms', 'sms_otp', 'whatsapp']);
    smsToken = entries.find((e) => e.channel === 'sms')!.accessToken;
    await page.waitForURL(/\/my-application$/);
  });

  it('shows the senders, copies the App ID and lists the token picker in the spec order', async () => {
    await page.goto(`${server.url}/my-application/detail/${appId}`);
    await page.getByRole('heading', { name: 'Details App' }).waitFor();
    const sms = page.getByTestId('sender-sms');
    await sms.getByText('TOKOSMS').waitFor();
    await sms.getByText('+6281100001').waitFor();
    await page.getByTestId('sender-sms_otp').getByText('6281100002').waitFor();
    await page.getByTestId('sender-whatsapp').getByText('Toko WA').waitFor();
    expect(await page.getByRole('textbox', { name: 'App ID' }).inputValue()).toBe(appId);
    await page.getByRole('button', { name: 'Copy App ID' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(appId);
    await page.getByLabel('Channel', { exact: true }).click();
    const options = page.getByRole('option');
    await options.first().waitFor();
    expect(await options.allInnerTexts()).toEqual(['WhatsApp (V3)', 'Email (V2)', 'Call (V2)', 'SMS Reguler (V2)', 'SMS OTP (V2)', 'Voice OTP (V2)']);
    expect(await page.getByRole('option', { name: 'WhatsApp (V3)' }).getAttribute('data-combobox-disabled')).toBeNull();
    expect(await page.getByRole('option', { name: 'Call (V2)' }).getAttribute('data-combobox-disabled')).toBe('true');
    await page.keyboard.press('Escape');
    await scan('detail');
    await shot('detail');
  });

  it('has an edit page with its own title that links back to the details', async () => {
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.waitForURL(/\/my-application\/edit-application$/);
    await page.getByRole('heading', { name: 'Edit Application' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'App ID' }).inputValue()).toBe(appId);
    await page.getByLabel('Application Name').fill('y'.repeat(101));
    await page.getByText('Application name must be at most 100 characters').waitFor();
    await page.getByLabel('Application Name').fill('Toko Apps E2E');
    await scan('edit-application');
    await shot('edit');
    await page.getByRole('link', { name: 'View Details' }).click();
    await page.waitForURL(new RegExp(`/my-application/detail/${appId}$`));
    await page.getByRole('heading', { name: 'Details App' }).waitFor();
  });

  it('deletes after a confirmation naming it; its old token gets 401 on /v1', async () => {
    const send = () =>
      fetch(`${server.url}/v1/sms/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${smsToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ to: '081234567890', text: 'hello' }),
      });
    expect((await send()).status).toBe(202);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete application Toko Apps E2E?' });
    await dialog.waitFor();
    await dialog.getByText(/stop working at once/).waitFor();
    await scan('delete-confirmation');
    await shot('delete', false);
    await dialog.getByRole('button', { name: 'Delete Application' }).click();
    await page.waitForURL(/\/my-application$/);
    await page.getByText('Application deleted').first().waitFor();
    expect(await page.getByText('Toko Apps E2E', { exact: true }).count()).toBe(0);
    const after = await send();
    expect(after.status).toBe(401);
  });

  it('keeps the list search in the URL: reload and back restore it; no match shows the empty-result text', async () => {
    await page.goto(`${server.url}/my-application`);
    await page.getByLabel('Search application').fill('zzz-no-match');
    await page.waitForURL(/\?search=zzz-no-match$/);
    await page.getByText(NO_MATCH).waitFor();
    expect(await page.getByText("Oops, you don't have any application").count()).toBe(0);
    await page.reload();
    await page.getByText(NO_MATCH).waitFor();
    expect(await page.getByLabel('Search application').inputValue()).toBe('zzz-no-match');
    await scan('list-no-match');
    await shot('list-no-match');
    await page.getByLabel('Search application').fill('Demo');
    await page.waitForURL(/\?search=Demo$/);
    await page.getByTestId('application-card').first().waitFor();
    await page.getByTestId('application-card').first().getByRole('link').first().click();
    await page.waitForURL(/\/my-application\/detail\//);
    await page.goBack();
    await page.waitForURL(/\/my-application\?search=Demo$/);
    expect(await page.getByLabel('Search application').inputValue()).toBe('Demo');
  });

  it('fits 375 px: no horizontal overflow, token card statuses not clipped', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${server.url}/my-application?search=Demo%20App`);
    const href = await page.getByTestId('application-card').first().getByRole('link').first().getAttribute('href');
    await page.goto(`${server.url}${href}`);
    await page.getByTestId('token-card-sms').waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    const clipped = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid^="token-card-"]')].flatMap((card) => {
        const badge = card.querySelector('.mantine-Badge-root');
        const label = badge?.querySelector('.mantine-Badge-label') as HTMLElement | null;
        if (!badge || !label) return [`${card.getAttribute('data-testid')}: no badge`];
        const c = card.getBoundingClientRect();
        const b = badge.getBoundingClientRect();
        const inside = b.left >= c.left && b.right <= c.right;
        return inside && label.scrollWidth <= label.clientWidth ? [] : [`${card.getAttribute('data-testid')}: ${label.textContent}`];
      }),
    );
    expect(clipped).toEqual([]);
    const idBox = page.getByRole('textbox', { name: 'App ID' });
    expect(await idBox.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await scan('detail-375');
    await shot('detail');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await shot('delete', false);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByRole('heading', { name: 'Edit Application' }).waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await shot('edit');
    await page.goto(`${server.url}/my-application/create-application`);
    for (const label of ['WhatsApp', 'SMS', 'SMS OTP']) await page.getByRole('checkbox', { name: label, exact: true }).check();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await scan('create-375');
    await shot('create');
    await page.goto(`${server.url}/my-application?search=zzz-no-match`);
    await page.getByText(NO_MATCH).waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await shot('list-no-match');
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  it('has no serious or critical axe violation on any page', () => {
    const failing = Object.fromEntries(Object.entries(scanned).filter(([, v]) => v.length));
    expect(JSON.stringify(failing, null, 1)).toBe('{}');
    expect(Object.keys(scanned).length).toBeGreaterThanOrEqual(7);
  });
});
