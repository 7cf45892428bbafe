import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

/** Console API routes of organization (ARCHITECTURE.md §5). */
export function organizationRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}
