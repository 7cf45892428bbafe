/**
 * PUT /api/wa/template/duplicate/{id} -> 201 {data: TemplateRow}: a Draft copy of the template
 * (templates-dashboard-reports.md §2.2 row action Duplicate, §7.1, §8; ARCHITECTURE.md §5).
 * Success refreshes every list page (the copy is the newest template).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TemplateRow } from '@pesan/contracts/wa-template-api';
import { api } from '../../../lib/api-client.ts';
import { templateListQueryKey } from './list-templates.ts';

/** Duplicates template `id`; resolves to the new Draft. */
export async function duplicateTemplate(id: string): Promise<TemplateRow> {
  return (await api<{ data: TemplateRow }>(`/api/wa/template/duplicate/${encodeURIComponent(id)}`, { method: 'PUT' })).data;
}

/** Mutation of duplicateTemplate that refreshes the template lists on success. */
export function useDuplicateTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: duplicateTemplate,
    onSuccess: () => qc.invalidateQueries({ queryKey: templateListQueryKey }),
  });
}
