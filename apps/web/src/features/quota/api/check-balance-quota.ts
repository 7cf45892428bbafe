/**
 * GET /api/application/check/balance-quota/{id} -> {data: {channel: QuotaType[]}}: the quota types
 * at or below their warning threshold (ARCHITECTURE.md §5; console.md §4 'Quota Usage Warning').
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BalanceCheck } from '@pesan/contracts/quota';
import { api } from '../../../lib/api-client.ts';
import { quotaQueryKey } from './get-billing.ts';

export function checkBalanceQuota(applicationId: string, signal?: AbortSignal): Promise<BalanceCheck> {
  return api<{ data: BalanceCheck }>(`/api/application/check/balance-quota/${encodeURIComponent(applicationId)}`, { signal }).then((r) => r.data);
}

export const balanceCheckQueryOptions = (applicationId: string, enabled = true) =>
  queryOptions({
    queryKey: [...quotaQueryKey(applicationId), 'check'],
    queryFn: ({ signal }) => checkBalanceQuota(applicationId, signal),
    enabled: Boolean(applicationId) && enabled,
  });

export const useBalanceCheck = (applicationId: string, enabled = true) => useQuery(balanceCheckQueryOptions(applicationId, enabled));
