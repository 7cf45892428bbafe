/**
 * Console API routes of the Overview dashboard (ARCHITECTURE.md §5; templates-dashboard-reports.md
 * §2.6, §7.2): rate, usage, trend series, WhatsApp session figures and their Excel downloads. HTTP
 * only; the shapes are contracts/dashboard.ts, the rules dashboard.service.ts.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conversationDownloadQuerySchema,
  conversationQuerySchema,
  conversationResponseSchema,
  dashboardDownloadQuerySchema,
  dashboardQuerySchema,
  rangeDateResponseSchema,
  rateResponseSchema,
  usageResponseSchema,
} from '@pesan/contracts/dashboard';
import type { AppContext } from '../../context.ts';
import { requireOrganization, signedInOnly } from '../../plugins/session.ts';
import type { DashboardFile } from './dashboard.service.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { errorResponse } from '../../plugins/openapi.ts';
import { OUTSIDE_RETENTION_RESPONSE } from '../../lib/retention.ts';

const TAG = 'dashboard';
/** Every dashboard call refuses a range older than the kept messages (lib/retention.ts). */
const RETENTION = { 422: errorResponse(OUTSIDE_RETENTION_RESPONSE) };
const XLSX_RESPONSE = {
  ...RETENTION,
  200: {
    description: 'The Excel file (`Content-Disposition: attachment` with the §9 file name)',
    content: { 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
  },
};

function sendFile(reply: FastifyReply, file: DashboardFile) {
  return reply
    .status(200)
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}

/** The dashboard calls (session with an organization; another organization's application is a 404). Register with prefix '/api'. */
export function dashboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Anonymous calls get 401 before their body is parsed or validated.
    app.addHook('onRequest', signedInOnly);
    const security = [{ sessionCookie: [] }];
    app.post(
      '/report/rate',
      { config: { permission: 'read' }, schema: { tags: [TAG], summary: 'Total, success and failure with their rates (§9) of one application and channel', security, body: dashboardQuerySchema, response: { 200: rateResponseSchema, ...RETENTION } } },
      async (request) => ({ data: await ctx.services.dashboard.reportRate(requireOrganization(request).organizationId, request.body) }),
    );
    app.post(
      '/report/usage',
      { config: { permission: 'read' }, schema: { tags: [TAG], summary: 'Usage counters of one application and channel (§3 field names)', security, body: dashboardQuerySchema, response: { 200: usageResponseSchema, ...RETENTION } } },
      async (request) => ({ data: await ctx.services.dashboard.reportUsage(requireOrganization(request).organizationId, request.body) }),
    );
    app.post(
      '/report/usage/range-date',
      { config: { permission: 'read' }, schema: { tags: [TAG], summary: 'Messages per status per hour (one day) or per day', security, body: dashboardQuerySchema, response: { 200: rangeDateResponseSchema, ...RETENTION } } },
      async (request) => ({ data: await ctx.services.dashboard.reportRangeDate(requireOrganization(request).organizationId, request.body) }),
    );
    app.post(
      '/whatsapp-api/conversation',
      { config: { permission: 'read' }, schema: { tags: [TAG], summary: 'WhatsApp session figures and their series', security, body: conversationQuerySchema, response: { 200: conversationResponseSchema, ...RETENTION } } },
      async (request) => {
        const { application_name: _name, ...data } = await ctx.services.dashboard.whatsappConversation(requireOrganization(request).organizationId, request.body);
        return { data };
      },
    );
    app.get(
      '/report/usage/download',
      { config: { permission: 'read' }, schema: { tags: [TAG], summary: 'Usage of one application and channel as an Excel file (Report_Usage_…)', security, querystring: dashboardDownloadQuerySchema, response: XLSX_RESPONSE } },
      async (request, reply) => sendFile(reply, await ctx.services.dashboard.usageDownload(requireOrganization(request).organizationId, request.query, requestLanguage(request))),
    );
    app.get(
      '/whatsapp-api/conversation/download',
      { config: { permission: 'read' }, schema: { tags: [TAG], summary: 'WhatsApp session figures as an Excel file (Report_Session_WA_…)', security, querystring: conversationDownloadQuerySchema, response: XLSX_RESPONSE } },
      async (request, reply) => sendFile(reply, await ctx.services.dashboard.conversationDownload(requireOrganization(request).organizationId, request.query, requestLanguage(request))),
    );
  };
}
