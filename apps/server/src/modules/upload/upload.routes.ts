import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

/** Console API routes of upload (ARCHITECTURE.md §5). TODO(owner: S1). */
export function uploadRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}
