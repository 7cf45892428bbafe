/** GET /api/application/{id} -> {data: Application} (console.md §7; 404 for another organization's id). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Application } from '@pesan/contracts/application';
import { api } from '../../../lib/api-client.ts';
import { applicationsQueryKey } from './list-applications.ts';

export async function getApplication(id: string, signal?: AbortSignal): Promise<Application> {
  const res = await api<{ data: Application }>(`/api/application/${encodeURIComponent(id)}`, { signal });
  return res.data;
}

export const applicationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...applicationsQueryKey, 'detail', id],
    queryFn: ({ signal }) => getApplication(id, signal),
    enabled: Boolean(id),
  });

export const useApplication = (id: string | undefined) => useQuery(applicationQueryOptions(id ?? ''));
