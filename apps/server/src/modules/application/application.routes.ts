import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

/** Console API routes of application (ARCHITECTURE.md §5). */
export function applicationRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}
