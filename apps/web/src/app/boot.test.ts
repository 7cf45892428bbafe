import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import routerSource from './router.tsx?raw';
import { boot, EARLY_FETCH_KEY, type BootPage } from './boot.ts';
import { fromEarlyFetch, readData } from './early-fetch.ts';
import { HOT_PAGES } from './hot-pages.ts';
import { LANGUAGE_STORAGE_KEY } from '../lib/i18n.ts';

const routeSources = import.meta.glob<string>('./routes/**/*.tsx', { query: '?raw', import: 'default', eager: true });

const PAGES: BootPage[] = [
  { path: '^/auth/login/?$', scripts: ['/assets/login-a.js'], styles: [], fetch: ['/api/auth/session'] },
  { path: '^/apps/([^/]+)$', scripts: ['/assets/app-b.js', '/assets/shell-c.js'], styles: ['/assets/app-b.css'], fetch: ['/api/auth/session', '/api/app/$1'] },
];
const early = () => (globalThis as unknown as Record<string, Map<string, Promise<Response | undefined>> | undefined>)[EARLY_FETCH_KEY];
const links = () => [...document.head.querySelectorAll('link')].map((l) => `${l.rel} ${l.getAttribute('href')}${l.getAttribute('as') ? ` as=${l.getAttribute('as')}` : ''}`);

describe('boot script', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn((url: string) => Promise.resolve(new Response(JSON.stringify({ data: `answer of ${url}` }))));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.head.innerHTML = '';
    early()?.clear();
    history.replaceState(null, '', '/');
  });

  it("preloads a hot page's chunks and stylesheets and starts its GETs, the path's group filled in", () => {
    history.replaceState(null, '', '/apps/a%20b');
    boot(PAGES);
    expect(links()).toEqual(['modulepreload /assets/app-b.js', 'modulepreload /assets/shell-c.js', 'preload /assets/app-b.css as=style']);
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/auth/session', '/api/app/a%20b']);
    expect(fetchMock.mock.calls[0]![1]).toEqual({ credentials: 'same-origin' });
    expect([...early()!.keys()]).toEqual(['/api/auth/session', '/api/app/a%20b']);
  });

  it("preloads the page's catalogues in the stored language, else the browser's, else English", () => {
    const pages: BootPage[] = [{ path: '^/x$', scripts: [], styles: [], catalogues: { en: ['/assets/en.js'], id: ['/assets/id.js'] }, fetch: [] }];
    history.replaceState(null, '', '/x');
    const preloaded = () => links().filter((l) => l.includes('/assets/en.js') || l.includes('/assets/id.js'));
    const languages = vi.spyOn(navigator, 'languages', 'get');
    try {
      languages.mockReturnValue(['fr-FR', 'in-ID', 'en']);
      boot(pages);
      expect(preloaded()).toEqual(['modulepreload /assets/id.js']);
      document.head.innerHTML = '';
      languages.mockReturnValue(['fr-FR']);
      boot(pages);
      expect(preloaded()).toEqual(['modulepreload /assets/en.js']);
      document.head.innerHTML = '';
      // The boot script cannot import the key: it spells it out.
      expect(boot.toString()).toMatch(new RegExp(`['"]${LANGUAGE_STORAGE_KEY.replace('.', '\\.')}['"]`));
      localStorage.setItem(LANGUAGE_STORAGE_KEY, 'id');
      boot(pages);
      expect(preloaded()).toEqual(['modulepreload /assets/id.js']);
    } finally {
      localStorage.removeItem(LANGUAGE_STORAGE_KEY);
      languages.mockRestore();
    }
  });

  it('does nothing on any other page', () => {
    history.replaceState(null, '', '/docs');
    boot(PAGES);
    expect(links()).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('hands each early answer to the first request of its path only', async () => {
    history.replaceState(null, '', '/auth/login');
    boot(PAGES);
    const fallback = vi.fn(() => Promise.resolve('asked again'));
    await expect(fromEarlyFetch('/api/auth/session', readData<string>, fallback)).resolves.toBe('answer of /api/auth/session');
    await expect(fromEarlyFetch('/api/auth/session', readData<string>, fallback)).resolves.toBe('asked again');
    expect(fallback).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks again when the early answer failed, is not JSON or is an error status', async () => {
    history.replaceState(null, '', '/auth/login');
    for (const answer of [Promise.reject(new TypeError('offline')), Promise.resolve(new Response('<html>')), Promise.resolve(new Response('{}', { status: 500 }))]) {
      fetchMock.mockReturnValueOnce(answer);
      boot(PAGES);
      await expect(fromEarlyFetch('/api/auth/session', readData<string>, () => Promise.resolve('asked again'))).resolves.toBe('asked again');
    }
  });
});

describe('hot pages', () => {
  it('name route modules that app/router.tsx loads lazily', () => {
    for (const page of HOT_PAGES) for (const r of page.routes) expect(routerSource, `${page.name}: ${r}`).toContain(`import('./routes/${r}')`);
  });

  it('name the catalogue namespaces app/router.tsx loads with their page', () => {
    for (const page of HOT_PAGES) {
      const route = page.routes[page.routes.length - 1];
      expect(routerSource, page.name).toContain(`import('./routes/${route}'), [${page.ns.map((n) => `'${n}'`).join(', ')}])`);
    }
  });

  it('name as lazy modules what their routes import on demand', () => {
    for (const page of HOT_PAGES) {
      for (const m of 'lazy' in page ? page.lazy : []) {
        const [route] = page.routes.slice(-1);
        const source = routeSources[`./routes/${route}`];
        const fromRoute = m.replace(/^\.\.\/\.\.\//, '../../../');
        expect(source, `${page.name}: ${m}`).toContain(`import('${fromRoute}')`);
      }
    }
  });

  it('match the paths of their pages only', () => {
    const match = (path: string) => HOT_PAGES.filter((p) => p.path.test(path)).map((p) => p.name);
    expect(match('/auth/login')).toEqual(['login']);
    expect(match('/')).toEqual(['list']);
    expect(match('/my-application')).toEqual(['list']);
    expect(match('/my-application/detail-transaction/5f0c')).toEqual(['monitoring']);
    expect(match('/my-application/detail/5f0c')).toEqual(['detail']);
    expect(match('/dashboard')).toEqual(['overview']);
    expect(match('/generate-report')).toEqual(['report']);
    expect(match('/whatsapp-template')).toEqual(['templates']);
    expect(match('/new-whatsapp-template/')).toEqual(['templates']);
    expect(match('/whatsapp-template/edit/5f0c')).toEqual(['editor']);
    expect(match('/new-whatsapp-template/edit/5f0c')).toEqual(['editor']);
    for (const other of ['/auth/register', '/my-application/create-application', '/whatsapp-template/create', '/docs']) expect(match(other)).toEqual([]);
  });
});
