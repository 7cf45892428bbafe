/**
 * GET /api/application/{id}/webhook -> {data: WebhookEndpoint}: the application's status webhook
 * endpoint (url, enabled, disabled_reason, disabled_at, previous_secret_expires_at,
 * require_signature), never its secret (ARCHITECTURE.md §5, §6.2; 404 for another organization).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookEndpoint } from '@pesan/contracts/webhooks';
import { api } from '../../../lib/api-client.ts';

export async function getWebhook(applicationId: string, signal?: AbortSignal): Promise<WebhookEndpoint> {
  const res = await api<{ data: WebhookEndpoint }>(`/api/application/${encodeURIComponent(applicationId)}/webhook`, { signal });
  return res.data;
}

/** Key of everything webhook-related of one application (endpoint and deliveries). */
export const webhookQueryKey = (applicationId: string) => ['webhook', applicationId] as const;

export const webhookQueryOptions = (applicationId: string) =>
  queryOptions({
    queryKey: [...webhookQueryKey(applicationId), 'endpoint'],
    queryFn: ({ signal }) => getWebhook(applicationId, signal),
    enabled: Boolean(applicationId),
  });

export const useWebhook = (applicationId: string) => useQuery(webhookQueryOptions(applicationId));
