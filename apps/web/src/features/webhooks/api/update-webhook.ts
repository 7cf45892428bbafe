/**
 * PUT /api/application/{id}/webhook {url, enabled} -> {data: WebhookEndpoint, message}: saves the
 * endpoint; the first save answers the `whsec_…` secret once in `data.secret` (ARCHITECTURE.md §5,
 * §6.2). A URL the server refuses is a 400 whose `details` name `url` (WEBHOOK_MESSAGES).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpoint } from '@pesan/contracts/webhooks';
import { api } from '../../../lib/api-client.ts';
import { webhookQueryKey, webhookQueryOptions } from './get-webhook.ts';

export interface UpdateWebhookInput {
  applicationId: string;
  url: string;
  enabled: boolean;
}

export interface WebhookEndpointAnswer {
  data: WebhookEndpoint;
  message?: string;
}

export function updateWebhook({ applicationId, url, enabled }: UpdateWebhookInput): Promise<WebhookEndpointAnswer> {
  return api<WebhookEndpointAnswer>(`/api/application/${encodeURIComponent(applicationId)}/webhook`, { method: 'PUT', body: { url, enabled } });
}

export function useUpdateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess: (res, v) => {
      // Keep the secret out of the cache: the section shows it from the mutation answer, once.
      const endpoint: WebhookEndpoint = { ...res.data };
      delete endpoint.secret;
      qc.setQueryData(webhookQueryOptions(v.applicationId).queryKey, endpoint);
      return qc.invalidateQueries({ queryKey: webhookQueryKey(v.applicationId) });
    },
  });
}
