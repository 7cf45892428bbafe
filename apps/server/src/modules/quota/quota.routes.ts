/**
 * Console API routes of prepaid quota (ARCHITECTURE.md §5 "Areas added after the first release";
 * console.md §7 Billing and quota): billing and remaining quota, the balance-quota check, and the
 * quota warning settings. HTTP only: validation from contracts/quota.ts, rules in
 * quota-warnings.service.ts. Register with prefix '/api'.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { QUOTA_MESSAGES, balanceCheckResponseSchema, billingResponseSchema, quotaSettingsInputSchema, quotaSettingsResponseSchema } from '@pesan/contracts/quota';
import type { AppContext } from '../../context.ts';
import { requireOrganization, signedInOnly } from '../../plugins/session.ts';
import { auditActor } from '../../plugins/audit-actor.ts';

const idParams = z.object({ id: z.string() });
const security = [{ sessionCookie: [] }];
const tags = ['quota'];

/** Billing, balance-quota check and warning settings of an application (another organization's is a 404). */
export function quotaRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', signedInOnly);
    const svc = ctx.services.quota;

    app.get(
      '/application/billing/:id',
      { config: { permission: 'read' }, schema: { tags, summary: 'Billing type and remaining quota per quota type', security, params: idParams, response: { 200: billingResponseSchema } } },
      async (request) => ({ data: await svc.getBilling(requireOrganization(request).organizationId, request.params.id) }),
    );

    app.get(
      '/application/check/balance-quota/:id',
      { config: { permission: 'read' }, schema: { tags, summary: 'Quota types at or below their warning threshold', security, params: idParams, response: { 200: balanceCheckResponseSchema } } },
      async (request) => ({ data: await svc.checkBalanceQuota(requireOrganization(request).organizationId, request.params.id) }),
    );

    app.get(
      '/setting/balance-quota/:id',
      { config: { permission: 'read' }, schema: { tags, summary: 'Quota warning settings: switch, recipients, per-channel reminder and threshold', security, params: idParams, response: { 200: quotaSettingsResponseSchema } } },
      async (request) => ({ data: await svc.getQuotaSettings(requireOrganization(request).organizationId, request.params.id) }),
    );

    app.put(
      '/setting/balance-quota/:id',
      { config: { permission: 'quota.settings' },
        schema: {
          tags,
          summary: 'Save the quota warning settings',
          security,
          params: idParams,
          body: quotaSettingsInputSchema,
          response: { 200: quotaSettingsResponseSchema },
        },
      },
      async (request) => {
        const data = await svc.putQuotaSettings(requireOrganization(request).organizationId, request.params.id, request.body);
        await ctx.services.audit.record(auditActor(request), { action: 'quota.settings_changed', target: { type: 'application', id: data.application_id }, details: { warnings_off: data.disable, recipients: data.email_recipient.length, reminders: data.thresholds.filter((t) => t.reminder).map((t) => t.type) } });
        // A threshold saved above the remaining quota warns now, not at the next send.
        request.server.afterAnswer.run(request.log, 'quota warning check', () => svc.scheduleWarningCheck(data.application_id));
        return { data, message: QUOTA_MESSAGES.saved };
      },
    );
  };
}
