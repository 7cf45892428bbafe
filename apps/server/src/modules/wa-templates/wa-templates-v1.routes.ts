/**
 * Template management on the public API (ARCHITECTURE.md §6): `POST`, `GET`, `DELETE
 * /v1/whatsapp/templates`, in Meta's shapes. HTTP only: registered inside the /v1 scope
 * (messaging/v1.routes.ts), whose hooks authenticate the WhatsApp access token (and the request
 * signature when required); the rules are in wa-templates-v1.service.ts.
 */
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@pesan/contracts/errors';
import { waTemplateSchema } from '@pesan/contracts/wa-template-model';
import type { AppContext } from '../../context.ts';
import { V1_TEMPLATE_PAGE_MAX } from './wa-templates-v1.service.ts';

const security = [{ bearerAuth: [] }];
const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 429: errorEnvelopeSchema };

/** Meta's template object of the list (`GET /{waba_id}/message_templates`), `id` being Pesan's template id. */
const metaTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  language: z.string(),
  status: z.string(),
  category: z.string(),
  parameter_format: z.string().optional(),
  message_send_ttl_seconds: z.number().int().optional(),
  components: z.array(z.record(z.string(), z.unknown())),
  rejected_reason: z.string().optional(),
  quality_score: z.object({ score: z.string() }).optional(),
});

/** The /v1 template routes, on the WhatsApp channel's token. Register inside the /v1 scope. */
export function waTemplatesV1Routes(ctx: AppContext, rateLimit: RateLimitOptions): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { v1Channel: 'whatsapp' as const, rateLimit };
    const caller = (auth: { applicationId: string; organizationId: string } | null) => ({ applicationId: auth!.applicationId, organizationId: auth!.organizationId });
    const s = ctx.services.waTemplates;
    app.post(
      '/whatsapp/templates',
      {
        config,
        schema: {
          tags: ['v1'],
          summary: 'Create a WhatsApp template',
          operationId: 'createWhatsAppTemplate',
          description:
            "Creates a template and submits it for review. The body is Meta's own, as for `POST /{waba_id}/message_templates`: `{name, language, category, parameter_format?, components}`, type names in upper or lower case. " +
            'The template is reviewed (by Meta with a connected WhatsApp sender) and the decision arrives as the `template.status` webhook event.',
          security,
          body: waTemplateSchema,
          response: { 201: z.object({ id: z.string(), status: z.string(), category: z.string() }), ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await s.createV1Template(caller(request.v1Auth), request.body)),
    );
    app.get(
      '/whatsapp/templates',
      {
        config,
        schema: {
          tags: ['v1'],
          summary: 'List WhatsApp templates',
          description:
            "The templates of the application in the shape of Meta's `GET /{waba_id}/message_templates`: `data` with each language as its own template, and `paging`. " +
            'Filter by exact `name` and by `status`; page with `limit` and the `after` cursor of the previous page.',
          operationId: 'listWhatsAppTemplates',
          security,
          querystring: z.object({
            name: z.string().max(512).optional(),
            status: z.string().max(200).optional().describe('One or more statuses, comma-separated (APPROVED, PENDING, REJECTED, …)'),
            limit: z.coerce.number().int().min(1).max(V1_TEMPLATE_PAGE_MAX).default(25),
            after: z.string().max(300).optional().describe('`paging.cursors.after` of the previous page'),
          }),
          response: {
            200: z.object({
              data: z.array(metaTemplateSchema),
              paging: z.object({ cursors: z.object({ before: z.string().optional(), after: z.string().optional() }), next: z.string().optional() }),
            }),
            ...errors,
          },
        },
      },
      async (request) => s.listV1Templates(caller(request.v1Auth), request.query),
    );
    app.delete(
      '/whatsapp/templates',
      {
        config,
        schema: {
          tags: ['v1'],
          summary: 'Delete a WhatsApp template',
          description: 'Deletes every language of the template `name`, or only the one whose `id` is `hsm_id`. An unknown name or id is a `404`.',
          operationId: 'deleteWhatsAppTemplate',
          security,
          querystring: z.object({ name: z.string().min(1).max(512), hsm_id: z.string().max(100).optional().describe('The template id (`id` of the list): that language only') }),
          response: { 200: z.object({ success: z.literal(true) }), 404: errorEnvelopeSchema, ...errors },
        },
      },
      async (request) => s.deleteV1Templates(caller(request.v1Auth), request.query),
    );
  };
}
