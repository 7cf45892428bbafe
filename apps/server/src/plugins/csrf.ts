/**
 * Cross-origin state changes are refused (ARCHITECTURE.md §5): a console call that changes state
 * gets 403 when `Origin` is present and not the origin of PUBLIC_URL, or `Sec-Fetch-Site` is
 * `cross-site`. The SameSite=Lax session cookie is the second layer. /v1 uses bearer tokens and is
 * not subject to this check. When PUBLIC_URL's host is `localhost`, its loopback aliases
 * (127.0.0.1, [::1]) on the same port count as the same origin, so a newcomer who opens
 * http://127.0.0.1:3000 can still sign in.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { SERVER_MESSAGES } from '@pesan/contracts/server-messages';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Adds the onRequest guard: non-GET/HEAD/OPTIONS /api calls from a foreign Origin or cross-site get 403 `forbidden`. */
export function registerCsrfGuard(app: FastifyInstance, publicOrigin: string): void {
  const allowed = allowedOrigins(publicOrigin);
  app.addHook('onRequest', async (request) => {
    if (SAFE.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    if ((origin && !allowed.has(origin)) || site === 'cross-site') {
      throw new AppError('forbidden', SERVER_MESSAGES.crossOriginRefused);
    }
  });
}

/** PUBLIC_URL's origin, plus its loopback aliases when its host is `localhost`. */
export function allowedOrigins(publicOrigin: string): Set<string> {
  const url = new URL(publicOrigin);
  const origins = new Set([url.origin]);
  if (url.hostname === 'localhost') {
    const port = url.port ? `:${url.port}` : '';
    origins.add(`${url.protocol}//127.0.0.1${port}`);
    origins.add(`${url.protocol}//[::1]${port}`);
  }
  return origins;
}
