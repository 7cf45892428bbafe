/**
 * Cross-origin state changes are refused (ARCHITECTURE.md §5): a console call that changes state
 * gets 403 when `Origin` is present and not the origin of PUBLIC_URL, or `Sec-Fetch-Site` is
 * `cross-site`. The SameSite=Lax session cookie is the second layer. /v1 uses bearer tokens and is
 * not subject to this check.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Adds the onRequest guard: non-GET/HEAD/OPTIONS /api calls from a foreign Origin or cross-site get 403 `forbidden`. */
export function registerCsrfGuard(app: FastifyInstance, publicOrigin: string): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    if ((origin && origin !== publicOrigin) || site === 'cross-site') {
      throw new AppError('forbidden', 'Cross-origin request refused');
    }
  });
}
