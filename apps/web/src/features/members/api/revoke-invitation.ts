/** DELETE /api/organization/invitations/{id}: revokes a pending invitation; its link stops working (ARCHITECTURE.md §5.1). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invitation } from '@pesan/contracts/teams';
import { api } from '../../../lib/api-client.ts';
import { invitationsQueryKey } from './list-invitations.ts';

export function revokeInvitation(id: string): Promise<{ message?: string } | undefined> {
  return api(`/api/organization/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRevokeInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: (_res, id) => qc.setQueryData<Invitation[]>(invitationsQueryKey, (list) => list?.filter((i) => i.id !== id)),
    onSettled: () => qc.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
}
