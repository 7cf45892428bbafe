import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

/** Console API routes of terms (ARCHITECTURE.md §5). TODO(owner: S1). */
export function termsRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}
