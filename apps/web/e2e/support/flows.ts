/**
 * Steps several e2e files take the same way, by the visible labels a person uses: signing in with
 * the demo account (accepting the terms when asked) and creating an SMS application from the
 * console (its token file is downloaded at creation).
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { parseTokenFile } from '@pesan/contracts/token-file';

/** The demo login seeded by DEMO_DATA (printed at start). */
export const DEMO = { email: 'demo@pesan.local', password: 'Demo@1234' };

/** Signs in as the demo user at `baseUrl` and accepts the terms if the dialog shows. */
export async function signInAsDemo(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/auth/login`);
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/my-application$/);
  const terms = page.getByRole('dialog', { name: /Syarat dan Ketentuan/ });
  if (await terms.isVisible().catch(() => false)) {
    await terms.getByRole('checkbox', { name: /Wajib/ }).check();
    await terms.getByRole('button', { name: 'Confirm' }).click();
  }
}

/** Creates an application `name` with the SMS channel from the console; returns its id and the SMS access token from the downloaded token file. */
export async function createSmsApplication(page: Page, name: string): Promise<{ appId: string; smsToken: string }> {
  await page.getByRole('link', { name: 'Create Application' }).first().click();
  await page.getByLabel('Application Name').fill(name);
  await page.getByRole('checkbox', { name: 'SMS', exact: true }).check();
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Create Application' }).click();
  const download = await downloadPromise;
  const entries = parseTokenFile(await readFile((await download.path())!, 'utf8'));
  const sms = entries.find((e) => e.channel === 'sms');
  if (!sms) throw new Error('the token file has no SMS entry');
  return { appId: download.suggestedFilename().replace(/\.txt$/, ''), smsToken: sms.accessToken };
}

/** Polls `fn` every 300 ms until it gives a truthy value (returned), or fails after `timeoutMs` naming `what`. */
export async function until<T>(what: string, fn: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Picks `option` in the Mantine Select labelled `label` inside `scope`, after typing `search`. */
export async function pick(page: Page, scope: Locator | Page, label: string, search: string, option: RegExp): Promise<void> {
  const input = scope.getByRole('combobox', { name: new RegExp(`^${label}`) });
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}
