/**
 * Console API user routes (console.md §7 User: GET, PUT /user/{id}). The caller reads and edits
 * only their own record; another id is a 404.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_MESSAGES, updateUserSchema, userSchema } from '@pesan/contracts/auth';
import type { AppContext } from '../../context.ts';
import { requireUser, signedInOnly } from '../../plugins/session.ts';

const params = z.object({ id: z.string().min(1).max(64) });

/** GET and PUT /api/user/{id} (session required; another id is a 404). Register with prefix '/api'. */
export function userRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/user/:id',
      { onRequest: signedInOnly, schema: { tags: ['user'], summary: 'The caller’s user', params, response: { 200: z.object({ data: userSchema }) } } },
      async (request) => ({ data: await ctx.services.user.getOwnUser(requireUser(request), request.params.id) }),
    );

    app.put(
      '/user/:id',
      {
        onRequest: signedInOnly,
        schema: {
          tags: ['user'],
          summary: 'Change the caller’s full name and avatar (e-mail and phone are read-only)',
          params,
          body: updateUserSchema,
          response: { 200: z.object({ data: userSchema, message: z.string() }) },
        },
      },
      async (request) => ({
        data: await ctx.services.user.updateOwnUser(requireUser(request), request.params.id, request.body),
        message: AUTH_MESSAGES.profileUpdated,
      }),
    );
  };
}
