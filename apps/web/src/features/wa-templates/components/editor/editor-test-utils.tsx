/** Test-only: the editor page in a memory router of both route families, with a fake API. */
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, Link } from 'react-router';
import { vi } from 'vitest';
import type { TemplateRow } from '@pesan/contracts/wa-template-api';
import { consoleTemplatePayloadSchema, type ConsoleTemplateInput } from '@pesan/contracts/wa-template-console';
import { theme } from '../../../../lib/theme.ts';
import TemplateEditorPage from './template-editor-page.tsx';

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface Call {
  key: string;
  url: string;
  body: unknown;
}

/** A fake API: 'METHOD path' -> handler; records the calls (JSON bodies parsed, FormData kept). */
export function fakeApi(routes: Record<string, (body: unknown, url: string) => Response | Promise<Response>>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      const key = `${init?.method ?? 'GET'} ${url.split('?')[0]}`;
      const body = init?.body instanceof FormData ? init.body : init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ key, url, body });
      const handler = routes[key];
      if (handler) return handler(body, url);
      if (key.startsWith('GET /api/application/')) return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
      return json({ error: { code: 'not_found', message: `no fake for ${key}` } }, 404);
    }),
  );
  return calls;
}

export const createState = (over: Record<string, unknown> = {}) => ({
  template_name: 'order_update',
  template_category: 'MARKETING',
  language: 'en_US',
  application_id: 'app-1',
  ...over,
});

/** Renders the editor at `path` (with navigation `state`) inside both route families, a list stub and a link away. */
export function renderEditor(path: string, state?: unknown) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const list = (name: string) => (
    <div>
      <h1>{name}</h1>
    </div>
  );
  const page = (
    <>
      <TemplateEditorPage />
      <Link to="/elsewhere">Elsewhere</Link>
    </>
  );
  const router = createMemoryRouter(
    [
      { path: '/whatsapp-template', element: list('Template list') },
      { path: '/new-whatsapp-template', element: list('New template list') },
      { path: '/whatsapp-template/create', element: page },
      { path: '/whatsapp-template/edit/:id', element: page },
      { path: '/new-whatsapp-template/create', element: page },
      { path: '/new-whatsapp-template/edit/:id', element: page },
      { path: '/elsewhere', element: list('Elsewhere page') },
    ],
    { initialEntries: [{ pathname: path, state }] },
  );
  return {
    client,
    router,
    ...render(
      <MantineProvider theme={theme}>
        <QueryClientProvider client={client}>
          <Notifications />
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>,
    ),
  };
}

/** A stored template row around a console payload. */
export function templateRow(payload: ConsoleTemplateInput, over: Partial<TemplateRow> = {}): TemplateRow {
  const p = consoleTemplatePayloadSchema.parse(payload);
  return {
    _id: 'tpl-1',
    template_code_id: 'TPL-0001',
    application_id: 'app-1',
    application_name: 'Shop',
    template_name: p.template_name,
    language: p.language,
    template_category: p.template_category,
    status: 'DRAFT',
    status_label: 'Draft',
    notes: null,
    rejection_reason: null,
    recommendation: null,
    quality: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    payload: p,
    ...over,
  };
}
