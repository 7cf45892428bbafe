/**
 * Issue 10 (quota), end to end: an application made pre-paid with SMS quota through the operator
 * CLI (while the server runs, through its loopback admin endpoint), the Remaining Quota panel on
 * its detail page, the notification settings (recipients with Enter, the invalid e-mail message,
 * the maximum-of-5 notice, a ticked channel with a threshold, the Save toast, 'Leave this page?'
 * with Stay and Leave), then /v1 sends until the threshold is crossed: the 'Quota Usage Warning'
 * badge and one warning e-mail. At 1366 px and 375 px, by visible labels, with an axe scan of each state.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { QUOTA_MESSAGES } from '@pesan/contracts/quota';
import { launchBrowser, seriousA11yViolations } from './support/browser.ts';
import { createSmsApplication, signInAsDemo, until } from './support/flows.ts';
import { startServer, type RunningServer } from './support/server.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** Runs the operator CLI against the running server's DATA_DIR; resolves with its output (exit 0 expected). */
function admin(server: RunningServer, ...argv: string[]): Promise<string> {
  const port = new URL(server.url).port;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/admin.ts', ...argv], {
      cwd: root,
      env: { ...process.env, DATA_DIR: server.dataDir, PORT: port, HOST: '127.0.0.1', DATABASE_URL: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`admin ${argv.join(' ')} exited ${code}: ${out}`))));
  });
}

/** Quota warning e-mails in the server's outbox. */
function warningMails(server: RunningServer): string[] {
  const dir = join(server.dataDir, 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .filter((m) => /^Subject: Quota warning/m.test(m));
}

describe('prepaid quota in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const scanned: Record<string, unknown[]> = {};
  const scan = async (name: string, p: Page = page) => {
    await p.waitForLoadState('networkidle');
    scanned[name] = await seriousA11yViolations(p);
  };

  beforeAll(async () => {
    server = await startServer({ DEMO_DATA: 'true', SANDBOX_DELAY_MS: '0' });
    browser = await launchBrowser();
    context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1366, height: 900 } });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs in with the demo account', async () => {
    await signInAsDemo(page, server.url);
  });

  let appId = '';
  let smsToken = '';
  it('creates an application with SMS and makes it pre-paid with 10 SMS through the operator CLI', async () => {
    ({ appId, smsToken } = await createSmsApplication(page, 'Quota Shop'));
    // Both at once (each CLI start costs a few seconds); they touch different rows.
    const [billing, quota] = await Promise.all([admin(server, 'billing', '--app', appId, '--type', 'pre-paid'), admin(server, 'quota', '--app', appId, '--type', 'sms', '--add', '10')]);
    expect(billing).toContain('pre-paid');
    expect(quota).toContain('topped up by 10');
  });

  it('shows the Remaining Quota panel on the detail page', async () => {
    await page.goto(`${server.url}/my-application/detail/${appId}`);
    const panel = page.getByRole('region', { name: 'Remaining Quota' });
    const sms = panel.getByRole('group', { name: 'SMS' });
    await sms.getByText('10', { exact: true }).waitFor();
    await sms.getByText('Messages', { exact: true }).waitFor();
    expect(await panel.getByText(QUOTA_MESSAGES.warningBadge).count()).toBe(0);
    await scan('panel-1366');
  });

  it('sets the notification settings: recipients, the invalid and maximum messages, a threshold, Save', async () => {
    await page.goto(`${server.url}/profile/notification-settings`);
    await page.getByLabel('Application', { exact: true }).click();
    await page.getByRole('option', { name: 'Quota Shop' }).click();
    await page.getByRole('switch', { name: 'Quota warning' }).check({ force: true });
    const email = page.getByLabel('Email recipient', { exact: true });
    await email.fill('not-an-email');
    await email.press('Enter');
    await page.getByText(QUOTA_MESSAGES.emailInvalid).waitFor();
    for (const address of ['ops@example.com', 'finance@example.com', 'cto@example.com', 'desk@example.com', 'night@example.com']) {
      await email.fill(address);
      await email.press('Enter');
    }
    await page.getByText(QUOTA_MESSAGES.maxRecipients).waitFor();
    expect(await email.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: 'SMS', exact: true }).check();
    const threshold = page.getByLabel('SMS threshold');
    await threshold.fill('005');
    expect(await threshold.inputValue()).toBe('5');
    await scan('settings-1366');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(QUOTA_MESSAGES.saved).first().waitFor();
  });

  it("asks 'Leave this page?' with unsaved changes: Stay keeps them, Leave goes", async () => {
    await page.getByRole('checkbox', { name: 'Email', exact: true }).check();
    await page.getByRole('link', { name: 'Edit Profile' }).first().click();
    const dialog = page.getByRole('dialog', { name: QUOTA_MESSAGES.leaveTitle });
    await dialog.waitFor();
    await scan('leave-dialog');
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(page.url()).toContain('/profile/notification-settings');
    expect(await page.getByRole('checkbox', { name: 'Email', exact: true }).isChecked()).toBe(true);
    await page.getByRole('link', { name: 'Edit Profile' }).first().click();
    await page.getByRole('dialog', { name: QUOTA_MESSAGES.leaveTitle }).getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(/\/profile\/edit-profile$/);
  });

  it('crossing the threshold by sending shows the warning badge and sends one e-mail', async () => {
    const send = async (i: number) => {
      const res = await fetch(`${server.url}/v1/sms/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${smsToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ to: `08123456780${i}`, text: 'Your order has shipped' }),
      });
      expect(res.status).toBe(202);
    };
    for (let i = 0; i < 5; i++) await send(i);
    await until('one warning e-mail', () => warningMails(server).length === 1);
    expect(warningMails(server)[0]).toContain('ops@example.com');
    await send(5); // still below: no new e-mail
    await page.goto(`${server.url}/my-application/detail/${appId}`);
    const sms = page.getByRole('region', { name: 'Remaining Quota' }).getByRole('group', { name: 'SMS' });
    await sms.getByText(QUOTA_MESSAGES.warningBadge).waitFor();
    await sms.getByText('4', { exact: true }).waitFor();
    await scan('panel-warning-1366');
    expect(warningMails(server)).toHaveLength(1);
  });

  it('works at 375 px by the same labels', async () => {
    const mobile = await browser.newContext({ viewport: { width: 375, height: 812 }, storageState: await context.storageState() });
    const p = await mobile.newPage();
    await p.goto(`${server.url}/my-application/detail/${appId}`);
    const sms = p.getByRole('region', { name: 'Remaining Quota' }).getByRole('group', { name: 'SMS' });
    await sms.getByText(QUOTA_MESSAGES.warningBadge).waitFor();
    await scan('panel-375', p);
    await p.goto(`${server.url}/profile/notification-settings`);
    await p.getByLabel('Application', { exact: true }).click();
    await p.getByRole('option', { name: 'Quota Shop' }).click();
    await p.getByLabel('SMS threshold').waitFor();
    expect(await p.getByLabel('SMS threshold').inputValue()).toBe('5');
    await p.getByText('night@example.com').waitFor();
    await scan('settings-375', p);
    await mobile.close();
  });

  it('has no serious or critical accessibility violations', () => {
    const failing = Object.fromEntries(Object.entries(scanned).filter(([, v]) => v.length));
    expect(failing).toEqual({});
    expect(Object.keys(scanned)).toHaveLength(6);
  });
});
