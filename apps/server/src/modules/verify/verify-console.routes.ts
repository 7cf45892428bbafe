/**
 * Console API routes of Verify (ARCHITECTURE.md §6.4, issue 27; contracts verify-console.ts): the
 * Overview's Verify tab, a verification's timeline and an application's allowed countries. HTTP
 * only; the rules are verify-console.service.ts. Another organization's application or
 * verification is a 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  VERIFY_CONSOLE_MESSAGES,
  verificationTimelineResponseSchema,
  verifyReportQuerySchema,
  verifyReportResponseSchema,
  verifySettingsBodySchema,
  verifySettingsResponseSchema,
} from '@pesan/contracts/verify-console';
import type { AppContext } from '../../context.ts';
import { requireOrganization, signedInOnly } from '../../plugins/session.ts';
import { auditActor } from '../../plugins/audit-actor.ts';
import { errorResponse } from '../../plugins/openapi.ts';
import { OUTSIDE_RETENTION_RESPONSE } from '../../lib/retention.ts';

const security = [{ sessionCookie: [] }];
const idParams = z.object({ id: z.string() });

/**
 * POST /api/report/verify, GET /api/verifications/{id}, GET and PUT
 * /api/applications/{id}/verify-settings (session with an organization). Register with prefix '/api'.
 */
export function verifyConsoleRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Anonymous calls get 401 before their body is parsed or validated.
    app.addHook('onRequest', signedInOnly);
    app.post(
      '/report/verify',
      {
        config: { permission: 'read' },
        schema: {
          tags: ['dashboard'],
          summary: 'Verify figures of one application: started, approved, conversion rate and median time to approve per channel, and their series',
          description:
            'Cohorts by the hour a verification started and the channel it started on, read from the hourly Verify rollup (refreshed every minute). ' +
            'Hourly series for a single day, daily otherwise, labelled in the organization\'s time zone; `per_channel` always lists the four channels.',
          security,
          body: verifyReportQuerySchema,
          response: { 200: verifyReportResponseSchema, 422: errorResponse(OUTSIDE_RETENTION_RESPONSE) },
        },
      },
      async (request) => ({ data: await ctx.services.verifyConsole.verifyReport(requireOrganization(request).organizationId, request.body) }),
    );
    app.get(
      '/verifications/:id',
      {
        config: { permission: 'read' },
        schema: {
          tags: ['monitoring'],
          summary: 'One verification with its timeline: started, each message that carried a code, and how it closed (never the code)',
          security,
          params: idParams,
          response: { 200: verificationTimelineResponseSchema, 404: errorResponse(`not_found: ${VERIFY_CONSOLE_MESSAGES.verificationNotFound} (unknown, malformed, or of another organization)`) },
        },
      },
      async (request) => ({ data: await ctx.services.verifyConsole.getVerificationTimeline(requireOrganization(request).organizationId, request.params.id) }),
    );
    app.get(
      '/applications/:id/verify-settings',
      {
        config: { permission: 'read' },
        schema: {
          tags: ['applications'],
          summary: "An application's Verify settings: the countries it sends codes to (null = any) and its verifications per minute",
          security,
          params: idParams,
          response: { 200: verifySettingsResponseSchema },
        },
      },
      async (request) => {
        const { application_name: _name, ...data } = await ctx.services.verifyConsole.getVerifySettings(requireOrganization(request).organizationId, request.params.id);
        return { data };
      },
    );
    app.put(
      '/applications/:id/verify-settings',
      {
        config: { permission: 'applications.edit' },
        schema: {
          tags: ['applications'],
          summary: 'Set the countries an application sends Verify codes to (ISO 3166-1 alpha-2), or null for any',
          security,
          params: idParams,
          body: verifySettingsBodySchema,
          response: { 200: verifySettingsResponseSchema, 400: errorResponse(`invalid_request: ${VERIFY_CONSOLE_MESSAGES.countriesInvalid}`) },
        },
      },
      async (request) => {
        const s = requireOrganization(request);
        const { application_name, ...data } = await ctx.services.verifyConsole.putVerifySettings(s.organizationId, request.params.id, request.body);
        await ctx.services.audit.record(auditActor(request), {
          action: 'application.verify_countries_changed',
          target: { type: 'application', id: request.params.id.toLowerCase(), name: application_name },
          details: { allowed_countries: data.allowed_countries },
        });
        return { data };
      },
    );
  };
}
