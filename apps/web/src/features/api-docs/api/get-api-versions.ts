/**
 * GET /api/doc/api-version -> {data: {data: ApiVersion[]}} (console.md §3 API version, §7 Docs;
 * contracts/docs.ts): the versions of the API the docs cover, sorted by createdAt here again (the
 * first one is the docs' default version, console.md §2 Docs layout).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiVersion } from '@pesan/contracts/docs';
import { sortApiVersions } from '../utils/menu.ts';
import { docsGet, DOCS_STALE_MS } from './docs-request.ts';

/** Fetches the API versions, oldest first. */
export async function getApiVersions(signal?: AbortSignal): Promise<ApiVersion[]> {
  const res = await docsGet<{ data: { data: ApiVersion[] } }>('/api-version', signal);
  return sortApiVersions(res.data.data);
}

export const apiVersionsQueryOptions = () =>
  queryOptions({ queryKey: ['docs', 'api-versions'], queryFn: ({ signal }) => getApiVersions(signal), staleTime: DOCS_STALE_MS });

/** The API versions, oldest first. */
export const useApiVersions = () => useQuery(apiVersionsQueryOptions());
