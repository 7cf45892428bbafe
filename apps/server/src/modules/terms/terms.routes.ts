/**
 * Console API terms routes (console.md §7 User: GET and POST
 * /user/agreement-tnc/{userId}?check=true&pp_version=1.9&tnc_version=1.2.2; POST has no body).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_MESSAGES, termsQuerySchema } from '@pesan/contracts/auth';
import type { AppContext } from '../../context.ts';
import { requireUser, signedInOnly } from '../../plugins/session.ts';

const params = z.object({ userId: z.string().min(1).max(64) });

/** GET and POST /api/user/agreement-tnc/{userId} (session required; another id is a 404). Register with prefix '/api'. */
export function termsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/user/agreement-tnc/:userId',
      {
        onRequest: signedInOnly,
        schema: {
          tags: ['terms'],
          summary: 'Whether the caller accepted the current terms',
          params,
          querystring: termsQuerySchema,
          response: { 200: z.object({ data: z.object({ tnc_accept: z.boolean() }) }) },
        },
      },
      async (request) => ({ data: { tnc_accept: await ctx.services.terms.termsAccepted(requireUser(request), request.params.userId, request.query) } }),
    );

    app.post(
      '/user/agreement-tnc/:userId',
      {
        onRequest: signedInOnly,
        schema: {
          tags: ['terms'],
          summary: 'Accept the current terms',
          params,
          querystring: termsQuerySchema,
          response: { 200: z.object({ data: z.object({ tnc_accept: z.literal(true) }), message: z.string() }) },
        },
      },
      async (request) => {
        await ctx.services.terms.acceptTerms(requireUser(request), request.params.userId, request.query);
        return { data: { tnc_accept: true as const }, message: AUTH_MESSAGES.termsSubmitted };
      },
    );
  };
}
