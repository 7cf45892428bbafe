/**
 * PUT /api/setting/balance-quota/{id} {disable, email_recipient, thresholds: [{type, reminder,
 * threshold?}]} -> {data: QuotaSettings, message} (ARCHITECTURE.md §5; console.md §7: a threshold
 * is sent only when above 0). 400 with the field's message on bad input.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuotaSettings, QuotaSettingsInput } from '@pesan/contracts/quota';
import { api } from '../../../lib/api-client.ts';
import { quotaQueryKey } from './get-billing.ts';

export interface UpdateQuotaSettingsInput extends QuotaSettingsInput {
  applicationId: string;
}

export function updateQuotaSettings({ applicationId, ...body }: UpdateQuotaSettingsInput): Promise<{ data: QuotaSettings; message?: string }> {
  return api<{ data: QuotaSettings; message?: string }>(`/api/setting/balance-quota/${encodeURIComponent(applicationId)}`, { method: 'PUT', body });
}

export function useUpdateQuotaSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateQuotaSettings,
    onSuccess: (res, v) => {
      qc.setQueryData([...quotaQueryKey(v.applicationId), 'settings'], res.data);
      return qc.invalidateQueries({ queryKey: quotaQueryKey(v.applicationId) });
    },
  });
}
