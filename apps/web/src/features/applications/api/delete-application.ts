/**
 * DELETE /api/application/{id} -> 204 (ARCHITECTURE.md §5): soft-deletes the application and
 * revokes its tokens at once (/v1 answers 401 for them); its messages stay for reports. 404 for an
 * unknown or another organization's id.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { applicationsQueryKey } from './list-applications.ts';

/** Deletes application `id`; resolves when the server answered 204. */
export async function deleteApplication(id: string): Promise<void> {
  await api<unknown>(`/api/application/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Mutation of deleteApplication; on success forgets the application's cached detail and refetches the lists. */
export function useDeleteApplication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteApplication,
    onSuccess: (_d, id) => {
      qc.removeQueries({ queryKey: [...applicationsQueryKey, 'detail', id] });
      return qc.invalidateQueries({ queryKey: [...applicationsQueryKey, 'list'] });
    },
  });
}
