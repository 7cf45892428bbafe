import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DOCS_MESSAGES } from '@pesan/contracts/docs';
import { description, docsRoutes, fakeDocsApi, json, renderDocs, stubViewport } from '../test/fixtures.tsx';

// DOMPurify does not support happy-dom (it sanitises wrongly there): the page's sanitiser runs on
// a jsdom window, as it runs on the browser's in the app.
vi.mock('../utils/sanitize.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../utils/sanitize.ts')>();
  const { JSDOM } = await import('jsdom');
  const win = new JSDOM('<!doctype html>', { url: 'http://localhost:3000/' }).window;
  return { sanitizeDocHtml: (html: string) => real.sanitizeDocHtml(html, win) };
});

beforeEach(() => stubViewport(true));
afterEach(() => {
  vi.unstubAllGlobals();
});

const where = () => screen.getByTestId('where').textContent;
const nav = () => screen.getByRole('navigation', { name: DOCS_MESSAGES.sidebarTitle });
/** The sidebar as [group, expanded, [page titles]] rows. */
const sidebar = () =>
  within(nav())
    .queryAllByRole('button', { expanded: undefined })
    .filter((b) => b.hasAttribute('aria-expanded'))
    .map((b) => {
      const list = b.getAttribute('aria-expanded') === 'true' ? document.getElementById(b.getAttribute('aria-controls')!) : null;
      return [b.textContent, list ? within(list).getAllByRole('link').map((a) => a.textContent) : null];
    });

