/**
 * GET /api/doc/description/title/{titleId} -> {data: {data: DocDescription}} (console.md §3 Doc
 * description, §7 Docs; contracts/docs.ts): one page of the docs, by the id of its menu child.
 * An unknown page answers 404 (ApiError with status 404; like every 4xx, not retried).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DocDescription } from '@pesan/contracts/docs';
import { ApiError } from '../../../lib/api-client.ts';
import { docsGet, DOCS_STALE_MS } from './docs-request.ts';

/** Fetches the page whose menu child is `titleId`. */
export async function getDocDescription(titleId: string, signal?: AbortSignal): Promise<DocDescription> {
  const res = await docsGet<{ data: { data: DocDescription } }>(`/description/title/${encodeURIComponent(titleId)}`, signal);
  return res.data.data;
}

/** Whether `error` says the page does not exist. */
export const isDocNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

export const docDescriptionQueryOptions = (titleId: string) =>
  queryOptions({
    queryKey: ['docs', 'description', titleId],
    queryFn: ({ signal }) => getDocDescription(titleId, signal),
    staleTime: DOCS_STALE_MS,
  });

/** The page of menu child `titleId`; idle while `titleId` is null. */
export const useDocDescription = (titleId: string | null) =>
  useQuery({ ...docDescriptionQueryOptions(titleId ?? ''), enabled: titleId !== null });
