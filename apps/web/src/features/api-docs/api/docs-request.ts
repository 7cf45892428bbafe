/**
 * The docs calls' common options (console.md §7, §11): no session is needed, and the docs client
 * sends `noauth=true` (the server ignores it). A 401 is never an expired session here, so the
 * global sign-out stays out of it.
 */
import { api } from '../../../lib/api-client.ts';

/** GET `path` (under /api/doc) with `noauth=true` added to its query. */
export function docsGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  const url = `/api/doc${path}${path.includes('?') ? '&' : '?'}noauth=true`;
  return api<T>(url, { signal, silent401: true });
}

/** Docs change only when an operator edits them: cached for a few minutes. */
export const DOCS_STALE_MS = 5 * 60_000;
