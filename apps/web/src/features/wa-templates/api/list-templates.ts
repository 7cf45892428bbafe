/**
 * POST /api/wa/template/list {application_id[], start_date?, end_date? (YYYY-MM-DD, both or
 * neither), search?, status[], page, limit} -> {data: {docs: TemplateRow[], page, limit, pages,
 * total}} (templates-dashboard-reports.md §3 Template list filter, §7.1; ARCHITECTURE.md §5;
 * contracts/wa-template-api.ts). No application = every application of the organization; no
 * status = every status. The previous page stays on screen while the next one loads.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TemplateListInput, TemplateListResponse } from '@pesan/contracts/wa-template-api';
import { api } from '../../../lib/api-client.ts';

/** Key prefix of everything the template feature caches (lists, name checks). */
export const waTemplatesQueryKey = ['wa-templates'] as const;
/** Key prefix of every template list page (invalidated after a delete or a duplicate). */
export const templateListQueryKey = [...waTemplatesQueryKey, 'list'] as const;

/** The page of the list answer. */
export type TemplateListPage = TemplateListResponse['data'];

/** Fetches one page of templates. */
export async function listTemplates(query: TemplateListInput, signal?: AbortSignal): Promise<TemplateListPage> {
  return (await api<TemplateListResponse>('/api/wa/template/list', { body: query, signal })).data;
}

/**
 * Query options of one list page: the previous page is kept while the next loads; a page fetched
 * in the last 10 s (the route loader's, issue 28) is not asked again on mount.
 */
export const templatesQueryOptions = (query: TemplateListInput) =>
  queryOptions({
    queryKey: [...templateListQueryKey, query],
    queryFn: ({ signal }) => listTemplates(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** The page of templates for `query`. */
export const useTemplates = (query: TemplateListInput) => useQuery(templatesQueryOptions(query));
