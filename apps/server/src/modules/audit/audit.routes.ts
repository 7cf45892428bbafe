/**
 * Console API routes of the audit log (ARCHITECTURE.md §5.1): the list and its CSV download, for
 * owners and admins ('audit.read'). HTTP only; the rules are in audit.service.ts, the shapes in
 * contracts/teams.ts. No route changes or deletes an entry. Register with prefix '/api'.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditLogDownloadQuerySchema, auditLogQuerySchema, auditLogResponseSchema } from '@pesan/contracts/teams';
import type { AppContext } from '../../context.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { requireOrganization, signedInOnly } from '../../plugins/session.ts';

// Under the organization's tag of the API document (plugins/openapi.ts OPENAPI_TAGS).
const TAG = 'organization';
const security = [{ sessionCookie: [] }];

/** POST /api/organization/audit-log and GET /api/organization/audit-log/download (the caller's organization only). */
export function auditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Anonymous calls get 401 before their body is parsed or validated.
    app.addHook('onRequest', signedInOnly);
    app.post(
      '/organization/audit-log',
      {
        config: { permission: 'audit.read' },
        schema: {
          tags: [TAG],
          summary: "The organization's audit entries by actor, actions and days (organization time zone, end inclusive), newest first",
          security,
          body: auditLogQuerySchema,
          response: { 200: auditLogResponseSchema },
        },
      },
      async (request) => ctx.services.audit.list(requireOrganization(request).organizationId, request.body),
    );
    app.get(
      '/organization/audit-log/download',
      {
        config: { permission: 'audit.read' },
        schema: {
          tags: [TAG],
          summary: 'The same entries as CSV (`Audit_Log_{start}-{end}.csv`, at most 100,000 rows)',
          security,
          querystring: auditLogDownloadQuerySchema,
          response: {
            200: {
              description: 'The CSV file (`Content-Disposition: attachment`)',
              content: { 'text/csv': { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
            },
          },
        },
      },
      async (request, reply) => {
        const file = await ctx.services.audit.download(requireOrganization(request).organizationId, request.query, requestLanguage(request));
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(file.stream);
      },
    );
  };
}
