/**
 * Issue "Accounts, sessions, organization, profile and the application shell": every flow through
 * the spec's visible labels, with an axe scan of each page (no serious or critical violation).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, seriousA11yViolations } from './support/browser.ts';
import { DEMO } from './support/flows.ts';
import { startServer, waitForMailLink, type RunningServer } from './support/server.ts';

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('accounts, profile and shell in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const scanned: Record<string, unknown[]> = {};
  const scan = async (name: string) => {
    await page.waitForLoadState('networkidle');
    scanned[name] = await seriousA11yViolations(page);
  };
  const login = async (email: string, password: string, remember = false) => {
    await page.goto(`${server.url}/auth/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    if (remember) await page.getByRole('checkbox', { name: 'Remember me' }).check();
    await page.getByRole('button', { name: 'Login' }).click();
  };

  beforeAll(async () => {
    server = await startServer({ DEMO_DATA: 'true' });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('validates the login form and refuses a wrong password with the Error! toast', async () => {
    await page.goto(`${server.url}/auth/login`);
    const loginButton = page.getByRole('button', { name: 'Login' });
    expect(await loginButton.isDisabled()).toBe(true);
    await page.getByLabel('Email').fill(DEMO.email);
    expect(await loginButton.isDisabled()).toBe(true);
    await page.getByLabel('Password', { exact: true }).fill('Wrong#Pass1');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await loginButton.click();
    await page.getByText('Error!').first().waitFor();
    await page.getByText('Email or password is incorrect').first().waitFor();
    await scan('login');
  });

  it('signs in with remember me, keeping no secret in browser storage', async () => {
    await login(DEMO.email, DEMO.password, true);
    await page.waitForURL(/\/my-application$/);
    const storage = await page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }));
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === 'pesan_session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    expect(session!.expires * 1000 - Date.now()).toBeGreaterThan(29 * 86_400_000);
    expect(storage).not.toContain(DEMO.password);
    expect(storage).not.toContain(session!.value);
    expect(storage).not.toContain(decodeURIComponent(session!.value).split('.')[0]);
    expect(storage).toContain(DEMO.email); // remember me keeps the e-mail only
    await scan('my-application');
  });

  it('edits the profile with an avatar', async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.waitForURL(/\/profile\/edit-profile$/);
    expect(await page.getByLabel('Email').isEditable()).toBe(false);
    await page.getByLabel('Full Name').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Fullname is required').waitFor();
    await page.getByLabel('Full Name').fill('Demo Pengguna');
    await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await scan('edit-profile');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Your User data has been succesfully changed, please re-login').first().waitFor();
    await page.waitForLoadState('load');
    await page.getByRole('button', { name: 'Account menu' }).locator('img').waitFor();
  });

  it('edits the organization', async () => {
    await page.goto(`${server.url}/profile/edit-organization`);
    await page.getByLabel('Address').fill('Jl. Thamrin 10, Jakarta');
    await scan('edit-organization');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Your organization data has been successfully updated').first().waitFor();
  });

  it('changes the password, signs out after 2 s and signs in with the new one', async () => {
    await page.goto(`${server.url}/profile/change-password`);
    const save = page.getByRole('button', { name: /Save/ });
    expect(await save.isDisabled()).toBe(true);
    await page.getByRole('link', { name: /Back/ }).waitFor();
    await page.getByLabel('Current Password').fill(DEMO.password);
    await page.getByLabel('New Password', { exact: true }).fill('weak');
    await page.getByText('Use upper case (A-Z)').waitFor();
    await page.getByLabel('New Password', { exact: true }).fill('Newer#Pass2');
    await page.getByLabel('Password Confirmation').fill('Newer#Pass2');
    await scan('change-password');
    await save.click();
    await page.waitForURL(/\/auth\/login$/, { timeout: 10_000 });
    await login(DEMO.email, 'Newer#Pass2');
    await page.waitForURL(/\/my-application$/);
  });

  it('shows the mobile menu at 375 px', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    for (const name of ['Overview', 'My Application', 'Generate Report', 'Whatsapp Template', 'API Documentation']) {
      await page.getByRole('link', { name }).or(page.getByRole('button', { name })).first().waitFor();
    }
    await scan('mobile-menu');
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.reload();
  });

  it('logs out from the avatar menu', async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(/\/auth\/login$/);
    await page.goto(`${server.url}/my-application`);
    await page.waitForURL(/\/auth\/login$/);
  });

  it('resets a forgotten password through the e-mailed link', async () => {
    await page.goto(`${server.url}/auth/forgot-password`);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Email not valid').waitFor();
    await page.getByLabel('Email').fill(DEMO.email);
    await scan('forgot-password');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText(/If an account exists/).waitFor();
    const link = await waitForMailLink(server.dataDir, DEMO.email, /(https?:\/\/\S+\/auth\/reset-password\?token=[A-Za-z0-9_-]+)/);
    await page.goto(link);
    await page.getByLabel('Password', { exact: true }).fill('short');
    for (const rule of ['Must be at least 8 charcters', 'Use upper case (A-Z)', 'Use special character (# % @ &)', 'Use number (0-9)']) {
      await page.getByText(rule).waitFor();
    }
    await page.getByLabel('Password', { exact: true }).fill('Third#Pass3');
    await page.getByLabel('Password Confirmation').fill('Third#Pass4');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password Confirmation not match with Password').waitFor();
    await scan('reset-password');
    await page.getByLabel('Password Confirmation').fill('Third#Pass3');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL(/\/auth\/login$/, { timeout: 10_000 });
    await login(DEMO.email, 'Third#Pass3');
    await page.waitForURL(/\/my-application$/);
  });

  it('shows Invalid email verification for a bad link and the 404 page', async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(/\/auth\/login$/);
    await page.goto(`${server.url}/auth/email_verification/not-a-real-token`);
    await page.getByText('Invalid email verification').first().waitFor();
    await page.waitForURL(/\/auth\/login$/);
    await page.goto(`${server.url}/404`);
    await page.getByText('Error 404').waitFor();
    await scan('404');
  });

  it('has no serious or critical accessibility violations on the pages visited', () => {
    const failing = Object.fromEntries(Object.entries(scanned).filter(([, v]) => v.length));
    expect(failing).toEqual({});
  });
});
