import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

/** Console API routes of auth (ARCHITECTURE.md §5). */
export function authRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}
