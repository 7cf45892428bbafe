import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

/** Console API routes of user (ARCHITECTURE.md §5). */
export function userRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}
