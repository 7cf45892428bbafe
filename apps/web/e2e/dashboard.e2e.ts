/**
 * Overview dashboard (templates-dashboard-reports.md §2.6, §3, §8, §9) with the demo data: the
 * figures equal the API's answers (asked with the page's cookie), the empty state of an application
 * without traffic, application and channel switching, 'View All Monitoring', a usage export named
 * per §9, and axe scans at 1366 and 375 px (no sideways page scroll on the phone width).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { formatRate, usageFileName, type RateData, type UsageData, type ConversationData } from '@pesan/contracts/dashboard';
import { launchBrowser, seriousA11yViolations } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

describe('Overview dashboard in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const scanned: Record<string, unknown[]> = {};

  async function scan(name: string) {
    await page.waitForLoadState('networkidle');
    scanned[name] = await seriousA11yViolations(page);
  }
  const post = async <T>(path: string, data: unknown): Promise<T> => {
    const res = await page.request.post(`${server.url}${path}`, { data, headers: { origin: server.url } });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
    return ((await res.json()) as { data: T }).data;
  };
  const value = (group: string) => page.getByRole('group', { name: group, exact: true }).getByTestId('stat-value').innerText();

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ DEMO_DATA: 'true' }), launchBrowser()]);
    context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1366, height: 900 } });
    const login = await context.request.post(`${server.url}/api/auth/login`, { headers: { origin: server.url }, data: { email: 'demo@pesan.local', password: 'Demo@1234' } });
    expect(login.status()).toBe(200);
    // A second application without traffic: the newest, so the dashboard opens on it.
    const created = await context.request.post(`${server.url}/api/application`, {
      headers: { origin: server.url },
      data: { applicationName: 'Quiet Shop', channels: [{ channel: 'email' }, { channel: 'sms' }] },
    });
    expect(created.status(), await created.text()).toBeLessThan(300);
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  let range: { startDate: string; endDate: string };
  it('opens on the newest application: its channels only, and the empty state linking to the API docs', async () => {
    const rateReq = page.waitForRequest((r) => r.url().endsWith('/api/report/rate'));
    await page.goto(`${server.url}/dashboard`);
    const body = (await rateReq).postDataJSON() as { startDate: string; endDate: string; channel: string };
    range = { startDate: body.startDate, endDate: body.endDate };
    expect(body.channel).toBe('sms');
    const tabs = page.getByRole('tablist', { name: 'Channel' });
    await expect(tabs.getByRole('tab').allInnerTexts()).resolves.toEqual(['SMS', 'Email', 'Verify']);
    await page.getByText('No traffic in this date range').waitFor();
    await expect(page.getByRole('link', { name: 'Read the API docs' }).getAttribute('href')).resolves.toBe('/docs');
    await scan('empty');
  });

  it('switches to the demo application: tabs reset to its first channel and the figures equal the API answers', async () => {
    await page.getByLabel('Application', { exact: true }).click();
    await page.getByRole('option', { name: 'Demo App', exact: true }).click();
    const tab = page.getByRole('tab', { name: 'Whatsapp' });
    await expect(tab.getAttribute('aria-selected')).resolves.toBe('true');
    await expect(page.getByRole('tablist', { name: 'Channel' }).getByRole('tab').allInnerTexts()).resolves.toEqual(['Whatsapp', 'SMS', 'SMS OTP', 'Call', 'Email', 'Voice OTP', 'Verify']);
    const appId = new URL(page.url()).searchParams.get('app')!;
    expect(appId).toMatch(/^[0-9a-f-]{36}$/);
    expect(new URL(page.url()).searchParams.get('channel')).toBeNull();

    for (const channel of ['whatsapp', 'sms', 'email'] as const) {
      if (channel !== 'whatsapp') await page.getByRole('tab', { name: channel === 'sms' ? 'SMS' : 'Email', exact: true }).click();
      const q = { application_id: appId, channel, ...range };
      const rate = await post<RateData>('/api/report/rate', q);
      const usage = await post<UsageData>('/api/report/usage', q);
      expect(rate.total).toBeGreaterThan(0);
      await page.getByRole('group', { name: 'Total Conversation' }).or(page.getByRole('group', { name: 'Success Rate' })).first().waitFor();
      await expect.poll(() => value('Success Rate')).toBe(formatRate(rate.success_rate));
      expect(await value('Failure Rate')).toBe(formatRate(rate.failure_rate));
      expect(await value('Total')).toBe(rate.total.toLocaleString('en-US'));
      const first = Object.entries(usage).find(([k]) => k !== 'channel' && k !== 'total')!;
      const label = first[0].split('_').map((w) => (w === 'rna' ? 'RNA' : w[0]!.toUpperCase() + w.slice(1))).join(' ');
      await expect.poll(() => value(label)).toBe(String(first[1]));
      if (channel === 'whatsapp') {
        const conv = await post<ConversationData>('/api/whatsapp-api/conversation', { application_id: appId, ...range });
        await expect.poll(() => value('Total Conversation')).toBe(conv.total_all_conversation.toLocaleString('en-US'));
        expect(await value('Business Initiated')).toBe(conv.total_all_bussiness_initiated.toLocaleString('en-US'));
        await scan('whatsapp-1366');
      }
    }
    expect(new URL(page.url()).searchParams.get('channel')).toBe('email');
  });

  it('downloads the usage Excel named per §9', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Email Usage' }).click();
    expect((await download).suggestedFilename()).toBe(usageFileName('email', range.startDate, range.endDate));
    await page.getByText('Report results have been downloaded successfully').first().waitFor();
  });

  it('goes to Monitoring with the same channel and range', async () => {
    const appId = new URL(page.url()).searchParams.get('app')!;
    await page.getByRole('row').nth(1).waitFor();
    await page.getByRole('link', { name: 'View All Monitoring' }).click();
    await page.waitForURL((u) => u.pathname === `/my-application/detail-transaction/${appId}`);
    const u = new URL(page.url());
    expect([u.searchParams.get('channel'), u.searchParams.get('start'), u.searchParams.get('end')]).toEqual(['email', range.startDate, range.endDate]);
    await page.goBack();
    await expect.poll(() => page.getByRole('tab', { name: 'Email', exact: true }).getAttribute('aria-selected')).toBe('true');
  });

  it('fits a 375 px screen without sideways scroll', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('tab', { name: 'Whatsapp' }).click();
    await page.getByRole('group', { name: 'Total Conversation' }).getByTestId('stat-value').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await scan('whatsapp-375');
  });

  it('has no serious or critical accessibility violations', () => {
    expect(Object.fromEntries(Object.entries(scanned).filter(([, v]) => v.length))).toEqual({});
    expect(Object.keys(scanned)).toHaveLength(3);
  });
});
