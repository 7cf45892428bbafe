/** GET /api/organization -> {data: organization | null}: the signed-in user's organization (console.md §7). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Organization } from '@pesan/contracts/organization';
import { api } from '../../../lib/api-client.ts';

export async function getMyOrganization(): Promise<Organization | null> {
  const res = await api<{ data: Organization | null }>('/api/organization');
  return res.data ?? null;
}

export const myOrganizationQueryKey = ['organization', 'mine'] as const;
export const myOrganizationQueryOptions = () => queryOptions({ queryKey: myOrganizationQueryKey, queryFn: getMyOrganization });
export const useMyOrganization = () => useQuery(myOrganizationQueryOptions());
