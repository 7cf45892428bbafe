/** DELETE /api/user/sessions/{id} (ARCHITECTURE.md §5.1): ends one of the user's other sessions; the list refreshes. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionsQueryKey } from './list-sessions.ts';

export async function endSession(id: string): Promise<void> {
  await api<unknown>(`/api/user/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useEndSession() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: endSession, onSettled: () => qc.invalidateQueries({ queryKey: sessionsQueryKey }) });
}
