/**
 * Console API routes of Generate Report (ARCHITECTURE.md §5; templates-dashboard-reports.md §2.7,
 * §2.8, §7.3): list, generate, one report (progress) and the download. HTTP only; the rules are in
 * reports.service.ts, the shapes in contracts/reports.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { generateReportSchema, REPORT_CONTENT_TYPES, REPORT_PENDING_LIMIT, reportListQuerySchema, reportListResponseSchema, reportResponseSchema } from '@pesan/contracts/reports';
import type { AppContext } from '../../context.ts';
import { requireOrganization, signedInOnly } from '../../plugins/session.ts';
import { auditActor } from '../../plugins/audit-actor.ts';
import { errorResponse } from '../../plugins/openapi.ts';
import { OUTSIDE_RETENTION_RESPONSE } from '../../lib/retention.ts';

const TAG = 'reports';
const binary = { schema: z.any().meta({ type: 'string', format: 'binary' }) };

/** The report calls (session with an organization; another organization's report is a 404). Register with prefix '/api'. */
export function reportsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Anonymous calls get 401 before their body is parsed or validated.
    app.addHook('onRequest', signedInOnly);
    const security = [{ sessionCookie: [] }];
    app.post(
      '/report/list/generate-report',
      { config: { permission: 'read' }, schema: { tags: [TAG], summary: 'Reports of the organization by the §3 list criteria, newest first', security, body: reportListQuerySchema, response: { 200: reportListResponseSchema } } },
      async (request) => ctx.services.reports.listReports(requireOrganization(request).organizationId, request.body),
    );
    app.post(
      '/report/generate-report',
      { config: { permission: 'reports.generate' },
        schema: {
          tags: [TAG],
          summary: 'Queue a CSV or XLSX report of one application, channel, statuses and 1–31 day range',
          security,
          body: generateReportSchema,
          response: {
            201: reportResponseSchema,
            422: errorResponse(`${OUTSIDE_RETENTION_RESPONSE}; nothing is stored`),
            429: errorResponse(`rate_limited: the organization already has ${REPORT_PENDING_LIMIT} reports in-queue or processing; nothing is stored`),
          },
        },
      },
      async (request, reply) => {
        const s = requireOrganization(request);
        const data = await ctx.services.reports.createReport({ organizationId: s.organizationId, userId: s.userId }, request.body);
        await ctx.services.audit.record(auditActor(request), { action: 'report.generated', target: { type: 'report', id: data._id, name: data.name }, details: { application_id: data.application_id, channel: data.channel, type: data.type, start_date: data.start_date, end_date: data.end_date } });
        return reply.status(201).send({ data });
      },
    );
    app.get(
      '/report/:id',
      { config: { permission: 'read' }, schema: { tags: [TAG], summary: 'One report with its status and progress (rows written of the total)', security, params: z.object({ id: z.string().max(100) }), response: { 200: reportResponseSchema } } },
      async (request) => ({ data: await ctx.services.reports.getReport(requireOrganization(request).organizationId, request.params.id) }),
    );
    app.get(
      '/report/:id/download',
      { config: { permission: 'read' },
        schema: {
          tags: [TAG],
          summary: 'The file of a finished report (`{title}_{start}_{end}.csv|xlsx`); 409 while it is being made',
          security,
          params: z.object({ id: z.string().max(100) }),
          response: {
            200: {
              description: 'The report file (`Content-Disposition: attachment`)',
              content: { [REPORT_CONTENT_TYPES.csv]: binary, [REPORT_CONTENT_TYPES.xlsx]: binary },
            },
          },
        },
      },
      async (request, reply) => {
        const file = await ctx.services.reports.openReportDownload(requireOrganization(request).organizationId, request.params.id);
        reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`).header('cache-control', 'private, no-store');
        if (file.bytes !== undefined) reply.header('content-length', String(file.bytes));
        return reply.send(file.stream);
      },
    );
  };
}
