/**
 * POST /api/wa/delete/template/bulk {template_ids: string[] (1–100)} -> {data: {status: true,
 * deleted: n}} (templates-dashboard-reports.md §2.2 Bulk delete, §4 Bulk selection, §7.1;
 * ARCHITECTURE.md §5; contracts templateBulkDeleteSchema). Success refreshes every list page.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { templateListQueryKey, waTemplatesQueryKey } from './list-templates.ts';

/** Deletes the templates `ids`; resolves to how many the server deleted. */
export async function bulkDeleteTemplates(ids: readonly string[]): Promise<number> {
  const res = await api<{ data: { status: boolean; deleted: number } }>('/api/wa/delete/template/bulk', { body: { template_ids: [...ids] } });
  return res.data.deleted;
}

/** Mutation of bulkDeleteTemplates that forgets the templates' cached details and refreshes the template lists on success. */
export function useBulkDeleteTemplates() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: bulkDeleteTemplates,
    onSuccess: (_d, ids) => {
      for (const id of ids) qc.removeQueries({ queryKey: [...waTemplatesQueryKey, 'detail', id] });
      return qc.invalidateQueries({ queryKey: templateListQueryKey });
    },
  });
}
