/**
 * Fixtures of the template component tests: template rows of every status, the applications, list
 * answers and a fake API at the fetch level (the api-client's `fetch`), keyed 'METHOD /path'.
 */
import { vi } from 'vitest';
import type { TemplateRow } from '@pesan/contracts/wa-template-api';
import { TEMPLATE_STATUS_LABELS, type TemplateStatus } from '@pesan/contracts/wa-template-status';

/** A fetch Response with `body` as JSON. */
export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** An error answer in the console API's envelope. */
export const apiError = (status: number, message: string, code = 'bad_request') => json({ error: { code, message, details: [] } }, status);

/** A marketing template of application a1 in `status`, with a formatted body, a text header, a footer and two buttons. */
export function templateRow(id: string, status: TemplateStatus = 'APPROVED', over: Partial<TemplateRow> = {}): TemplateRow {
  return {
    _id: id,
    template_code_id: `TPL-${id.toUpperCase()}`,
    application_id: 'a1',
    application_name: 'Toko Rina',
    template_name: `promo_${id}`,
    language: 'en_US',
    template_category: 'MARKETING',
    status,
    status_label: TEMPLATE_STATUS_LABELS[status],
    notes: status === 'REJECTED' ? 'INVALID_FORMAT: Body must not end with a variable' : null,
    rejection_reason: status === 'REJECTED' ? 'INVALID_FORMAT' : null,
    recommendation: status === 'REJECTED' ? 'Body must not end with a variable' : null,
    quality: null,
    created_at: '2026-03-15T03:04:05Z',
    updated_at: '2026-03-15T03:04:05Z',
    payload: {
      template_name: `promo_${id}`,
      template_category: 'MARKETING',
      language: 'en_US',
      source: 'api',
      header: { type: 'text', text: { body: 'Hello {{1}}' }, variable: [{ name: '1', value: 'Budi' }] },
      body: { text: 'Get *50% off* with _code_ ~OLD~ ```SAVE50``` until {{1}} now', variable: [{ name: '1', value: 'Sunday' }] },
      footer: { type: 'text', text: { body: 'Reply STOP to opt out' } },
      button: [
        { type: 'QUICK_REPLY', text: 'Yes please', section: 'quick_reply', button_index: 0, order: 0, button_info: {} },
        { type: 'URL', text: 'Shop now', section: 'cta', button_index: 1, order: 1, url_type: 'static', button_info: { url: 'https://example.com' } },
      ],
    },
    ...over,
  };
}

const app = (id: string, name: string, senderName?: string) => ({
  id,
  application_name: name,
  organization_id: 'o',
  user_id: 'u',
  billing_type: 'post-paid',
  require_signature: false,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  channels: [{ channel: 'whatsapp', channel_name: 'Whatsapp', ...(senderName ? { senderName } : {}) }],
});

/** Two applications: a1 'Toko Rina' (WhatsApp sender 'RINA') and a2 'Kurir Cepat' (no sender name). */
export const APPS = [app('a1', 'Toko Rina', 'RINA'), app('a2', 'Kurir Cepat')];

/** The application list answer. */
export const appsAnswer = (apps: unknown[] = APPS) => json({ data: apps, page: 1, limit: 100, pages: 1, total: apps.length });

/** A template list page of `rows`. */
export const pageAnswer = (rows: TemplateRow[], over: { page?: number; total?: number; pages?: number } = {}) =>
  json({ data: { docs: rows, page: over.page ?? 1, limit: 10, pages: over.pages ?? 1, total: over.total ?? rows.length } });

/** A handler gets the JSON body (POST/PUT) and the query parameters. */
export type Handler = (body: Record<string, unknown>, query: URLSearchParams, path: string) => Response | Promise<Response>;

export interface FakeCall {
  key: string;
  path: string;
  body: Record<string, unknown>;
  query: URLSearchParams;
}

/**
 * Stubs fetch with 'METHOD /path' -> handler; a key ending in '/*' matches any path under it.
 * Returns the calls made.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const key = `${method} ${url.pathname}`;
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      calls.push({ key, path: url.pathname, body, query: url.searchParams });
      const handler =
        routes[key] ??
        Object.entries(routes).find(([k]) => k.endsWith('/*') && key.startsWith(k.slice(0, -1)))?.[1];
      return handler ? handler(body, url.searchParams, url.pathname) : apiError(404, `no fake for ${key}`, 'not_found');
    }),
  );
  return calls;
}

/** Fake-API keys of the calls the list makes. */
export const LIST = 'POST /api/wa/template/list';
export const APPS_LIST = 'POST /api/application/list';
export const CHECK = 'GET /api/wa/template/check';
export const BULK = 'POST /api/wa/delete/template/bulk';
