/**
 * GET /api/doc/menu?include=["titles"] -> {data: DocMenuItem[]} (console.md §3 Doc menu item, §7
 * Docs; contracts/docs.ts): the groups of the docs' sidebar with their pages (children) of every
 * API version. The sidebar sorts and filters them (utils/menu.ts).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DocMenuItem } from '@pesan/contracts/docs';
import { docsGet, DOCS_STALE_MS } from './docs-request.ts';

/** Fetches the docs menu, children included. */
export async function getDocMenu(signal?: AbortSignal): Promise<DocMenuItem[]> {
  const res = await docsGet<{ data: DocMenuItem[] }>(`/menu?include=${encodeURIComponent('["titles"]')}`, signal);
  return res.data;
}

export const docMenuQueryOptions = () =>
  queryOptions({ queryKey: ['docs', 'menu'], queryFn: ({ signal }) => getDocMenu(signal), staleTime: DOCS_STALE_MS });

/** The docs menu (groups with their children). */
export const useDocMenu = () => useQuery(docMenuQueryOptions());
