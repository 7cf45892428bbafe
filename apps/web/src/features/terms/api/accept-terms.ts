/** POST /api/user/agreement-tnc/:userId with the same query and no body: records acceptance (console.md §4 Terms). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { termsQueryKey, termsQueryString } from './check-terms.ts';

export function acceptTerms(userId: string): Promise<{ data?: { tnc_accept: boolean } }> {
  return api(`/api/user/agreement-tnc/${encodeURIComponent(userId)}?${termsQueryString()}`, { method: 'POST' });
}

export function useAcceptTerms(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => acceptTerms(userId),
    onSuccess: () => qc.setQueryData(termsQueryKey(userId), true),
  });
}
