/**
 * GET /api/organization/members -> {data: [{user_id, full_name, email, …}]}: the members offered
 * in the audit log's Member filter (ARCHITECTURE.md §5.1).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Member } from '@pesan/contracts/teams';
import { api } from '../../../lib/api-client.ts';

export type Actor = Pick<Member, 'user_id' | 'full_name' | 'email'>;

export async function listActors(signal?: AbortSignal): Promise<Actor[]> {
  const res = await api<{ data: Member[] }>('/api/organization/members', { signal });
  return res.data.map(({ user_id, full_name, email }) => ({ user_id, full_name, email }));
}

export const actorsQueryOptions = (enabled = true) =>
  queryOptions({ queryKey: ['audit-log', 'actors'] as const, queryFn: ({ signal }) => listActors(signal), staleTime: 60_000, enabled });

export const useActors = (enabled = true) => useQuery(actorsQueryOptions(enabled));
