/**
 * POST /api/application/{id}/webhook/rotate-secret -> {data: WebhookEndpoint with `secret`, message}:
 * a new `whsec_…` secret, answered once; the old one keeps signing for SECRET_OVERLAP_HOURS
 * (ARCHITECTURE.md §5, §6.2). 400 when no endpoint was saved yet.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { webhookQueryKey } from './get-webhook.ts';
import type { WebhookEndpointAnswer } from './update-webhook.ts';

export function rotateWebhookSecret(applicationId: string): Promise<WebhookEndpointAnswer> {
  return api<WebhookEndpointAnswer>(`/api/application/${encodeURIComponent(applicationId)}/webhook/rotate-secret`, { method: 'POST' });
}

export function useRotateWebhookSecret() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: (_res, applicationId) => qc.invalidateQueries({ queryKey: webhookQueryKey(applicationId) }),
  });
}
