/**
 * GET /api/records/{messageId} -> {data: RecordDetail}: one message with its event timeline (oldest
 * first), the request body as accepted (masked by the server) and its webhook attempts
 * (ARCHITECTURE.md §5; issue 9 message detail). 404 for an unknown id or another organization's.
 * While the message's status can still change the detail refetches every RECORD_POLL_MS.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecordDetail } from '@pesan/contracts/records';
import { api } from '../../../lib/api-client.ts';
import { PENDING_STATUSES } from './list-records.ts';

/** Refetch interval of an open message detail whose status is not final, in ms. */
export const RECORD_POLL_MS = 2000;

export async function getRecord(messageId: string, signal?: AbortSignal): Promise<RecordDetail> {
  const res = await api<{ data: RecordDetail }>(`/api/records/${encodeURIComponent(messageId)}`, { signal });
  return res.data;
}

export const recordQueryOptions = (messageId: string) =>
  queryOptions({
    queryKey: ['records', 'detail', messageId],
    queryFn: ({ signal }) => getRecord(messageId, signal),
    enabled: Boolean(messageId),
    staleTime: 0,
    refetchInterval: (q) => (q.state.data && PENDING_STATUSES.includes(q.state.data.status) ? RECORD_POLL_MS : false),
  });

/** `poll` false: no interval (the live stream refetches it on a change of its message). */
export const useRecord = (messageId: string | null, poll = true) => useQuery({ ...recordQueryOptions(messageId ?? ''), ...(poll ? {} : { refetchInterval: false }) });
