/** GET /api/organization/invitations -> {data: Invitation[]}: pending invitations (ARCHITECTURE.md §5.1). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invitation } from '@pesan/contracts/teams';
import { api } from '../../../lib/api-client.ts';
import { membersRootKey } from './list-members.ts';

export async function listInvitations(signal?: AbortSignal): Promise<Invitation[]> {
  const res = await api<{ data: Invitation[] }>('/api/organization/invitations', { signal });
  return res.data;
}

export const invitationsQueryKey = [...membersRootKey, 'invitations'] as const;

export const invitationsQueryOptions = (enabled = true) =>
  queryOptions({ queryKey: invitationsQueryKey, queryFn: ({ signal }) => listInvitations(signal), enabled });

/** Only owners and admins may read them (`enabled` false for other roles). */
export const useInvitations = (enabled = true) => useQuery(invitationsQueryOptions(enabled));
