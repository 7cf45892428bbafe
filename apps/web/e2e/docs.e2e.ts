/**
 * The docs site (console.md §2 Docs layout, §3, §5, §6, §9; issue 14) end to end on the server's
 * seeded docs (docs/api, imported by the seed), signed out: /docs opens the first page of the
 * oldest version; the sidebar ('API Docs', the version dropdown, groups by title, pages by number,
 * aria-current on the page); 'Search for help...' (trimmed, case-insensitive); the samples' tabs
 * CURL, NodeJS, PHP with the response the page records, and Copy (the clipboard holds the sample);
 * the description's HTML sanitised in the browser; a version switch (a second version added to the
 * server's answers through page.route: the seed has one); the 404 of the docs. At 1366 px (sidebar
 * beside the page, samples on the right and sticky) and 375 px (the sidebar in a drawer, samples
 * below the description, no sideways page scroll); axe scans each state; no console error. Then
 * the header's 'API Documentation' (desktop and mobile menu) and the login page's promo lead to the
 * docs. With SCREENSHOT_DIR set, saves `docs-*-<width>.png` there.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { DOC_LANGUAGES, DOCS_MESSAGES, type ApiVersion, type DocDescription, type DocMenuChild, type DocMenuItem } from '@pesan/contracts/docs';
import { launchBrowser, seriousA11yViolations } from './support/browser.ts';
import { signInAsDemo } from './support/flows.ts';
import { startServer, type RunningServer } from './support/server.ts';

const SHOTS = process.env.SCREENSHOT_DIR;
const VIEWPORTS = [
  { width: 1366, height: 900 },
  { width: 375, height: 812 },
] as const;

/** The sidebar's rules of console.md §2, written out here on their own: groups by title, pages by number, of one version. */
function expectedSidebar(menu: DocMenuItem[], versionId: string, query = ''): { group: DocMenuItem; children: DocMenuChild[] }[] {
  const q = query.trim().toLowerCase();
  return [...menu]
    .sort((a, b) => a.title.localeCompare(b.title, 'en', { sensitivity: 'base', numeric: true }))
    .map((group) => ({
      group,
      children: group.titles.filter((c) => c.apiVersionUid === versionId && c.title.toLowerCase().includes(q)).sort((a, b) => a.number - b.number),
    }))
    .filter((g) => g.children.length > 0);
}

