/**
 * GET /api/wa/template/check?name&application_id[&exclude_id] -> {data: {available, name}}
 * (templates-dashboard-reports.md §2.3, §5.1 name availability, §7.1; ARCHITECTURE.md §5;
 * contracts templateCheckQuerySchema): whether the (server-sanitised) name is free in the
 * application; `exclude_id` is the template being edited, whose own name does not count.
 * See hooks/use-template-name-check.ts for the debounced check the forms use.
 */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { waTemplatesQueryKey } from './list-templates.ts';

export interface TemplateNameCheckInput {
  /** The name as typed (the server sanitises it the same way sanitizeTemplateName does). */
  name: string;
  application_id: string;
  /** When editing: the template itself. */
  exclude_id?: string;
}

export interface TemplateNameCheckResult {
  available: boolean;
  /** The sanitised name the server checked. */
  name: string;
}

/** Asks whether the name is free. */
export async function checkTemplateName(input: TemplateNameCheckInput, signal?: AbortSignal): Promise<TemplateNameCheckResult> {
  const q = new URLSearchParams({ name: input.name, application_id: input.application_id });
  if (input.exclude_id) q.set('exclude_id', input.exclude_id);
  return (await api<{ data: TemplateNameCheckResult }>(`/api/wa/template/check?${q.toString()}`, { signal })).data;
}

/** Query options of one check (cached for a few seconds: typing back to a checked name asks again only after that). */
export const templateNameCheckQueryOptions = (input: TemplateNameCheckInput) =>
  queryOptions({
    queryKey: [...waTemplatesQueryKey, 'check', input.application_id, input.name, input.exclude_id ?? null],
    queryFn: ({ signal }) => checkTemplateName(input, signal),
    staleTime: 5_000,
    retry: false,
  });
