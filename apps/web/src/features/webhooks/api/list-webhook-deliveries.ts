/**
 * GET /api/application/{id}/webhook/deliveries?page=&limit= -> {data: WebhookDelivery[], page,
 * limit, pages, total}: delivery attempts, newest first (ARCHITECTURE.md §5, §6.2). While a listed
 * attempt is pending (queued or in flight) the list refetches every DELIVERIES_POLL_MS.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '@pesan/contracts/application';
import type { WebhookDelivery } from '@pesan/contracts/webhooks';
import { api } from '../../../lib/api-client.ts';
import { webhookQueryKey } from './get-webhook.ts';

/** Deliveries per page on the console. */
export const DELIVERIES_PAGE_SIZE = 10;
/** Refetch interval while an attempt is pending, in ms. */
export const DELIVERIES_POLL_MS = 2000;

export function listWebhookDeliveries(applicationId: string, page: number, signal?: AbortSignal): Promise<Paged<WebhookDelivery>> {
  const q = new URLSearchParams({ page: String(page), limit: String(DELIVERIES_PAGE_SIZE) });
  return api<Paged<WebhookDelivery>>(`/api/application/${encodeURIComponent(applicationId)}/webhook/deliveries?${q}`, { signal });
}

export const webhookDeliveriesQueryOptions = (applicationId: string, page: number) =>
  queryOptions({
    queryKey: [...webhookQueryKey(applicationId), 'deliveries', page],
    queryFn: ({ signal }) => listWebhookDeliveries(applicationId, page, signal),
    enabled: Boolean(applicationId),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.data.some((d) => d.status === 'pending') ? DELIVERIES_POLL_MS : false),
  });

export const useWebhookDeliveries = (applicationId: string, page: number) => useQuery(webhookDeliveriesQueryOptions(applicationId, page));