describe('docs site', () => {
  it('opens /docs on the first page of the oldest version, with the sidebar sorted and filtered', async () => {
    const urls = fakeDocsApi();
    renderDocs('/docs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Access tokens' })).toBeTruthy();
    expect(where()).toBe('/docs/g-start/c-tokens');
    expect(within(nav()).getByRole('heading', { name: 'API Docs' })).toBeTruthy();
    const version = within(nav()).getByRole('combobox', { name: 'API version' }) as HTMLSelectElement;
    expect([...version.options].map((o) => o.textContent)).toEqual(['v1', 'v2']);
    expect(version.value).toBe('ver-1');
    // Groups by title; the current page's group is open, its pages by number, of v1 only.
    await waitFor(() =>
      expect(sidebar()).toEqual([
        ['Getting started', ['Access tokens', 'The key file', 'Signed requests']],
        ['Messages', null],
        ['Webhooks', null],
      ]),
    );
    expect(within(nav()).getByRole('link', { name: 'Access tokens' }).getAttribute('aria-current')).toBe('page');
    expect(document.title).toBe('Access tokens · Pesan API Docs');
    expect(within(nav()).getByRole('link', { name: 'The key file' }).getAttribute('aria-current')).toBeNull();
    // Every docs call says noauth=true; the page is fetched by its menu child id.
    expect(urls).toContain('/api/doc/api-version?noauth=true');
    expect(urls).toContain(`/api/doc/menu?include=${encodeURIComponent('["titles"]')}&noauth=true`);
    expect(urls).toContain('/api/doc/description/title/c-tokens?noauth=true');
  });

  it('expands groups, follows a page link and marks it current', async () => {
    fakeDocsApi();
    renderDocs('/docs/g-start/c-tokens');
    await screen.findByRole('heading', { level: 1, name: 'Access tokens' });
    await userEvent.click(within(nav()).getByRole('button', { name: 'Messages' }));
    await waitFor(() => expect(sidebar()[1]).toEqual(['Messages', ['Send an SMS', 'Send a WhatsApp message']]));
    await userEvent.click(within(nav()).getByRole('link', { name: 'Send a WhatsApp message' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Send a WhatsApp message' })).toBeTruthy();
    expect(where()).toBe('/docs/g-msg/c-wa');
    expect(within(nav()).getByRole('link', { name: 'Send a WhatsApp message' }).getAttribute('aria-current')).toBe('page');
    // Collapsing a group hides its pages.
    await userEvent.click(within(nav()).getByRole('button', { name: 'Getting started' }));
    expect(sidebar()[0]).toEqual(['Getting started', null]);
  });

  it('searches page titles trimmed and case-insensitively, opening the groups with a match', async () => {
    fakeDocsApi();
    renderDocs('/docs/g-start/c-tokens');
    await screen.findByRole('heading', { level: 1, name: 'Access tokens' });
    const search = within(nav()).getByPlaceholderText(DOCS_MESSAGES.searchPlaceholder);
    expect(search.getAttribute('aria-label')).toBe('Search for help');
    await userEvent.type(search, '  SEND ');
    expect(sidebar()).toEqual([['Messages', ['Send an SMS', 'Send a WhatsApp message']]]);
    expect(within(nav()).getByText('2 pages found').getAttribute('role')).toBe('status');
    await userEvent.clear(search);
    await userEvent.type(search, 'webhook');
    expect(sidebar()).toEqual([['Webhooks', ['Status webhooks']]]);
    await userEvent.clear(search);
    await userEvent.type(search, 'nothing like it');
    expect(sidebar()).toEqual([]);
    expect(within(nav()).getByText('No page title matches “nothing like it”.')).toBeTruthy();
    await userEvent.clear(search);
    expect(sidebar().map((g) => g[0])).toEqual(['Getting started', 'Messages', 'Webhooks']);
  });

  it('switches the version: the same page in it, and only its pages in the sidebar', async () => {
    fakeDocsApi();
    const { router } = renderDocs('/docs/g-start/c-tokens');
    await screen.findByRole('heading', { level: 1, name: 'Access tokens' });
    await userEvent.selectOptions(within(nav()).getByRole('combobox', { name: 'API version' }), 'v2');
    await waitFor(() => expect(where()).toBe('/docs/g-start/c-tokens-2'));
    expect((within(nav()).getByRole('combobox', { name: 'API version' }) as HTMLSelectElement).value).toBe('ver-2');
    await userEvent.click(within(nav()).getByRole('button', { name: 'Messages' }));
    await waitFor(() =>
      expect(sidebar()).toEqual([
        ['Getting started', ['Access tokens']],
        ['Messages', ['Batch send']],
      ]),
    );
    // Back to v1: the same page of v1.
    await userEvent.selectOptions(within(nav()).getByRole('combobox', { name: 'API version' }), 'v1');
    await waitFor(() => expect(where()).toBe('/docs/g-start/c-tokens'));
    // A page of v2 opened by its address chooses v2.
    await act(() => router.navigate('/docs/g-msg/c-batch'));
    await screen.findByRole('heading', { level: 1, name: 'Batch send' });
    expect((within(nav()).getByRole('combobox', { name: 'API version' }) as HTMLSelectElement).value).toBe('ver-2');
  });

  it('says there is no menu yet when the chosen version has no page', async () => {
    fakeDocsApi(docsRoutes({ '/api/doc/menu': () => json({ data: [] }) }));
    renderDocs('/docs');
    expect(await within(nav()).findByText(DOCS_MESSAGES.noMenu)).toBeTruthy();
    expect(where()).toBe('/docs');
    expect(screen.getByRole('link', { name: 'Open the API reference' }).getAttribute('href')).toBe('/api/reference');
  });

  it('shows the 404 of the docs for an unknown page, a page the server does not know, and other paths', async () => {
    fakeDocsApi(docsRoutes({ '/api/doc/description/title/c-keys': () => json({ error: { code: 'not_found', message: 'Not found' } }, 404) }));
    const { router } = renderDocs('/docs/g-start/nope');
    expect(await screen.findByRole('heading', { level: 1, name: DOCS_MESSAGES.notFound })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the first page' }).getAttribute('href')).toBe('/docs/g-start/c-tokens');
    await act(() => router.navigate('/docs/g-start/c-keys'));
    expect(await screen.findByRole('heading', { level: 1, name: DOCS_MESSAGES.notFound })).toBeTruthy();
    await act(() => router.navigate('/docs/one-part'));
    expect(await screen.findByRole('heading', { level: 1, name: DOCS_MESSAGES.notFound })).toBeTruthy();
    await act(() => router.navigate('/docs/g-msg/c-sms'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Send an SMS' })).toBeTruthy();
  });

  it('shows skeletons while loading, and an error with Try again when the menu fails', async () => {
    let release!: () => void;
    const later = new Promise<void>((r) => (release = r));
    let menuCalls = 0;
    fakeDocsApi(
      docsRoutes({
        '/api/doc/menu': () => (++menuCalls === 1 ? json({ error: { code: 'internal', message: 'Boom' } }, 500) : json({ data: [] })),
        '/api/doc/description/title/c-sms': async () => {
          await later;
          return json({ data: { data: description('c-sms') } });
        },
      }),
    );
    renderDocs('/docs/g-msg/c-sms');
    expect(screen.getByTestId('docs-sidebar-skeleton')).toBeTruthy();
    expect(screen.getByTestId('doc-description-skeleton')).toBeTruthy();
    expect(await within(nav()).findByText('The docs menu could not be loaded')).toBeTruthy();
    release();
    await userEvent.click(within(nav()).getByRole('button', { name: 'Try again' }));
    expect(await within(nav()).findByText(DOCS_MESSAGES.noMenu)).toBeTruthy();
    expect(menuCalls).toBe(2);
  });

  it('shows the samples in tabs CURL, NodeJS, PHP with the response of the chosen one, and copies them', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fakeDocsApi();
    renderDocs('/docs/g-msg/c-sms');
    await screen.findByRole('heading', { level: 1, name: 'Send an SMS' });
    const tabs = await screen.findByRole('tablist', { name: 'Sample language' });
    expect(within(tabs).getAllByRole('tab').map((t) => [t.textContent, t.getAttribute('aria-selected')])).toEqual([
      ['CURL', 'true'],
      ['NodeJS', 'false'],
      ['PHP', 'false'],
    ]);
    const request = () => screen.getByRole('region', { name: /request$/ });
    const response = () => screen.getByRole('region', { name: /response$/ });
    expect(request().textContent).toBe('curl https://pesan.test/v1/c-sms');
    expect(request().getAttribute('tabindex')).toBe('0');
    expect(response().textContent).toBe('{"curl":"c-sms"}');
    expect(screen.getByRole('heading', { name: DOCS_MESSAGES.responseTitle })).toBeTruthy();

    await userEvent.click(within(tabs).getByRole('tab', { name: 'PHP' }));
    expect(screen.getByRole('region', { name: 'PHP request' }).textContent).toBe('<?php // c-sms');
    expect(screen.getByRole('region', { name: 'PHP response' }).textContent).toBe('{"php":"c-sms"}');

    await userEvent.click(screen.getByRole('button', { name: 'Copy PHP request' }));
    expect(writeText).toHaveBeenCalledWith('<?php // c-sms');
    const copied = await screen.findByRole('button', { name: 'Copied PHP request' });
    expect(copied.textContent).toBe('Copied');
    await userEvent.click(screen.getByRole('button', { name: 'Copy PHP response' }));
    expect(writeText).toHaveBeenLastCalledWith('{"php":"c-sms"}');

    // The chosen language stays on the next page.
    await userEvent.click(within(nav()).getByRole('link', { name: 'Send a WhatsApp message' }));
    await screen.findByRole('heading', { level: 1, name: 'Send a WhatsApp message' });
    expect(await screen.findByRole('region', { name: 'PHP request' })).toBeTruthy();
  });

  it('shows only the languages a page has, and no samples column without any', async () => {
    fakeDocsApi(
      docsRoutes({
        '/api/doc/description/title/c-sms': () =>
          json({ data: { data: description('c-sms', { languageSupport: [{ language: 'NodeJS', request: 'node', response: '{}' }] }) } }),
        '/api/doc/description/title/c-wa': () => json({ data: { data: description('c-wa', { languageSupport: [] }) } }),
      }),
    );
    const { router } = renderDocs('/docs/g-msg/c-sms');
    const tabs = await screen.findByRole('tablist', { name: 'Sample language' });
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['NodeJS']);
    await act(() => router.navigate('/docs/g-msg/c-wa'));
    await screen.findByRole('heading', { level: 1, name: 'Send a WhatsApp message' });
    await screen.findByTestId('doc-description');
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('sanitises the description: no script, no event handler, no javascript: link survives', async () => {
    fakeDocsApi(
      docsRoutes({
        '/api/doc/description/title/c-sms': () =>
          json({
            data: {
              data: description('c-sms', {
                description:
                  '<h2>Send</h2><script>window.__pwned = 1</script><img src="x.png" alt="diagram" onerror="window.__pwned = 2">' +
                  '<a href="javascript:window.__pwned=3">bad link</a><p onclick="window.__pwned = 4">Body text</p><pre>curl -X POST</pre>',
              }),
            },
          }),
      }),
    );
    renderDocs('/docs/g-msg/c-sms');
    const body = await screen.findByTestId('doc-description');
    await within(body).findByText('Body text');
    expect(body.querySelector('script')).toBeNull();
    expect(body.innerHTML).not.toMatch(/onerror|onclick|javascript:|__pwned/);
    expect(within(body).getByRole('heading', { level: 2, name: 'Send' })).toBeTruthy();
    expect(within(body).getByRole('img', { name: 'diagram' })).toBeTruthy();
    expect(within(body).getByText('bad link').getAttribute('href')).toBeNull();
    expect(body.querySelector('pre')!.getAttribute('tabindex')).toBe('0');
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('opens a docs link of the description in the site', async () => {
    fakeDocsApi(
      docsRoutes({
        '/api/doc/description/title/c-sms': () =>
          json({ data: { data: description('c-sms', { description: '<p>See <a href="/docs/g-msg/c-wa">WhatsApp</a> or <a href="https://example.com/x">elsewhere</a>.</p>' }) } }),
      }),
    );
    renderDocs('/docs/g-msg/c-sms');
    const body = await screen.findByTestId('doc-description');
    expect(within(body).getByRole('link', { name: 'elsewhere' }).getAttribute('target')).toBe('_blank');
    await userEvent.click(await within(body).findByRole('link', { name: 'WhatsApp' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Send a WhatsApp message' })).toBeTruthy();
    expect(where()).toBe('/docs/g-msg/c-wa');
  });

  it('below 1024 px puts the sidebar in a drawer behind a burger, which closes on a page link', async () => {
    stubViewport(false);
    fakeDocsApi();
    renderDocs('/docs/g-start/c-tokens');
    await screen.findByRole('heading', { level: 1, name: 'Access tokens' });
    expect(screen.queryByRole('navigation', { name: DOCS_MESSAGES.sidebarTitle })).toBeNull();
    const burger = screen.getByRole('button', { name: 'Open the docs menu' });
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(burger);
    const drawer = await screen.findByRole('dialog', { name: DOCS_MESSAGES.sidebarTitle });
    expect(within(drawer).getByRole('navigation', { name: DOCS_MESSAGES.sidebarTitle })).toBeTruthy();
    await userEvent.click(within(drawer).getByRole('link', { name: 'The key file' }));
    await screen.findByRole('heading', { level: 1, name: 'The key file' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(where()).toBe('/docs/g-start/c-keys');
  });
});
