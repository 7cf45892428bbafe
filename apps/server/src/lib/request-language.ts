/**
 * The language of a request's answer (ARCHITECTURE.md §10, issue 15): the signed-in user's saved
 * choice, else the `Accept-Language` header, else English. /v1 calls carry no session, so only
 * their header counts.
 */
import type { FastifyRequest } from 'fastify';
import { isUiLanguage, pickLanguage, type UiLanguage } from '@pesan/contracts/ui-language';

/** 'en' or 'id' for `request` (see the module comment). */
export function requestLanguage(request: Pick<FastifyRequest, 'headers' | 'session'>): UiLanguage {
  const saved = request.session?.language;
  if (isUiLanguage(saved)) return saved;
  return pickLanguage(request.headers['accept-language']) ?? 'en';
}
