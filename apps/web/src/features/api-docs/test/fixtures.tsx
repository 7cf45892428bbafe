/**
 * Fixtures of the docs component tests: two API versions (given newest first), a menu whose groups
 * and children come unsorted and mix both versions, page descriptions, a fake fetch, and a render
 * of DocsSite under the same /docs routes as app/router.tsx.
 */
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation, useParams } from 'react-router';
import { vi } from 'vitest';
import type { ApiVersion, DocDescription, DocMenuItem } from '@pesan/contracts/docs';
import { theme } from '../../../lib/theme.ts';
import { DocsSite } from '../components/docs-site.tsx';

/** A fetch Response with `body` as JSON. */
export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** v2 is newer; the answer lists it first, the site must choose v1. */
export const VERSIONS: ApiVersion[] = [
  { id: 'ver-2', version: 'v2', createdAt: '2026-02-01T00:00:00Z' },
  { id: 'ver-1', version: 'v1', createdAt: '2025-06-01T00:00:00Z' },
];

const child = (id: string, title: string, number: number, apiVersionUid = 'ver-1') => ({ id, title, number, apiVersionUid });

/** Groups out of title order; children out of number order, of both versions. */
export const MENU: DocMenuItem[] = [
  {
    id: 'g-web',
    title: 'Webhooks',
    number: 1,
    icon: 'webhook',
    titles: [child('c-verify', 'Verify the signature', 2), child('c-status', 'Status webhooks', 1)],
  },
  {
    id: 'g-start',
    title: 'Getting started',
    number: 3,
    icon: 'rocket',
    titles: [
      child('c-keys', 'The key file', 2),
      child('c-tokens', 'Access tokens', 1),
      child('c-signed', 'Signed requests', 3),
      child('c-tokens-2', 'Access tokens', 1, 'ver-2'),
    ],
  },
  {
    id: 'g-msg',
    title: 'Messages',
    number: 2,
    icon: null,
    titles: [child('c-sms', 'Send an SMS', 1), child('c-wa', 'Send a WhatsApp message', 2), child('c-batch', 'Batch send', 1, 'ver-2')],
  },
];

/** The description of page `titleId`, with samples in every language unless `over` says otherwise. */
export function description(titleId: string, over: Partial<DocDescription> = {}): DocDescription {
  const title = MENU.flatMap((g) => g.titles).find((c) => c.id === titleId)?.title ?? titleId;
  return {
    id: `d-${titleId}`,
    titleId,
    title,
    description: `<p>About <strong>${title}</strong>.</p>`,
    languageSupport: [
      { language: 'PHP', request: `<?php // ${titleId}`, response: `{"php":"${titleId}"}` },
      { language: 'CURL', request: `curl https://pesan.test/v1/${titleId}`, response: `{"curl":"${titleId}"}` },
      { language: 'NodeJS', request: `await fetch('/v1/${titleId}')`, response: `{"node":"${titleId}"}` },
    ],
    updatedAt: '2026-03-01T00:00:00Z',
    ...over,
  };
}

export type Handler = () => Response | Promise<Response>;

/** The fake API's defaults: the versions, the menu, and a description for every child. */
export function docsRoutes(over: Record<string, Handler> = {}): Record<string, Handler> {
  const routes: Record<string, Handler> = {
    '/api/doc/api-version': () => json({ data: { data: VERSIONS } }),
    '/api/doc/menu': () => json({ data: MENU }),
  };
  for (const c of MENU.flatMap((g) => g.titles)) routes[`/api/doc/description/title/${c.id}`] = () => json({ data: { data: description(c.id) } });
  return { ...routes, ...over };
}

/** Stubs fetch with path -> handler (GET only; the query is dropped); returns the URLs asked. */
export function fakeDocsApi(routes: Record<string, Handler> = docsRoutes()) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      urls.push(String(input));
      const handler = routes[String(input).split('?')[0]!];
      return handler ? handler() : json({ error: { code: 'not_found', message: 'Not found' } }, 404);
    }),
  );
  return urls;
}

function DocsRoute() {
  const { parentId, childId, '*': rest } = useParams();
  return <DocsSite parentId={parentId} childId={childId} unknownPath={rest !== undefined && rest !== ''} />;
}

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname}</output>;
}

/** Renders the docs site at `route` under the routes of app/router.tsx. */
export function renderDocs(route = '/docs') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/docs',
        element: (
          <>
            <DocsRoute />
            <Where />
          </>
        ),
        children: [
          { index: true, element: null },
          { path: ':parentId/:childId', element: null },
          { path: '*', element: null },
        ],
      },
    ],
    { initialEntries: [route] },
  );
  return {
    router,
    ...render(
      <MantineProvider theme={theme}>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>,
    ),
  };
}

/** Makes `(min-width: …)` media queries match when `desktop`, for the layout switch. */
export function stubViewport(desktop: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: desktop && query.includes('min-width'),
        media: query,
        onchange: null,
        addListener() {},
        removeListener() {},
        addEventListener() {},
        removeEventListener() {},
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList,
  );
  vi.stubGlobal('innerWidth', desktop ? 1366 : 375);
}
