/**
 * GET /api/setting/balance-quota/{id} -> {data: {application_id, disable, email_recipient,
 * thresholds: [{type, reminder, threshold, remain_quota}]}} (ARCHITECTURE.md §5; console.md §3
 * Quota threshold settings). Every quota type is listed; thresholds in the panel's units.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuotaSettings } from '@pesan/contracts/quota';
import { api } from '../../../lib/api-client.ts';
import { quotaQueryKey } from './get-billing.ts';

export function getQuotaSettings(applicationId: string, signal?: AbortSignal): Promise<QuotaSettings> {
  return api<{ data: QuotaSettings }>(`/api/setting/balance-quota/${encodeURIComponent(applicationId)}`, { signal }).then((r) => r.data);
}

export const quotaSettingsQueryOptions = (applicationId: string) =>
  queryOptions({
    queryKey: [...quotaQueryKey(applicationId), 'settings'],
    queryFn: ({ signal }) => getQuotaSettings(applicationId, signal),
    enabled: Boolean(applicationId),
  });

export const useQuotaSettings = (applicationId: string) => useQuery(quotaSettingsQueryOptions(applicationId));
