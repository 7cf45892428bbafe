import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

/** Console API routes of token (ARCHITECTURE.md §5). */
export function tokenRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}
