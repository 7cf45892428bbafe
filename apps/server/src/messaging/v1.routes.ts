import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';

/** Public messaging API /v1 (ARCHITECTURE.md §6). */
export function v1Routes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}
