/**
 * GET /api/user/sessions -> {data: [{id, created_at, last_seen_at, ip, user_agent, current}]}
 * (ARCHITECTURE.md §5.1): the signed-in user's open sessions, this one marked `current`.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionInfo } from '@pesan/contracts/teams';
import { api } from '../../../lib/api-client.ts';

export async function listSessions(): Promise<SessionInfo[]> {
  return (await api<{ data: SessionInfo[] }>('/api/user/sessions')).data;
}

export const sessionsQueryKey = ['security', 'sessions'] as const;
export const sessionsQueryOptions = () => queryOptions({ queryKey: sessionsQueryKey, queryFn: listSessions, staleTime: 10_000 });
export const useSessions = () => useQuery(sessionsQueryOptions());
