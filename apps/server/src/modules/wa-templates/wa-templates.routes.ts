/**
 * Console API routes of WhatsApp templates (ARCHITECTURE.md §5; templates-dashboard-reports.md
 * §2.2–§2.5, §7.1; contracts/wa-template-api.ts): list, name check, create, update, detail,
 * delete, duplicate, bulk delete. HTTP only; the rules are in wa-templates.service.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@pesan/contracts/errors';
import {
  templateBulkDeleteSchema,
  templateCheckQuerySchema,
  templateCheckResponseSchema,
  templateDraftQuerySchema,
  templateListQuerySchema,
  templateRowSchema,
} from '@pesan/contracts/wa-template-api';
import { consoleTemplatePayloadSchema } from '@pesan/contracts/wa-template-console';
import type { AppContext } from '../../context.ts';
import { requireOrganization, signedInOnly } from '../../plugins/session.ts';
import { auditActor } from '../../plugins/audit-actor.ts';

const TAG = 'templates';

/**
 * The row of the answers, for the serializer: templateRowSchema with its `payload` (the console
 * payload, a transforming schema that cannot serialize) as plain JSON. The web app parses the
 * answers with contracts/wa-template-api.ts's own schemas.
 */
const rowSchema = templateRowSchema.extend({
  payload: z.record(z.string(), z.unknown()).describe('The template as the console payload (§3): consoleTemplatePayloadSchema of contracts/wa-template-console.ts'),
});
const rowResponse = z.object({ data: rowSchema });
const listResponse = z.object({ data: z.object({ docs: z.array(rowSchema), page: z.number().int(), limit: z.number().int(), pages: z.number().int(), total: z.number().int() }) });
const idParams = z.object({ id: z.string().max(100) });

/** The template calls (session with an organization; another organization's template or application is a 404). Register with prefix '/api'. */
export function waTemplatesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Anonymous calls get 401 before their body is parsed or validated.
    app.addHook('onRequest', signedInOnly);
    const security = [{ sessionCookie: [] }];
    const caller = (request: Parameters<typeof requireOrganization>[0]) => {
      const s = requireOrganization(request);
      return { organizationId: s.organizationId, userId: s.userId };
    };
    const s = ctx.services.waTemplates;
    /** Audit entries of a submission for review (a draft save records nothing) and of deleted templates. */
    const submitted = (request: Parameters<typeof auditActor>[0], t: { _id: string; template_name: string; application_id: string; language: string; template_category: string }) =>
      ctx.services.audit.record(auditActor(request), { action: 'template.submitted', target: { type: 'template', id: t._id, name: t.template_name }, details: { application_id: t.application_id, language: t.language, category: t.template_category } });
    const deleted = (request: Parameters<typeof auditActor>[0], templates: { id: string; name: string }[]) =>
      ctx.services.audit.recordMany(auditActor(request), templates.map((t) => ({ action: 'template.deleted' as const, target: { type: 'template', id: t.id, name: t.name } })));

    app.post(
      '/wa/template/list',
      { config: { permission: 'read' },
        schema: {
          tags: [TAG],
          summary: 'Templates of the organization by application, creation days, name search and status, newest first (§2.2)',
          security,
          body: templateListQuerySchema,
          response: { 200: listResponse },
        },
      },
      async (request) => s.listTemplates(requireOrganization(request).organizationId, request.body),
    );
    app.get(
      '/wa/template/check',
      { config: { permission: 'read' },
        schema: {
          tags: [TAG],
          summary: 'Whether a template name (sanitised: lower case, underscores) is free in an application (§2.3, §5.1)',
          security,
          querystring: templateCheckQuerySchema,
          response: { 200: templateCheckResponseSchema },
        },
      },
      async (request) => s.checkTemplateName(requireOrganization(request).organizationId, request.query),
    );
    app.post(
      '/wa/template',
      { config: { permission: 'templates.manage' },
        schema: {
          tags: [TAG],
          summary: 'Create a template: a Draft (`draft=true`), or submitted for review (`draft=false`)',
          security,
          querystring: templateDraftQuerySchema,
          body: consoleTemplatePayloadSchema,
          response: { 201: rowResponse },
        },
      },
      async (request, reply) => {
        const data = await s.createTemplate(caller(request), request.body, request.query.draft === 'true');
        if (request.query.draft !== 'true') await submitted(request, data);
        return reply.status(201).send({ data });
      },
    );
    app.get(
      '/wa/template/:id',
      { config: { permission: 'read' }, schema: { tags: [TAG], summary: 'One template with its content as the console payload (§7.1)', security, params: idParams, response: { 200: rowResponse } } },
      async (request) => ({ data: await s.getTemplate(requireOrganization(request).organizationId, request.params.id) }),
    );
    app.put(
      '/wa/template/:id',
      { config: { permission: 'templates.manage' },
        schema: {
          tags: [TAG],
          summary: 'Save a Draft or Rejected template (`draft=true`), or submit it for review (`draft=false`); 409 in any other status',
          security,
          params: idParams,
          querystring: templateDraftQuerySchema,
          body: consoleTemplatePayloadSchema,
          response: { 200: rowResponse, 409: errorEnvelopeSchema },
        },
      },
      async (request) => {
        const data = await s.updateTemplate(requireOrganization(request).organizationId, request.params.id, request.body, request.query.draft === 'true');
        if (request.query.draft !== 'true') await submitted(request, data);
        return { data };
      },
    );
    app.delete(
      '/wa/template/:id',
      { config: { permission: 'templates.manage' },
        schema: { tags: [TAG], summary: 'Delete a template (§2.2)', security, params: idParams, response: { 200: z.object({ data: z.object({ status: z.literal(true) }) }) } },
      },
      async (request) => {
        const { templates, ...answer } = await s.deleteTemplate(requireOrganization(request).organizationId, request.params.id);
        await deleted(request, templates);
        return answer;
      },
    );
    app.put(
      '/wa/template/duplicate/:id',
      { config: { permission: 'templates.manage' }, schema: { tags: [TAG], summary: 'Duplicate a template as a Draft named <name>_copy (§2.2)', security, params: idParams, response: { 201: rowResponse } } },
      async (request, reply) => reply.status(201).send({ data: await s.duplicateTemplate(caller(request), request.params.id) }),
    );
    app.post(
      '/wa/delete/template/bulk',
      { config: { permission: 'templates.manage' },
        schema: {
          tags: [TAG],
          summary: "Delete several templates; all must be the organization's, else none is deleted (§2.2)",
          security,
          body: templateBulkDeleteSchema,
          response: { 200: z.object({ data: z.object({ status: z.literal(true), deleted: z.number().int() }) }) },
        },
      },
      async (request) => {
        const { templates, ...answer } = await s.bulkDeleteTemplates(requireOrganization(request).organizationId, request.body.template_ids);
        await deleted(request, templates);
        return answer;
      },
    );
  };
}
