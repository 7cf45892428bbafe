/** Shared fixtures of the report component tests: JSON answers, a report row, the applications and a fake API. */
import { vi } from 'vitest';
import type { ReportRow } from '@pesan/contracts/reports';

/** A fetch Response with `body` as JSON. */
export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A done SMS CSV report of application a1 named `name`, with `over` applied. */
export function reportRow(id: string, over: Partial<ReportRow> = {}): ReportRow {
  return {
    _id: id,
    name: `report_${id}`,
    application_id: 'a1',
    application_name: 'Toko Rina',
    channel: 'sms',
    type: 'csv',
    status: 'done',
    statuses: [],
    search: null,
    start_date: '2026-03-01',
    end_date: '2026-03-07',
    data_processed: 120,
    total_data: 120,
    additional_info: { reason: null },
    url: `/api/report/${id}/download`,
    created_at: '2026-03-15T03:04:05Z',
    updated_at: '2026-03-15T03:04:09Z',
    finished_at: '2026-03-15T03:04:09Z',
    ...over,
  };
}

const app = (id: string, name: string, channels: string[]) => ({
  id, application_name: name, organization_id: 'o', user_id: 'u', billing_type: 'post-paid', require_signature: false,
  created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
  channels: channels.map((c) => ({ channel: c, channel_name: c })),
});

/** Two applications: a1 'Toko Rina' (SMS, Email) and a2 'Kurir Cepat' (WhatsApp). */
export const APPS = [app('a1', 'Toko Rina', ['sms', 'email']), app('a2', 'Kurir Cepat', ['whatsapp'])];

/** The answer of the application list with `apps`. */
export const appsAnswer = (apps: unknown[] = APPS) => json({ data: apps, page: 1, limit: 100, pages: 1, total: apps.length });

/** A list page of `rows`. */
export const pageAnswer = (rows: ReportRow[], over: { page?: number; total?: number; pages?: number } = {}) =>
  json({ data: rows, page: over.page ?? 1, limit: 10, pages: over.pages ?? 1, total: over.total ?? rows.length });

export type Handler = (body: Record<string, unknown>) => Response | Promise<Response>;

/** Stubs fetch with 'METHOD path' -> handler; returns the calls made, with their bodies. */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: { key: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${String(input).split('?')[0]}`;
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      calls.push({ key, body });
      const handler = routes[key];
      return handler ? handler(body) : json({ error: { code: 'not_found', message: `no fake for ${key}` } }, 404);
    }),
  );
  return calls;
}

/** Fake-API keys of the calls the page makes. */
export const LIST = 'POST /api/report/list/generate-report';
export const GENERATE = 'POST /api/report/generate-report';
export const APPS_LIST = 'POST /api/application/list';
