/**
 * Console API route of Monitoring records (ARCHITECTURE.md §5 `POST /api/records`: one call for
 * the spec's per-channel record calls, console.md §7 "Monitoring records").
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordDetailResponseSchema, recordsPageSchema, recordsQuerySchema } from '@pesan/contracts/records';
import { can } from '@pesan/contracts/roles';
import type { AppContext } from '../../context.ts';
import { requireOrganization, signedInOnly } from '../../plugins/session.ts';
import { errorResponse } from '../../plugins/openapi.ts';
import { OUTSIDE_RETENTION_RESPONSE } from '../../lib/retention.ts';

/** POST /api/records (session with an organization; another organization's application is a 404). Register with prefix '/api'. */
export function recordsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Anonymous calls get 401 before their body is parsed or validated.
    app.addHook('onRequest', signedInOnly);
    app.post(
      '/records',
      { config: { permission: 'read' },
        schema: {
          tags: ['monitoring'],
          summary: 'Transaction records of one application and channel',
          security: [{ sessionCookie: [] }],
          body: recordsQuerySchema,
          response: { 200: recordsPageSchema, 422: errorResponse(OUTSIDE_RETENTION_RESPONSE) },
        },
      },
      async (request) => {
        const s = requireOrganization(request);
        return ctx.services.records.listRecords(s.organizationId, request.body);
      },
    );
    app.get(
      '/records/:messageId',
      { config: { permission: 'read' },
        schema: {
          tags: ['monitoring'],
          summary: 'One message with its event timeline, accepted body (OTP codes masked; every value hidden for a viewer) and webhook attempts',
          security: [{ sessionCookie: [] }],
          params: z.object({ messageId: z.string() }),
          response: { 200: recordDetailResponseSchema },
        },
      },
      async (request) => {
        const s = requireOrganization(request);
        // §5.1: a role without `messages.body` (a viewer) sees the request body's fields, not their values.
        return { data: await ctx.services.records.getRecord(s.organizationId, request.params.messageId, { hideBody: !can(s.role, 'messages.body') }) };
      },
    );
  };
}
