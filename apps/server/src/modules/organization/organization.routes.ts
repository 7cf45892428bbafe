/**
 * Console API organization routes (console.md §7 Organization; ARCHITECTURE.md §5). Field errors
 * come back as `details[{path, message}]` with the body field names, shown under the fields.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ORGANIZATION_MESSAGES, organizationResponseSchema, organizationSchema } from '@pesan/contracts/organization';
import type { AppContext } from '../../context.ts';
import { requireUser, signedInOnly } from '../../plugins/session.ts';
import { auditActor } from '../../plugins/audit-actor.ts';

const params = z.object({ id: z.string().min(1).max(64) });

export function organizationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/organization',
      {
        onRequest: signedInOnly,
        schema: {
          tags: ['organization'],
          summary: 'Create the caller’s organization',
          body: organizationSchema,
          response: { 201: z.object({ data: z.object({ id: z.string() }), message: z.string() }) },
        },
      },
      async (request, reply) => {
        const data = await ctx.services.organization.createOrganization(requireUser(request), request.body);
        return reply.status(201).send({ data, message: ORGANIZATION_MESSAGES.created });
      },
    );

    app.get(
      '/organization',
      {
        onRequest: signedInOnly,
        schema: { tags: ['organization'], summary: 'The caller’s organization or null', response: { 200: z.object({ data: organizationResponseSchema.nullable() }) } },
      },
      async (request) => ({ data: await ctx.services.organization.getCallerOrganization(requireUser(request)) }),
    );

    app.get(
      '/organization/:id',
      {
        onRequest: signedInOnly,
        schema: { tags: ['organization'], summary: 'The caller’s organization by id', params, response: { 200: z.object({ data: organizationResponseSchema }) } },
      },
      async (request) => ({ data: await ctx.services.organization.getOwnOrganization(requireUser(request), request.params.id) }),
    );

    app.put(
      '/organization/:id',
      {
        onRequest: signedInOnly,
        schema: {
          tags: ['organization'],
          summary: 'Update the caller’s organization',
          params,
          body: organizationSchema,
          response: { 200: z.object({ data: organizationResponseSchema, message: z.string() }) },
        },
      },
      async (request) => {
        const before = await ctx.services.organization.getOwnOrganization(requireUser(request), request.params.id);
        const data = await ctx.services.organization.updateOwnOrganization(requireUser(request), request.params.id, request.body);
        await ctx.services.audit.record(auditActor(request), { action: 'organization.updated', target: { type: 'organization', id: data.id, name: data.business_name }, details: { fields: ctx.services.audit.changedFields(before, data) } });
        return { data, message: ORGANIZATION_MESSAGES.updated };
      },
    );
  };
}
