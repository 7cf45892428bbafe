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

export const templateQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...waTemplatesQueryKey, 'detail', id],
    queryFn: ({ signal }) => getTemplate(id, signal),
    enabled: Boolean(id),
    // The editor loads a fresh copy; a failure is answered by the page (toast and redirect).
    staleTime: 0,
    retry: false,
  });

export const useTemplate = (id: string | undefined) => useQuery(templateQueryOptions(id ?? ''));
