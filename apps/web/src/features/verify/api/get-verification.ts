/**
 * GET /api/verifications/{id} -> {data: VerificationTimeline}: one Verify verification (issue 27;
 * ARCHITECTURE.md §6.4; contracts/verify-console.ts) with its timeline, oldest first (`started`,
 * one `sent` per message that carried a code, with its message id, then how it closed). Never the
 * code. 404 for an unknown id or another organization's. While the verification is pending it
 * refetches every VERIFICATION_POLL_MS.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VerificationTimeline } from '@pesan/contracts/verify-console';
import { api } from '../../../lib/api-client.ts';

/** Refetch interval of a pending verification's page, in ms. */
export const VERIFICATION_POLL_MS = 5000;

export async function getVerification(id: string, signal?: AbortSignal): Promise<VerificationTimeline> {
  return (await api<{ data: VerificationTimeline }>(`/api/verifications/${encodeURIComponent(id)}`, { signal })).data;
}

export const verificationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['verify', 'verification', id],
    queryFn: ({ signal }) => getVerification(id, signal),
    enabled: Boolean(id),
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? VERIFICATION_POLL_MS : false),
  });

export const useVerification = (id: string | undefined) => useQuery(verificationQueryOptions(id ?? ''));
