/**
 * GET answers the boot script (app/boot.ts) asked for before the app loaded (issue 10): each is
 * used at most once, within seconds of the page load, by the first request of the same path.
 */
import { EARLY_FETCH_KEY } from './boot.ts';

const early = () => (globalThis as unknown as Record<string, Map<string, Promise<Response | undefined>> | undefined>)[EARLY_FETCH_KEY];

/**
 * The early answer to GET `path` mapped by `read`, or `fallback()` (a normal request, with the
 * app's error handling) when there is none, it failed, or `read` gives undefined for it (an
 * unexpected status) or throws.
 */
export async function fromEarlyFetch<T>(path: string, read: (res: Response) => Promise<T> | undefined, fallback: () => Promise<T>): Promise<T> {
  const pending = early()?.get(path);
  early()?.delete(path);
  const res = pending && (await pending);
  const value = res ? read(res) : undefined;
  if (value) {
    try {
      return await value;
    } catch {
      /* not the JSON expected: ask again */
    }
  } else if (res && !res.bodyUsed) void res.body?.cancel().catch(() => undefined);
  return fallback();
}

/** `read` for a `{data}` answer: its data when 2xx. */
export const readData = <T>(res: Response): Promise<T> | undefined => (res.ok ? res.json().then((body: { data: T }) => body.data) : undefined);
