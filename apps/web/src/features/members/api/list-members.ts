/** GET /api/organization/members -> {data: Member[]}: the organization's members (ARCHITECTURE.md §5.1). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Member } from '@pesan/contracts/teams';
import { api } from '../../../lib/api-client.ts';

export async function listMembers(signal?: AbortSignal): Promise<Member[]> {
  const res = await api<{ data: Member[] }>('/api/organization/members', { signal });
  return res.data;
}

/** Key of everything about members and invitations. */
export const membersRootKey = ['members'] as const;
export const membersQueryKey = [...membersRootKey, 'list'] as const;

export const membersQueryOptions = () => queryOptions({ queryKey: membersQueryKey, queryFn: ({ signal }) => listMembers(signal) });

export const useMembers = () => useQuery(membersQueryOptions());
