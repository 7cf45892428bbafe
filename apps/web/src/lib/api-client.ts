/**
 * Fetch wrapper for the console API (same origin, session cookie). Every non-2xx answer becomes an
 * ApiError carrying the envelope `{error: {code, message, details, request_id}}` (ARCHITECTURE.md §6).
 * 401 and 5xx are also announced on `apiEvents` so the app can sign out or toast (ARCHITECTURE.md §7.3).
 */
import type { ErrorDetail } from '@pesan/contracts/errors';
import i18n, { currentLanguage } from './i18n.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetail[] = [],
  ) {
    super(message);
  }
  /** Message for one field from `details`, for showing under that field. */
  fieldMessage(path: string): string | undefined {
    return this.details.find((d) => d.path === path)?.message;
  }
}

type ApiEvent = { type: 'unauthorized' | 'server-error'; error: ApiError };
const listeners = new Set<(e: ApiEvent) => void>();
export const apiEvents = {
  subscribe(fn: (e: ApiEvent) => void) {
    listeners.add(fn);
    return () => listeners.delete(fn);
  },
};

export interface RequestOptions {
  method?: string;
  body?: unknown;
  /** Skip the global 401 handling (the session probe and the login call). */
  silent401?: boolean;
  signal?: AbortSignal;
}

async function send(path: string, opts: RequestOptions): Promise<Response> {
  const isForm = opts.body instanceof FormData;
  let res: Response;
  try {
    res = await fetch(path, {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      credentials: 'same-origin',
      // Server messages follow the interface language (ARCHITECTURE.md §10), also before sign-in.
      headers: { 'accept-language': currentLanguage(), ...(opts.body === undefined || isForm ? {} : { 'content-type': 'application/json' }) },
      body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'network_error', i18n.t('common:errors.network'));
  }
  if (res.ok) return res;
  let code = 'http_error';
  let message = res.statusText || i18n.t('common:errors.requestFailed');
  let details: ErrorDetail[] = [];
  try {
    const body = await res.json();
    if (body?.error) {
      code = body.error.code ?? code;
      message = body.error.message ?? message;
      details = body.error.details ?? [];
    }
  } catch {
    /* not JSON */
  }
  const error = new ApiError(res.status, code, message, details);
  if (res.status === 401 && !opts.silent401) listeners.forEach((l) => l({ type: 'unauthorized', error }));
  if (res.status >= 500) listeners.forEach((l) => l({ type: 'server-error', error }));
  throw error;
}

/** JSON call; resolves to the parsed body (undefined for 204). */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await send(path, opts);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Call whose answer is a file: resolves to its Blob and the server's file name. */
export async function apiFile(path: string, opts: RequestOptions = {}): Promise<{ blob: Blob; filename: string | null }> {
  const res = await send(path, opts);
  const cd = res.headers.get('content-disposition') ?? '';
  const m = /filename="?([^";]+)"?/.exec(cd);
  return { blob: await res.blob(), filename: m?.[1] ?? null };
}

/** Saves a Blob as a download named `filename`. */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
