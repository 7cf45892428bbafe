/**
 * PUT /api/organization/members/{userId} {role} -> {data: Member}: changes a member's role
 * (ARCHITECTURE.md §5.1). Refused: the last owner (409), an owner touched by an admin or one's own
 * row (403). The list is updated from the answer, then refetched.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Member, Role } from '@pesan/contracts/teams';
import { api } from '../../../lib/api-client.ts';
import { membersQueryKey } from './list-members.ts';

export interface UpdateMemberInput {
  userId: string;
  role: Role;
}

export function updateMember({ userId, role }: UpdateMemberInput): Promise<{ data: Member; message?: string }> {
  return api(`/api/organization/members/${encodeURIComponent(userId)}`, { method: 'PUT', body: { role } });
}

export function useUpdateMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    onSuccess: (res, v) => {
      qc.setQueryData<Member[]>(membersQueryKey, (list) => list?.map((m) => (m.user_id === v.userId ? { ...m, ...res?.data, role: res?.data?.role ?? v.role } : m)));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: membersQueryKey }),
  });
}
