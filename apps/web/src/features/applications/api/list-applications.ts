/**
 * POST /api/application/list {channel_id[], search, page, limit} -> {data, page, limit, pages, total}
 * (console.md §2 My Application, §7; ARCHITECTURE.md §5, §7.5).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Application, Paged } from '@pesan/contracts/application';
import type { ChannelId } from '@pesan/contracts/channels';
import { api } from '../../../lib/api-client.ts';

export interface ListApplicationsParams {
  channel_id: ChannelId[];
  search: string;
  page: number;
  limit: number;
}

export function listApplications(params: ListApplicationsParams, signal?: AbortSignal): Promise<Paged<Application>> {
  return api<Paged<Application>>('/api/application/list', { body: params, signal });
}

export const applicationsQueryKey = ['applications'] as const;

export const applicationsListQueryOptions = (params: ListApplicationsParams) =>
  queryOptions({
    queryKey: [...applicationsQueryKey, 'list', params],
    queryFn: ({ signal }) => listApplications(params, signal),
    placeholderData: keepPreviousData,
  });

export const useApplications = (params: ListApplicationsParams) => useQuery(applicationsListQueryOptions(params));
