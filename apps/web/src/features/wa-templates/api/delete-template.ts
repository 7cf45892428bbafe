/**
 * DELETE /api/wa/template/{id} -> {data: {status: true}} (templates-dashboard-reports.md §2.2 row
 * action Delete, §7.1, §8; ARCHITECTURE.md §5). 404 for an unknown or another organization's
 * template; the server's message is shown as 'Error!' (§8). Success refreshes every list page.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { templateListQueryKey, waTemplatesQueryKey } from './list-templates.ts';

/** Deletes template `id`; resolves once the server confirmed. */
export async function deleteTemplate(id: string): Promise<void> {
  await api<unknown>(`/api/wa/template/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Mutation of deleteTemplate that forgets the template's cached detail and refreshes the template lists on success. */
export function useDeleteTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: (_d, id) => {
      qc.removeQueries({ queryKey: [...waTemplatesQueryKey, 'detail', id] });
      return qc.invalidateQueries({ queryKey: templateListQueryKey });
    },
  });
}
