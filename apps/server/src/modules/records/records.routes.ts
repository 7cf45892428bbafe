import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

/** Console API routes of records (ARCHITECTURE.md §5). */
export function recordsRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}
