/**
 * GET /api/user/agreement-tnc/:userId?check=true&pp_version=1.9&tnc_version=1.2.2
 * -> {data: {tnc_accept}} (console.md §4 Terms, §7 User, §9 versions).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { TERMS_VERSIONS } from '@pesan/contracts/terms';
import { api } from '../../../lib/api-client.ts';

/** The query string of both terms calls. */
export const termsQueryString = () => new URLSearchParams({ check: 'true', ...TERMS_VERSIONS }).toString();

export async function checkTerms(userId: string): Promise<boolean> {
  const res = await api<{ data: { tnc_accept: boolean } }>(`/api/user/agreement-tnc/${encodeURIComponent(userId)}?${termsQueryString()}`);
  return res.data.tnc_accept;
}

export const termsQueryKey = (userId: string) => ['terms', userId, TERMS_VERSIONS.pp_version, TERMS_VERSIONS.tnc_version] as const;
export const termsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: termsQueryKey(userId), queryFn: () => checkTerms(userId), staleTime: Infinity });
export const useTermsAccepted = (userId: string) => useQuery(termsQueryOptions(userId));
