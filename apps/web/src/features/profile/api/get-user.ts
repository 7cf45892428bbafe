/** GET /api/user/:id -> {data: user} (console.md §7 User). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@pesan/contracts/auth';
import { api } from '../../../lib/api-client.ts';

export async function getUser(id: string): Promise<User> {
  const res = await api<{ data: User }>(`/api/user/${encodeURIComponent(id)}`);
  return res.data;
}

export const userQueryKey = (id: string) => ['user', id] as const;
export const userQueryOptions = (id: string) => queryOptions({ queryKey: userQueryKey(id), queryFn: () => getUser(id) });
export const useUser = (id: string) => useQuery(userQueryOptions(id));