describe('API docs in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let versions: ApiVersion[];
  let menu: DocMenuItem[];
  let descriptions: DocDescription[];
  const scanned: Record<string, unknown[]> = {};
  const problems: string[] = [];

  const getJson = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status, path).toBe(200);
    return (await res.json()) as T;
  };

  beforeAll(async () => {
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    [server, browser] = await Promise.all([startServer({ DEMO_DATA: 'true' }), launchBrowser()]);
    versions = (await getJson<{ data: { data: ApiVersion[] } }>('/api/doc/api-version?noauth=true')).data.data;
    menu = (await getJson<{ data: DocMenuItem[] }>(`/api/doc/menu?include=${encodeURIComponent('["titles"]')}&noauth=true`)).data;
    descriptions = (await getJson<{ data: DocDescription[] }>('/api/doc/description?noauth=true')).data;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The oldest version (console.md §2: the default). */
  const firstVersion = () => [...versions].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt))[0]!;
  /** A page of the first version with a sample in every language, outside the first group when one is. */
  const pageWithSamples = () => {
    const sidebarGroups = expectedSidebar(menu, firstVersion().id);
    const found = sidebarGroups.flatMap(({ group, children }) =>
      children.flatMap((child) => {
        const description = descriptions.find((x) => x.titleId === child.id);
        return description && DOC_LANGUAGES.every((l) => description.languageSupport.some((s) => s.language === l)) ? [{ group, child, description }] : [];
      }),
    );
    const pick = found.find((p) => p.group.id !== sidebarGroups[0]!.group.id) ?? found[0];
    if (!pick) throw new Error('no docs page has CURL, NodeJS and PHP samples');
    return pick;
  };

  async function openPage(context: BrowserContext, sink = problems): Promise<Page> {
    const page = await context.newPage();
    page.on('console', (msg) => {
      if (msg.type() === 'error') sink.push(`console: ${msg.text()} (${msg.location().url})`);
    });
    page.on('pageerror', (err) => sink.push(`page error: ${err.message}`));
    return page;
  }

  const settle = (page: Page) =>
    page.evaluate(() => Promise.all(document.getAnimations().filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime))).map((a) => a.finished.catch(() => undefined))));
  const scan = async (page: Page, name: string) => {
    await page.waitForLoadState('networkidle');
    scanned[`${name}-${page.viewportSize()!.width}`] = await seriousA11yViolations(page);
  };
  const shot = async (page: Page, name: string, fullPage = true) => {
    if (!SHOTS) return;
    await page.waitForLoadState('networkidle');
    await settle(page);
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(SHOTS, `docs-${name}-${page.viewportSize()!.width}.png`), fullPage });
  };
  const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  const isPhone = (page: Page) => page.viewportSize()!.width < 1024;

  /** The sidebar's <nav>: beside the page, or in the drawer the burger opens on a phone. */
  async function sidebar(page: Page): Promise<Locator> {
    if (isPhone(page)) {
      const drawer = page.getByRole('dialog', { name: DOCS_MESSAGES.sidebarTitle });
      if (!(await drawer.isVisible())) {
        await page.getByRole('button', { name: 'Open the docs menu' }).click();
        await drawer.waitFor();
        await settle(page);
      }
      return drawer.getByRole('navigation', { name: DOCS_MESSAGES.sidebarTitle });
    }
    return page.getByRole('navigation', { name: DOCS_MESSAGES.sidebarTitle });
  }
  async function closeSidebar(page: Page) {
    if (!isPhone(page)) return;
    const drawer = page.getByRole('dialog', { name: DOCS_MESSAGES.sidebarTitle });
    if (await drawer.isVisible()) {
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
    }
  }
  /** Group titles in order, and the page titles of the expanded ones. */
  async function readSidebar(nav: Locator): Promise<[string, string[] | null][]> {
    return nav.evaluate((el) =>
      [...el.querySelectorAll('button[aria-expanded]')].map((b) => {
        const list = b.getAttribute('aria-expanded') === 'true' ? document.getElementById(b.getAttribute('aria-controls')!) : null;
        return [b.textContent!.trim(), list ? [...list.querySelectorAll('a')].map((a) => a.textContent!.trim()) : null] as [string, string[] | null];
      }),
    );
  }

  for (const viewport of VIEWPORTS) {
    describe(`at ${viewport.width} px`, () => {
      let context: BrowserContext;
      let page: Page;
      beforeAll(async () => {
        context = await browser.newContext({ viewport });
        await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
        page = await openPage(context);
      });
      afterAll(async () => {
        await context?.close();
      });

      it('opens /docs on the first page, with the sidebar of the oldest version', async () => {
        const v = firstVersion();
        const expected = expectedSidebar(menu, v.id);
        expect(expected.length, 'the seed imports the docs (docs/api)').toBeGreaterThan(0);
        const first = expected[0]!;
        await page.goto(`${server.url}/docs`);
        await page.waitForURL(`**/docs/${first.group.id}/${first.children[0]!.id}`);
        await page.getByRole('heading', { level: 1, name: first.children[0]!.title }).waitFor();
        expect(await page.title()).toContain(first.children[0]!.title);
        if (isPhone(page)) {
          // The sidebar is behind the burger; the page uses the whole width.
          expect(await page.getByRole('navigation', { name: DOCS_MESSAGES.sidebarTitle }).count()).toBe(0);
        } else {
          await page.getByRole('navigation', { name: DOCS_MESSAGES.sidebarTitle }).getByRole('heading', { name: DOCS_MESSAGES.sidebarTitle }).waitFor();
        }
        await scan(page, 'first-page');
        await shot(page, 'first-page');
        const nav = await sidebar(page);
        const select = nav.getByRole('combobox', { name: 'API version' });
        expect(await select.inputValue()).toBe(v.id);
        const sorted = [...versions].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
        expect(await select.locator('option').allTextContents()).toEqual(sorted.map((x) => x.version));
        expect(await readSidebar(nav)).toEqual(expected.map((g, i) => [g.group.title, i === 0 ? g.children.map((c) => c.title) : null]));
        expect(await nav.getByRole('link', { name: first.children[0]!.title, exact: true }).getAttribute('aria-current')).toBe('page');
        await expect.poll(() => nav.locator('[aria-current="page"]').count()).toBe(1);
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        await scan(page, 'sidebar');
        await shot(page, 'sidebar', false);
        await closeSidebar(page);
      });

      it('searches page titles, trimmed and case-insensitively', async () => {
        const v = firstVersion().id;
        // The word of the page titles found in the most groups (then pages), upper-cased, with spaces around.
        const words = [...new Set(expectedSidebar(menu, v).flatMap((g) => g.children.flatMap((c) => c.title.toLowerCase().split(/[^a-z0-9]+/))))].filter((w) => w.length >= 3);
        const reach = (w: string) => {
          const found = expectedSidebar(menu, v, w);
          return found.length * 100 + found.reduce((n, g) => n + g.children.length, 0);
        };
        const word = words.sort((a, b) => reach(b) - reach(a))[0]!;
        const query = `  ${word.toUpperCase()} `;
        const nav = await sidebar(page);
        const search = nav.getByRole('searchbox', { name: 'Search for help' });
        expect(await search.getAttribute('placeholder')).toBe(DOCS_MESSAGES.searchPlaceholder);
        await search.fill(query);
        const expected = expectedSidebar(menu, v, query);
        expect(expected.length).toBeGreaterThan(0);
        await expect.poll(() => readSidebar(nav)).toEqual(expected.map((g) => [g.group.title, g.children.map((c) => c.title)]));
        await scan(page, 'search');
        await shot(page, 'search', false);
        await search.fill('no page is called like this');
        await nav.getByText('No page title matches “no page is called like this”.').waitFor();
        await search.fill('');
        await expect.poll(async () => (await readSidebar(nav)).map(([g]) => g)).toEqual(expectedSidebar(menu, v).map((g) => g.group.title));
        await closeSidebar(page);
      });

      it('opens a page from the sidebar; shows its samples in tabs with the recorded response, and copies them', async () => {
        const { group, child, description } = pageWithSamples();
        const nav = await sidebar(page);
        const groupButton = nav.getByRole('button', { name: group.title, exact: true });
        if ((await groupButton.getAttribute('aria-expanded')) !== 'true') await groupButton.click();
        await nav.getByRole('link', { name: child.title, exact: true }).click();
        await page.waitForURL(`**/docs/${group.id}/${child.id}`);
        await page.getByRole('heading', { level: 1, name: child.title }).waitFor();
        if (isPhone(page)) await page.getByRole('dialog', { name: DOCS_MESSAGES.sidebarTitle }).waitFor({ state: 'hidden' });
        // Keyboard and screen-reader users continue at the new page's heading (also when the drawer closed).
        await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');

        const tabs = page.getByRole('tablist', { name: 'Sample language' });
        // The heading comes from the menu; the samples arrive with the page's description, a moment later.
        await expect.poll(() => tabs.getByRole('tab').allTextContents()).toEqual([...DOC_LANGUAGES]);
        expect(await tabs.getByRole('tab', { name: 'CURL' }).getAttribute('aria-selected')).toBe('true');
        for (const language of DOC_LANGUAGES) {
          const sample = description.languageSupport.find((s) => s.language === language)!;
          await tabs.getByRole('tab', { name: language }).click();
          const request = page.getByRole('region', { name: `${language} request` });
          await request.waitFor();
          expect(await request.innerText()).toBe(sample.request);
          expect(await page.getByRole('region', { name: `${language} response` }).innerText()).toBe(sample.response);
        }
        // The keyboard moves between tabs (Mantine Tabs: arrows).
        await tabs.getByRole('tab', { name: 'PHP' }).focus();
        await page.keyboard.press('ArrowLeft');
        expect(await tabs.getByRole('tab', { name: 'NodeJS' }).getAttribute('aria-selected')).toBe('true');
        const node = description.languageSupport.find((s) => s.language === 'NodeJS')!;
        await page.getByRole('button', { name: 'Copy NodeJS request' }).click();
        await page.getByRole('button', { name: 'Copied NodeJS request' }).waitFor();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(node.request);
        await page.getByRole('button', { name: 'Copy NodeJS response' }).click();
        await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(node.response);
        await page.getByRole('button', { name: 'Copied NodeJS response' }).waitFor();
        await scan(page, 'copied');
        // 'Copied' lasts 2 s (console.md §9), then the button says Copy again.
        await page.getByRole('button', { name: 'Copy NodeJS response' }).waitFor({ timeout: 5000 });

        // Code scrolls inside its own box, which the keyboard reaches.
        const code = page.getByRole('region', { name: 'NodeJS request' });
        expect(await code.getAttribute('tabindex')).toBe('0');
        expect(await overflow(page)).toBeLessThanOrEqual(0);

        const article = (await page.locator('article').boundingBox())!;
        const samples = (await page.getByRole('heading', { name: 'Code samples' }).boundingBox())!;
        if (isPhone(page)) {
          expect(samples.y, 'samples below the description').toBeGreaterThan(article.y + article.height - 1);
        } else {
          expect(samples.x, 'samples right of the description').toBeGreaterThan(article.x + article.width - 1);
          // Sticky: after scrolling the page the samples stay in view under the header.
          const room = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
          if (room > 200) {
            await page.mouse.move(500, 500);
            await page.mouse.wheel(0, Math.min(room, 600));
            await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
            const after = (await page.getByRole('heading', { name: 'Code samples' }).boundingBox())!;
            expect(after.y).toBeGreaterThanOrEqual(60);
            expect(after.y).toBeLessThan(200);
            await page.evaluate(() => window.scrollTo(0, 0));
          }
        }
        await scan(page, 'samples');
        await shot(page, 'samples');
      });

      it('sanitises the description in the browser', async () => {
        const { group, child, description } = pageWithSamples();
        const evil = {
          ...description,
          description:
            '<h2>Injected</h2><script>window.__pwned = 1</script><img src="/nope.png" alt="broken" onerror="window.__pwned = 2">' +
            '<a href="javascript:window.__pwned = 3">bad link</a><p onmouseover="window.__pwned = 4">Hover text</p>',
        };
        const seen: string[] = [];
        const fresh = await openPage(context, seen);
        await fresh.route(`**/api/doc/description/title/${child.id}*`, (route) => route.fulfill({ json: { data: { data: evil } } }));
        await fresh.goto(`${server.url}/docs/${group.id}/${child.id}`);
        await fresh.getByText('Hover text').waitFor();
        await fresh.getByText('Hover text').hover();
        await fresh.waitForTimeout(300);
        expect(await fresh.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
        const html = await fresh.getByTestId('doc-description').innerHTML();
        expect(html).not.toMatch(/<script|onerror|onmouseover|javascript:/i);
        await fresh.close();
        // What the console shows: the image that does not exist, and Chromium's CSP reports of the
        // handlers in the HTML DOMPurify parses (in an inert document: nothing runs; the page's CSP
        // forbids inline handlers anyway).
        expect(seen.filter((p) => !/nope\.png|Failed to load resource|Executing inline event handler violates the following Content Security Policy directive 'script-src-attr 'none''/.test(p))).toEqual([]);
      });

      it('switches the API version (a second version added to the answers)', async () => {
        const v1 = firstVersion();
        const start = expectedSidebar(menu, v1.id)[0]!;
        const v2: ApiVersion = { id: 'e2e-v2', version: 'v2', createdAt: new Date(Date.parse(v1.createdAt) + 86_400_000).toISOString() };
        const v2Child: DocMenuChild = { id: 'e2e-v2-page', title: start.children[0]!.title, number: 1, apiVersionUid: v2.id };
        const v2Only: DocMenuChild = { id: 'e2e-v2-only', title: 'Only in v2', number: 2, apiVersionUid: v2.id };
        await page.route('**/api/doc/api-version*', async (route) => {
          const res = await route.fetch();
          const body = (await res.json()) as { data: { data: ApiVersion[] } };
          // Newest first: the site sorts by createdAt itself.
          await route.fulfill({ response: res, json: { data: { data: [v2, ...body.data.data] } } });
        });
        await page.route('**/api/doc/menu*', async (route) => {
          const res = await route.fetch();
          const body = (await res.json()) as { data: DocMenuItem[] };
          const data = body.data.map((g) => (g.id === start.group.id ? { ...g, titles: [...g.titles, v2Child, v2Only] } : g));
          await route.fulfill({ response: res, json: { data } });
        });
        const v2Description: DocDescription = {
          id: 'e2e-v2-description',
          titleId: v2Child.id,
          title: v2Child.title,
          description: '<p>The v2 edition of this page.</p>',
          languageSupport: [{ language: 'CURL', request: 'curl http://localhost:3000/v2', response: '{"version": 2}' }],
          updatedAt: new Date().toISOString(),
        };
        await page.route(`**/api/doc/description/title/${v2Child.id}*`, (route) => route.fulfill({ json: { data: { data: v2Description } } }));
        await page.goto(`${server.url}/docs`);
        await page.waitForURL(`**/docs/${start.group.id}/${start.children[0]!.id}`);
        let nav = await sidebar(page);
        const select = nav.getByRole('combobox', { name: 'API version' });
        expect(await select.locator('option').allTextContents()).toEqual([v1.version, 'v2']);
        expect(await select.inputValue()).toBe(v1.id);
        await select.selectOption({ label: 'v2' });
        // The same page in v2.
        await page.waitForURL(`**/docs/${start.group.id}/${v2Child.id}`);
        await page.getByText('The v2 edition of this page.').waitFor();
        nav = await sidebar(page);
        await expect.poll(() => readSidebar(nav)).toEqual([[start.group.title, [v2Child.title, v2Only.title]]]);
        expect(await nav.getByRole('combobox', { name: 'API version' }).inputValue()).toBe(v2.id);
        expect(await page.getByRole('tablist', { name: 'Sample language' }).getByRole('tab').allTextContents()).toEqual(['CURL']);
        await scan(page, 'version-2');
        await shot(page, 'version-2', false);
        await nav.getByRole('combobox', { name: 'API version' }).selectOption({ label: v1.version });
        await page.waitForURL(`**/docs/${start.group.id}/${start.children[0]!.id}`);
        await closeSidebar(page);
        await page.unrouteAll();
      });

      it('shows the docs 404 for an unknown page', async () => {
        await page.goto(`${server.url}/docs/${menu[0]!.id}/no-such-page`);
        await page.getByRole('heading', { level: 1, name: DOCS_MESSAGES.notFound }).waitFor();
        await page.getByRole('link', { name: 'Go to the first page' }).click();
        await page.getByRole('heading', { level: 1, name: expectedSidebar(menu, firstVersion().id)[0]!.children[0]!.title }).waitFor();
        await page.goto(`${server.url}/docs/${menu[0]!.id}/no-such-page`);
        await page.getByRole('heading', { level: 1, name: DOCS_MESSAGES.notFound }).waitFor();
        await scan(page, 'not-found');
        await shot(page, 'not-found', false);
      });
    });
  }

  it('is reached from the header, the mobile menu and the login promo', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await openPage(context);
    // The login page's promo (signed out).
    await page.goto(`${server.url}/auth/login`);
    const promo = page.getByRole('complementary', { name: 'About Dashboard API' });
    await promo.getByRole('link', { name: 'Read the API documentation' }).click();
    await page.waitForURL(/\/docs\/[^/]+\/[^/]+$/);
    await page.getByRole('navigation', { name: DOCS_MESSAGES.sidebarTitle }).waitFor();
    // The header's API Documentation, signed in.
    await signInAsDemo(page, server.url);
    await page.getByRole('link', { name: 'API Documentation' }).click();
    await page.waitForURL(/\/docs\/[^/]+\/[^/]+$/);
    await page.getByRole('navigation', { name: DOCS_MESSAGES.sidebarTitle }).waitFor();
    // The docs' Console button goes back.
    await page.getByRole('link', { name: 'Console' }).click();
    await page.waitForURL(/\/my-application$/);
    // The mobile menu's API Documentation.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'API Documentation' }).click();
    await page.waitForURL(/\/docs\/[^/]+\/[^/]+$/);
    await page.getByRole('button', { name: 'Open the docs menu' }).waitFor();
    await context.close();
  });

  it('passes axe everywhere and logs no console error', () => {
    const failing = Object.fromEntries(Object.entries(scanned).filter(([, v]) => v.length));
    expect(failing).toEqual({});
    expect(Object.keys(scanned).length).toBeGreaterThanOrEqual(14);
    // Expected failures to load: the unknown page's 404 and the login page's session probe (401 signed out).
    expect(problems.filter((p) => !/\/no-such-page|\/api\/auth\/session/.test(p))).toEqual([]);
  });
});
