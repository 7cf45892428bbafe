/**
 * GET /api/application/billing/{id} -> {data: {billing_type, remaining_quota: [{type, quota, usage,
 * quota_type}]}} (ARCHITECTURE.md §5; console.md §3 Remaining quota entry: a call entry's quota is
 * in minutes, 'menit'). 404 for another organization's application.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingAnswer } from '@pesan/contracts/quota';
import { api } from '../../../lib/api-client.ts';

export function getBilling(applicationId: string, signal?: AbortSignal): Promise<BillingAnswer> {
  return api<{ data: BillingAnswer }>(`/api/application/billing/${encodeURIComponent(applicationId)}`, { signal }).then((r) => r.data);
}

/** Key of everything quota-related of one application (billing, check, settings). */
export const quotaQueryKey = (applicationId: string) => ['quota', applicationId] as const;

export const billingQueryOptions = (applicationId: string) =>
  queryOptions({
    queryKey: [...quotaQueryKey(applicationId), 'billing'],
    queryFn: ({ signal }) => getBilling(applicationId, signal),
    enabled: Boolean(applicationId),
  });

export const useBilling = (applicationId: string) => useQuery(billingQueryOptions(applicationId));
