/**
 * GET /api/auth/session: the signed-in user, or null when anonymous (console.md §4 Session). The
 * server answers an anonymous caller 200 `{data: null}` (issue 23 item 13: no failed request on
 * every anonymous page load); a 401 (an older server) still means anonymous.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@pesan/contracts/auth';
import { api, ApiError } from '../../../lib/api-client.ts';

export async function getSession(): Promise<User | null> {
  try {
    const res = await api<{ data: User | null }>('/api/auth/session', { silent401: true });
    return res.data;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export const sessionQueryKey = ['auth', 'session'] as const;
export const sessionQueryOptions = () => queryOptions({ queryKey: sessionQueryKey, queryFn: getSession, staleTime: 60_000 });
export const useSession = () => useQuery(sessionQueryOptions());
