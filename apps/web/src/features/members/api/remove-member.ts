/**
 * DELETE /api/organization/members/{userId}: removes the member and ends their sessions at once
 * (ARCHITECTURE.md §5.1); the last owner cannot be removed (409).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Member } from '@pesan/contracts/teams';
import { api } from '../../../lib/api-client.ts';
import { membersQueryKey } from './list-members.ts';

export function removeMember(userId: string): Promise<{ message?: string } | undefined> {
  return api(`/api/organization/members/${encodeURIComponent(userId)}`, { method: 'DELETE' });
}

export function useRemoveMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: (_res, userId) => qc.setQueryData<Member[]>(membersQueryKey, (list) => list?.filter((m) => m.user_id !== userId)),
    onSettled: () => qc.invalidateQueries({ queryKey: membersQueryKey }),
  });
}
