/**
 * Issue 23 item 9: no Overview tile label breaks inside a word ('Authenticatio / n' at 375 px).
 * Every tile of every channel tab of the demo application, at 320, 375 and 414 px, in English and
 * Indonesian: each word of each label lies on one line box (a Range over the word has one line of
 * rects) and the label stays inside its tile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { signInAsDemo } from './support/flows.ts';

/** The labels whose words break across lines or that stick out of their tile, as 'label: word'. */
async function brokenLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bad: string[] = [];
    for (const label of document.querySelectorAll<HTMLElement>('[data-testid="stat-label"]')) {
      const tile = label.closest<HTMLElement>('[role="group"]')!;
      const text = label.firstChild;
      if (!text || text.nodeType !== Node.TEXT_NODE) continue;
      const value = text.textContent ?? '';
      let at = 0;
      for (const word of value.split(' ')) {
        const start = value.indexOf(word, at);
        at = start + word.length;
        if (!word) continue;
        const range = document.createRange();
        range.setStart(text, start);
        range.setEnd(text, start + word.length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) bad.push(`${value}: '${word}' breaks`);
        const box = range.getBoundingClientRect();
        const t = tile.getBoundingClientRect();
        if (box.right > t.right + 0.5 || box.left < t.left - 0.5) bad.push(`${value}: '${word}' sticks out`);
      }
    }
    return bad;
  });
}

describe('Overview tile labels on phones', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let appId = '';

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ DEMO_DATA: 'true' }), launchBrowser()]);
    context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    page = await context.newPage();
    await signInAsDemo(page, server.url);
    const list = await context.request.post(`${server.url}/api/application/list`, { headers: { origin: server.url }, data: { channel_id: [], search: 'Demo App', page: 1, limit: 10 } });
    const apps = (await list.json()).data as { id: string; application_name: string }[];
    appId = apps.find((a) => a.application_name === 'Demo App')!.id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each(['en', 'id'] as const)('breaks no tile label inside a word at 320, 375 and 414 px (%s)', async (lang) => {
    const saved = await context.request.put(`${server.url}/api/user/${(await (await context.request.get(`${server.url}/api/auth/session`)).json()).data.id}`, {
      headers: { origin: server.url },
      data: { fullName: 'Demo User', language: lang },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const problems: string[] = [];
    let tiles = 0;
    for (const channel of ['whatsapp', 'sms', 'sms_otp', 'call', 'email', 'voice_otp']) {
      await page.goto(`${server.url}/dashboard?app=${appId}&channel=${channel}`);
      await page.locator('[data-testid="stat-value"]').first().waitFor();
      await page.waitForLoadState('networkidle');
      for (const width of [320, 375, 414]) {
        await page.setViewportSize({ width, height: 800 });
        await page.waitForTimeout(150);
        tiles += await page.locator('[data-testid="stat-label"]').count();
        problems.push(...(await brokenLabels(page)).map((p) => `${channel} ${width}px: ${p}`));
      }
    }
    expect(tiles).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });
});
