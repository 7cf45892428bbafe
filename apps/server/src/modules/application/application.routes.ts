/**
 * Console API routes of channels and applications (ARCHITECTURE.md §5, §7.5; console.md §7
 * "Channel and application"). HTTP only: validation from contracts, rules in application.service.ts.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  APPLICATION_MESSAGES,
  applicationListResponseSchema,
  applicationResponseSchema,
  channelListResponseSchema,
  createApplicationResponseSchema,
  createApplicationSchema,
  listApplicationsSchema,
  updateApplicationResponseSchema,
  updateApplicationSchema,
} from '@pesan/contracts/application';
import type { AppContext } from '../../context.ts';
import { requireOrganization, requireUser, signedInOnly } from '../../plugins/session.ts';
import { auditActor } from '../../plugins/audit-actor.ts';

const idParams = z.object({ id: z.string() });
const security = [{ sessionCookie: [] }];

/** GET /api/channel and the application CRUD (session with an organization; others' ids are 404). Register with prefix '/api'. */
export function applicationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Anonymous calls get 401 before their body is parsed or validated.
    app.addHook('onRequest', signedInOnly);
    app.get(
      '/channel',
      { schema: { tags: ['applications'], summary: 'The six channels', security, response: { 200: channelListResponseSchema } } },
      async (request) => {
        requireUser(request);
        return { data: ctx.services.application.listChannels() };
      },
    );

    app.post(
      '/application/list',
      { config: { permission: 'read' },
        schema: {
          tags: ['applications'],
          summary: "A page of the organization's applications",
          security,
          body: listApplicationsSchema,
          response: { 200: applicationListResponseSchema },
        },
      },
      async (request) => {
        const s = requireOrganization(request);
        return ctx.services.application.listApplications(s.organizationId, request.body);
      },
    );

    app.post(
      '/application',
      { config: { permission: 'applications.create' },
        schema: {
          tags: ['applications'],
          summary: 'Create an application',
          security,
          body: createApplicationSchema,
          response: { 201: createApplicationResponseSchema },
        },
      },
      async (request, reply) => {
        const s = requireOrganization(request);
        const data = await ctx.services.application.createApplication({ organizationId: s.organizationId, userId: s.userId }, request.body, ctx.now());
        await ctx.services.audit.record(auditActor(request), { action: 'application.created', target: { type: 'application', id: data.id, name: data.application_name }, details: { channels: data.channels.map((c) => c.channel) } });
        return reply.status(201).send({ id: data.id, data });
      },
    );

    app.get(
      '/application/:id',
      { config: { permission: 'read' }, schema: { tags: ['applications'], summary: 'One application', security, params: idParams, response: { 200: applicationResponseSchema } } },
      async (request) => {
        const s = requireOrganization(request);
        return { data: await ctx.services.application.getApplication(s.organizationId, request.params.id) };
      },
    );

    app.put(
      '/application/:id',
      { config: { permission: 'applications.edit' },
        schema: {
          tags: ['applications'],
          summary: 'Edit an application',
          security,
          params: idParams,
          body: updateApplicationSchema,
          response: { 200: updateApplicationResponseSchema },
        },
      },
      async (request) => {
        const s = requireOrganization(request);
        const data = await ctx.services.application.updateApplication(s.organizationId, request.params.id, request.body, ctx.now());
        await ctx.services.audit.record(auditActor(request), { action: 'application.updated', target: { type: 'application', id: data.id, name: data.application_name }, details: { channels: data.channels.map((c) => c.channel), signed_requests: data.require_signature } });
        return { data, message: APPLICATION_MESSAGES.editSuccessMessage };
      },
    );

    app.delete(
      '/application/:id',
      { config: { permission: 'applications.delete' }, schema: { tags: ['applications'], summary: 'Delete an application (revokes its tokens)', security, params: idParams } },
      async (request, reply) => {
        const s = requireOrganization(request);
        const deleted = await ctx.services.application.deleteApplication(s.organizationId, request.params.id, ctx.now());
        await ctx.services.audit.record(auditActor(request), { action: 'application.deleted', target: { type: 'application', id: deleted.id, name: deleted.name }, details: { channels: deleted.channels } });
        return reply.status(204).send();
      },
    );
  };
}
