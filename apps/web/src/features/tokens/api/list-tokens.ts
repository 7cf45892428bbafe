/**
 * GET /api/application/{id}/tokens -> {data: [{channel, status, id, updated_at}]}: the current token
 * per channel (console.md §2 Application details, §4 token status). Never holds key material.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TokenStatus } from '@pesan/contracts/application';
import type { ChannelId } from '@pesan/contracts/channels';
import { api } from '../../../lib/api-client.ts';

export interface TokenRow {
  channel: ChannelId;
  status?: TokenStatus | string | null;
  is_revoke?: boolean | null;
  id?: string | null;
  updated_at?: string | null;
}

export async function listTokens(applicationId: string, signal?: AbortSignal): Promise<TokenRow[]> {
  const res = await api<{ data: TokenRow[] }>(`/api/application/${encodeURIComponent(applicationId)}/tokens`, { signal });
  return res.data;
}

export const tokensQueryKey = (applicationId: string) => ['tokens', applicationId] as const;

export const tokensQueryOptions = (applicationId: string) =>
  queryOptions({ queryKey: tokensQueryKey(applicationId), queryFn: ({ signal }) => listTokens(applicationId, signal), enabled: Boolean(applicationId) });

export const useTokens = (applicationId: string) => useQuery(tokensQueryOptions(applicationId));
