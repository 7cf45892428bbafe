/**
 * POST /api/auth/logout: ends the session server-side (console.md §2 Header Logout). Whatever the
 * answer, the query cache and stored form data are cleared.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { clearStoredFormData } from '../utils/browser-storage.ts';

export async function logout(): Promise<void> {
  await api<unknown>('/api/auth/logout', { method: 'POST', silent401: true });
}

export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      qc.clear();
      clearStoredFormData();
    },
  });
}
