/**
 * GET /api/wa/template/{id} -> {data: TemplateRow} (templates-dashboard-reports.md §2.1 edit mode,
 * §7.1 "Template detail by id"; contracts wa-template-api.ts). 404 (`Template not found`) for an
 * unknown id or another organization's template.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TemplateRow } from '@pesan/contracts/wa-template-api';
import { api } from '../../../lib/api-client.ts';
import { waTemplatesQueryKey } from './list-templates.ts';

/** The template `id` as the console shows it (with its console payload). Throws ApiError. */
export async function getTemplate(id: string, signal?: AbortSignal): Promise<TemplateRow> {
  const res = await api<{ data: TemplateRow }>(`/api/wa/template/${encodeURIComponent(id)}`, { signal });
  return res.data;
}

/** How old a template or list page may be and still count as fresh when a page opens, ms. */
export const FRESH_ON_OPEN_MS = 10_000;

export const templateQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...waTemplatesQueryKey, 'detail', id],
    queryFn: ({ signal }) => getTemplate(id, signal),
    enabled: Boolean(id),
    // The editor works on a fresh copy: the one its route loader fetched a moment ago counts, an
    // older one is fetched again (issue 28: no second request on first load). A failure is answered
    // by the page (toast and redirect).
    staleTime: FRESH_ON_OPEN_MS,
    retry: false,
  });

export const useTemplate = (id: string | undefined) => useQuery(templateQueryOptions(id ?? ''));
