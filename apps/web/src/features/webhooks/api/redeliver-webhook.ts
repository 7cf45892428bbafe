/**
 * POST /api/application/{id}/webhook/deliveries/{deliveryId}/redeliver -> {data: WebhookDelivery,
 * message}: sends the attempt's event again as a new attempt with the same `webhook-id`
 * (ARCHITECTURE.md §5, §6.2). 404 for an unknown attempt; 400 when the endpoint is not enabled.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookDelivery } from '@pesan/contracts/webhooks';
import { api } from '../../../lib/api-client.ts';
import { webhookQueryKey } from './get-webhook.ts';

export interface RedeliverWebhookInput {
  applicationId: string;
  deliveryId: string;
}

export function redeliverWebhook({ applicationId, deliveryId }: RedeliverWebhookInput): Promise<{ data: WebhookDelivery; message?: string }> {
  return api<{ data: WebhookDelivery; message?: string }>(
    `/api/application/${encodeURIComponent(applicationId)}/webhook/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
    { method: 'POST' },
  );
}

export function useRedeliverWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: redeliverWebhook,
    onSuccess: (_res, v) => qc.invalidateQueries({ queryKey: webhookQueryKey(v.applicationId) }),
  });
}
