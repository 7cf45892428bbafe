import { chromium } from 'playwright-core';
const B = 'http://localhost:39517';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'], headless: true });
const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
const page = await ctx.newPage();
await page.goto(`${B}/auth/login`); await page.getByLabel('Email').waitFor({ timeout: 60000 });
await page.getByLabel('Email').fill('demo@pesan.local');
await page.getByLabel('Password', { exact: true }).fill('Demo@1234');
await page.getByRole('button', { name: 'Login' }).click();
await page.waitForURL(/\/my-application$/, { timeout: 90000 }).catch(async (e) => { await page.screenshot({ path: '/tmp/h5shots/login-fail.png' }); throw e; });
const terms = page.getByRole('dialog', { name: /Syarat dan Ketentuan/ });
await page.waitForTimeout(1500);
if (await terms.isVisible().catch(() => false)) {
  await terms.getByRole('checkbox', { name: /Wajib/ }).check();
  await terms.getByRole('button', { name: 'Confirm' }).click();
}
for (const [name, path] of [['members', '/profile/members'], ['audit', '/profile/audit-log']]) {
  await page.goto(B + path);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/h5shots/${name}-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/h5shots/${name}-375.png`, fullPage: true });
  console.log(name, await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth));
  await page.setViewportSize({ width: 1366, height: 900 });
}
await browser.close();
