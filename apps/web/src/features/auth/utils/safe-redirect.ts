/**
 * Where sign-in returns to (issue 10): the page that was asked for, carried as `?redirect=` on
 * /auth/login. Only a same-origin path is ever followed: never an absolute URL, a protocol-relative
 * `//host`, a backslash (`/\host`, which browsers read as `//host`), control characters, or a path
 * that resolves to `//…` (`/.//host`).
 */

/** Query parameter of /auth/login holding the path to return to. */
export const REDIRECT_PARAM = 'redirect';

const BASE = 'http://pesan.invalid';

/**
 * `value` as a safe same-origin path (pathname + search + hash, normalised), or null when it is
 * missing, longer than 2000 characters, not a path starting with one '/', or anything that could
 * leave the origin.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The sign-in page for a visitor who asked for `target`: `/auth/login?redirect=<target>` when the
 * target is a safe path other than the default landing ('/', '/my-application') and not an /auth
 * page; plain `/auth/login` otherwise.
 */
export function loginPathFor(target: string): string {
  const safe = safeRedirectPath(target);
  if (!safe || safe === '/' || safe === '/my-application' || safe.startsWith('/auth/')) return '/auth/login';
  return `/auth/login?${REDIRECT_PARAM}=${encodeURIComponent(safe)}`;
}
