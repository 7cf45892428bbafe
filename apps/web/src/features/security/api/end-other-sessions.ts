/** DELETE /api/user/sessions (ARCHITECTURE.md §5.1): ends every session of the user but this one; the list refreshes. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionsQueryKey } from './list-sessions.ts';

export async function endOtherSessions(): Promise<void> {
  await api<unknown>('/api/user/sessions', { method: 'DELETE' });
}

export function useEndOtherSessions() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: endOtherSessions, onSettled: () => qc.invalidateQueries({ queryKey: sessionsQueryKey }) });
}
