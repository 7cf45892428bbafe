/**
 * POST /api/application/{id}/webhook/test -> {data: WebhookDelivery, message}: queues a
 * `webhook.test` event to the endpoint (ARCHITECTURE.md §5). 400 when no endpoint is set or it is
 * disabled.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookDelivery } from '@pesan/contracts/webhooks';
import { api } from '../../../lib/api-client.ts';
import { webhookQueryKey } from './get-webhook.ts';

export function sendTestEvent(applicationId: string): Promise<{ data: WebhookDelivery; message?: string }> {
  return api<{ data: WebhookDelivery; message?: string }>(`/api/application/${encodeURIComponent(applicationId)}/webhook/test`, { method: 'POST' });
}

export function useSendTestEvent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: sendTestEvent,
    onSuccess: (_res, applicationId) => qc.invalidateQueries({ queryKey: webhookQueryKey(applicationId) }),
  });
}
