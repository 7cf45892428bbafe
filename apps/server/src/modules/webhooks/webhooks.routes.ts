/**
 * Console API routes of status webhooks (ARCHITECTURE.md §5; issue 9). HTTP only: validation from
 * contracts/webhooks.ts, rules in webhooks.service.ts. Register with prefix '/api'.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  WEBHOOK_MESSAGES,
  webhookDeliveriesQuerySchema,
  webhookDeliveriesResponseSchema,
  webhookDeliverySchema,
  webhookEndpointInputSchema,
  webhookEndpointResponseSchema,
} from '@pesan/contracts/webhooks';
import type { AppContext } from '../../context.ts';
import { requireOrganization, signedInOnly } from '../../plugins/session.ts';
import { auditActor } from '../../plugins/audit-actor.ts';

const idParams = z.object({ id: z.string() });
const deliveryParams = z.object({ id: z.string(), deliveryId: z.string() });
const security = [{ sessionCookie: [] }];
const tags = ['webhooks'];
const deliveryResponse = z.object({ data: webhookDeliverySchema, message: z.string() });

/** The webhook endpoint, its secret, test events, delivery attempts and redelivery of an application. */
export function webhooksRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', signedInOnly);
    const svc = ctx.services.webhooks;

    app.get(
      '/application/:id/webhook',
      { config: { permission: 'read' }, schema: { tags, summary: "The application's status webhook endpoint", security, params: idParams, response: { 200: webhookEndpointResponseSchema } } },
      async (request) => ({ data: await svc.getWebhook(requireOrganization(request).organizationId, request.params.id) }),
    );

    app.put(
      '/application/:id/webhook',
      { config: { permission: 'webhooks.manage' },
        schema: {
          tags,
          summary: 'Set the endpoint URL and whether it is enabled (the first save answers the secret, once)',
          security,
          params: idParams,
          body: webhookEndpointInputSchema,
          response: { 200: webhookEndpointResponseSchema },
        },
      },
      async (request) => {
        const data = await svc.putWebhook(requireOrganization(request).organizationId, request.params.id, request.body);
        // The URL without credentials or query (audit.service redacts them); never the secret of a first save.
        await ctx.services.audit.record(auditActor(request), { action: 'webhook.updated', target: { type: 'webhook', id: request.params.id }, details: { url: data.url, enabled: data.enabled } });
        return { data, message: WEBHOOK_MESSAGES.saved };
      },
    );

    app.post(
      '/application/:id/webhook/rotate-secret',
      { config: { permission: 'webhooks.manage' }, schema: { tags, summary: 'A new secret (answered once); the old one signs for 24 more hours', security, params: idParams, response: { 200: webhookEndpointResponseSchema } } },
      async (request) => {
        const data = await svc.rotateWebhookSecret(requireOrganization(request).organizationId, request.params.id);
        await ctx.services.audit.record(auditActor(request), { action: 'webhook.secret_rotated', target: { type: 'webhook', id: request.params.id } });
        return { data, message: WEBHOOK_MESSAGES.rotated };
      },
    );

    app.post(
      '/application/:id/webhook/test',
      { config: { permission: 'webhooks.manage' }, schema: { tags, summary: 'Send a webhook.test event', security, params: idParams, response: { 200: deliveryResponse } } },
      async (request) => ({
        data: await svc.sendTestEvent(requireOrganization(request).organizationId, request.params.id),
        message: WEBHOOK_MESSAGES.testSent,
      }),
    );

    app.get(
      '/application/:id/webhook/deliveries',
      { config: { permission: 'read' },
        schema: {
          tags,
          summary: 'Delivery attempts, newest first',
          security,
          params: idParams,
          querystring: webhookDeliveriesQuerySchema,
          response: { 200: webhookDeliveriesResponseSchema },
        },
      },
      async (request) => svc.listWebhookDeliveries(requireOrganization(request).organizationId, request.params.id, request.query),
    );

    app.post(
      '/application/:id/webhook/deliveries/:deliveryId/redeliver',
      { config: { permission: 'webhooks.manage' }, schema: { tags, summary: "Send an attempt's event again (same webhook-id)", security, params: deliveryParams, response: { 200: deliveryResponse } } },
      async (request) => ({
        data: await svc.redeliverWebhook(requireOrganization(request).organizationId, request.params.id, request.params.deliveryId),
        message: WEBHOOK_MESSAGES.redelivered,
      }),
    );
  };
}
