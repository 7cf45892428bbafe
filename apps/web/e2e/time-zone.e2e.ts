/**
 * Issue 23 item 7: one time zone on every screen, the organization's, whatever the browser's. The
 * browser runs in a zone whose calendar day differs from Jakarta's right now (America/New_York, or
 * Pago Pago / Kiritimati at the hours New York shares Jakarta's day); a message sent now is listed
 * under Monitoring's 'Today' with Jakarta's date, the zone shown beside the time header; the
 * Overview's chart and the table under it put it on the same day and hour. Saving the browser's
 * zone on Edit Organization moves every time to it (and the note goes). Screenshots at 1366 and
 * 375 px go to TZ_SHOTS_DIR when set.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { createSmsApplication, signInAsDemo, until } from './support/flows.ts';

/** Day 'YYYY-MM-DD' and hour (0–23) of `at` in `timeZone`. */
function partsIn(timeZone: string, at: Date): { day: string; hour: number } {
  const f = new Intl.DateTimeFormat('en-CA', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit' }).formatToParts(at);
  const get = (t: string) => f.find((p) => p.type === t)!.value;
  return { day: `${get('year')}-${get('month')}-${get('day')}`, hour: Number(get('hour')) };
}
const ddmmyyyy = (day: string) => day.split('-').reverse().join('-');
const hourText = (h: number) => `${String(h % 12 === 0 ? 12 : h % 12).padStart(2, '0')}:00 ${h < 12 ? 'AM' : 'PM'}`;

/** A browser zone whose calendar day is not Jakarta's at `now`. */
function otherDayZone(now: Date): string {
  const j = partsIn('Asia/Jakarta', now).day;
  const zone = ['America/New_York', 'Pacific/Pago_Pago', 'Pacific/Kiritimati'].find((z) => partsIn(z, now).day !== j);
  if (!zone) throw new Error('no zone on another day');
  return zone;
}

describe('the organization time zone in a browser of another zone', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let appId = '';
  let sentAt: Date;
  const browserZone = otherDayZone(new Date());
  const shotsDir = process.env.TZ_SHOTS_DIR;
  const shot = async (name: string) => {
    if (!shotsDir) return;
    mkdirSync(shotsDir, { recursive: true });
    for (const width of [1366, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(shotsDir, `${name}-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 900 });
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ DEMO_DATA: 'true' }), launchBrowser()]);
    context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1366, height: 900 }, timezoneId: browserZone });
    page = await context.newPage();
    await signInAsDemo(page, server.url);
    const created = await createSmsApplication(page, 'Zone Shop');
    appId = created.appId;
    sentAt = new Date();
    const res = await fetch(`${server.url}/v1/sms/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${created.smsToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ to: '081234567890', text: 'Sent across midnight' }),
    });
    expect(res.status).toBe(202);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it(`lists the message under 'Today' with Jakarta's date and names the zone (browser in ${browserZone})`, async () => {
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(browserZone);
    const jakarta = partsIn('Asia/Jakarta', sentAt);
    expect(partsIn(browserZone, sentAt).day).not.toBe(jakarta.day);
    await page.goto(`${server.url}/my-application/detail-transaction/${appId}?channel=sms`);
    await page.getByRole('button', { name: /^Date range:/ }).click();
    await page.getByRole('button', { name: 'Today', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: /^Date range:/ }).innerText()).toBe('Today');
    const row = page.getByRole('row', { name: /^Message .*: open details$/ });
    await until('the message row', async () => (await row.count()) === 1);
    const cells = await row.locator('td').allInnerTexts();
    expect(cells.find((c) => /^\d{2}-\d{2}-\d{4} /.test(c))).toMatch(new RegExp(`^${ddmmyyyy(jakarta.day)} ${hourText(jakarta.hour).slice(0, 2)}:\\d{2}:\\d{2} ${hourText(jakarta.hour).slice(-2)}$`));
    await expect(page.getByRole('columnheader', { name: /^Created At/ }).innerText()).resolves.toMatch(/^Created At\s+\(UTC\+07:00\)$/);
    await shot('monitoring-today');
  });

  it("puts the message on the same day and hour in the Overview's chart and the table under it", async () => {
    const jakarta = partsIn('Asia/Jakarta', sentAt);
    // Today, by the hour.
    await page.goto(`${server.url}/dashboard?app=${appId}&channel=sms&start=${jakarta.day}&end=${jakarta.day}`);
    const chartRows = page.locator('figure table tbody tr');
    const countedBucket = async () => {
      for (const r of await chartRows.all()) {
        const counts = (await r.locator('td').allInnerTexts()).map(Number);
        if (counts.some((n) => n > 0)) return r.locator('th').innerText();
      }
      return undefined;
    };
    expect(await until('a counted hour in the chart', countedBucket)).toBe(hourText(jakarta.hour));
    await expect(page.locator('figcaption').first().innerText()).resolves.toMatch(/^SMS messages by status \(UTC\+07:00\)/);
    const preview = page.getByRole('region', { name: 'Monitoring' });
    const time = await until('the preview row', async () => {
      const texts = await preview.locator('tbody td').allInnerTexts();
      return texts.find((c) => /^\d{2}-\d{2}-\d{4} /.test(c));
    });
    expect(time.slice(0, 10)).toBe(ddmmyyyy(jakarta.day));
    expect(`${time.slice(11, 13)} ${time.slice(-2)}`).toBe(`${hourText(jakarta.hour).slice(0, 2)} ${hourText(jakarta.hour).slice(-2)}`);
    // The last 7 days, by the day: the same day in both.
    await page.goto(`${server.url}/dashboard?app=${appId}&channel=sms`);
    expect(await until('a counted day in the chart', countedBucket)).toBe(ddmmyyyy(jakarta.day));
    const weekTime = await until('the preview row', async () => (await preview.locator('tbody td').allInnerTexts()).find((c) => /^\d{2}-\d{2}-\d{4} /.test(c)));
    expect(weekTime.slice(0, 10)).toBe(ddmmyyyy(jakarta.day));
    await shot('overview');
  });

  it("shows every time in the browser's zone once the organization is set to it on Edit Organization", async () => {
    await page.goto(`${server.url}/profile/edit-organization`);
    const select = page.getByRole('textbox', { name: 'Time Zone' }).or(page.getByRole('combobox', { name: 'Time Zone' })).first();
    await expect(select.inputValue()).resolves.toMatch(/^Asia\/Jakarta \(UTC\+07:00\)$/);
    await shot('edit-organization');
    await select.click();
    await select.fill(browserZone);
    await page.getByRole('option', { name: new RegExp(`^${browserZone.replace('/', '\\/')} \\(UTC`) }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Your organization data has been successfully updated').first().waitFor();
    const local = partsIn(browserZone, sentAt);
    await page.goto(`${server.url}/my-application/detail-transaction/${appId}?channel=sms&start=${local.day}&end=${local.day}`);
    const row = page.getByRole('row', { name: /^Message .*: open details$/ });
    await until('the message row', async () => (await row.count()) === 1);
    expect((await row.locator('td').allInnerTexts()).find((c) => /^\d{2}-\d{2}-\d{4} /.test(c))!.slice(0, 10)).toBe(ddmmyyyy(local.day));
    await expect(page.getByRole('columnheader', { name: /^Created At/ }).innerText()).resolves.toBe('Created At');
  });
});
