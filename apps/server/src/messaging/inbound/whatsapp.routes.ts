/**
 * Meta's WhatsApp Cloud API webhook (ARCHITECTURE.md §6.1), HTTP only; rules in
 * messaging/whatsapp/webhook.service.ts.
 * - `GET /hooks/whatsapp`: the subscription handshake (`hub.mode=subscribe`, `hub.verify_token`,
 *   `hub.challenge`): 200 text/plain with the challenge, else 403.
 * - `POST /hooks/whatsapp`: the raw body (up to 3 MB, else 413) must carry a valid
 *   `X-Hub-Signature-256` (else 401, nothing stored); bad JSON or not Meta's envelope is a 400;
 *   an accepted body is processed and answered 200 (Meta retries any other answer).
 * No session, no CSRF (the guard only looks at /api), no bearer: the signature is the authority.
 * Not a tenant route, so not in the OpenAPI document (`hide`).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { WEBHOOK_BODY_LIMIT } from '../whatsapp/webhook.service.ts';
import { SERVER_MESSAGES } from '@pesan/contracts/server-messages';

/** The WhatsApp webhook routes on `ctx` (register without prefix). */
export function whatsappHookRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    // Keep the exact bytes: the signature is over the raw body, not a re-serialised one.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    const hide = { schema: { hide: true } };

    app.get<{ Querystring: Record<string, unknown> }>('/hooks/whatsapp', hide, async (request, reply) => {
      const challenge = ctx.services.whatsappHooks.verifyHandshake(request.query);
      if (challenge === null) throw new AppError('forbidden', SERVER_MESSAGES.verifyTokenMismatch);
      return reply.type('text/plain; charset=utf-8').header('Cache-Control', 'no-store').send(challenge);
    });

    app.post('/hooks/whatsapp', { ...hide, bodyLimit: WEBHOOK_BODY_LIMIT }, async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['x-hub-signature-256'];
      if (!ctx.services.whatsappHooks.verifySignature(raw, typeof header === 'string' ? header : undefined)) {
        throw new AppError('unauthorized', SERVER_MESSAGES.hubSignatureMismatch);
      }
      let payload: unknown;
      try {
        payload = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new AppError('invalid_request', SERVER_MESSAGES.bodyNotJson);
      }
      const summary = await ctx.services.whatsappHooks.handleWebhook(payload);
      if (!summary) throw new AppError('invalid_request', SERVER_MESSAGES.notWhatsappWebhook);
      if (summary.skipped.length) request.log.warn({ skipped: summary.skipped }, 'whatsapp webhook: some items were skipped');
      request.log.info({ statuses: summary.statuses, inbound: summary.inbound, updates: summary.updates, unknown: summary.unknown }, 'whatsapp webhook');
      return reply.code(200).send({ ok: true });
    });
  };
}
