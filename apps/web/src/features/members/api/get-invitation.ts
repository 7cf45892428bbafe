/**
 * GET /api/auth/invitation/{token} -> {data: {organization_name, email, role, has_account}}, or 404
 * for a link that is invalid, expired, revoked or used (ARCHITECTURE.md §5.1). No session needed.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvitationInfo } from '@pesan/contracts/teams';
import { api } from '../../../lib/api-client.ts';

export async function getInvitation(token: string, signal?: AbortSignal): Promise<InvitationInfo> {
  const res = await api<{ data: InvitationInfo }>(`/api/auth/invitation/${encodeURIComponent(token)}`, { signal, silent401: true });
  return res.data;
}

export const invitationQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['invitation', token] as const, queryFn: ({ signal }) => getInvitation(token, signal), retry: false, staleTime: 60_000 });

export const useInvitationInfo = (token: string) => useQuery(invitationQueryOptions(token));
