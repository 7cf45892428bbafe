/**
 * The caller's sessions (ARCHITECTURE.md §5.1 Security page): list, end one, end every other.
 * HTTP only: rules in user-sessions.service.ts. Self-service (signed in, no role permission).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionInfoSchema, TEAMS_MESSAGES } from '@pesan/contracts/teams';
import type { AppContext } from '../../context.ts';
import { requireUser, SESSION_COOKIE, signedInOnly } from '../../plugins/session.ts';
import { authClient } from './auth.routes.ts';

/** GET /api/user/sessions, DELETE /api/user/sessions/{id}, DELETE /api/user/sessions. Register with prefix '/api'. */
export function sessionsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/user/sessions',
      {
        onRequest: signedInOnly,
        schema: {
          tags: ['user'],
          summary: "The caller's live sessions (device, IP, created, last seen; `current` marks this one), most recently seen first",
          response: { 200: z.object({ data: z.array(sessionInfoSchema) }) },
        },
      },
      async (request) => ({ data: await ctx.services.sessions.listOwnSessions(requireUser(request)) }),
    );

    app.delete(
      '/user/sessions/:id',
      {
        onRequest: signedInOnly,
        schema: {
          tags: ['user'],
          summary: "End one of the caller's sessions by its id from the list (its cookie gets 401 at once; ending the current one signs out); 404 for any other id",
          params: z.object({ id: z.string().min(1).max(64) }),
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request, reply) => {
        const { current } = await ctx.services.sessions.revokeOwnSession(requireUser(request), request.params.id, authClient(request));
        if (current) reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return { message: TEAMS_MESSAGES.sessionRevoked };
      },
    );

    app.delete(
      '/user/sessions',
      {
        onRequest: signedInOnly,
        schema: {
          tags: ['user'],
          summary: "End every session of the caller but this one",
          response: { 200: z.object({ data: z.object({ revoked: z.number().int() }), message: z.string() }) },
        },
      },
      async (request) => ({
        data: await ctx.services.sessions.revokeOtherSessions(requireUser(request), authClient(request)),
        message: TEAMS_MESSAGES.otherSessionsRevoked,
      }),
    );
  };
}
