/**
 * Console API routes of access tokens (ARCHITECTURE.md §5; console.md §7 "Channel and application").
 * The token file answers are `text/plain; charset=utf-8` attachments named `<applicationId>.txt`.
 */
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { generateTokenSchema, rsaGenerateTokenSchema, tokenStatusListResponseSchema } from '@pesan/contracts/application';
import { tokenFileName } from '@pesan/contracts/token-file';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { requireOrganization, signedInOnly } from '../../plugins/session.ts';
import { auditActor } from '../../plugins/audit-actor.ts';
import type { GeneratedTokenFile } from './token.service.ts';
import { TOKEN_MESSAGES } from '@pesan/contracts/application';

const security = [{ sessionCookie: [] }];
const tokenFileDescription = 'The token file (text/plain): per channel the application id, channel, JWT and PKCS#8 private key.';

function sendTokenFile(reply: FastifyReply, file: GeneratedTokenFile) {
  return reply
    .status(200)
    .header('content-type', 'text/plain; charset=utf-8')
    .header('content-disposition', `attachment; filename="${tokenFileName(file.applicationId)}"`)
    .header('cache-control', 'no-store')
    .send(file.text);
}

/** Token generation (text/plain token files) and token status per channel (session with an organization). Register with prefix '/api'. */
export function tokenRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  /** TOKEN_RATE_LIMIT generations per minute per user: each makes RSA key pairs (issue 6 defect 7). */
  const perUserLimit = {
    rateLimit: {
      max: ctx.config.tokenRateLimit,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => request.session?.userId ?? request.ip,
      errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) =>
        new AppError('rate_limited', TOKEN_MESSAGES.tooManyTokens(context.after)),
    },
  };
  return async (app) => {
    // Anonymous calls get 401 before their body is parsed or validated.
    app.addHook('onRequest', signedInOnly);
    app.post(
      '/channel/generate/access-token/:applicationId',
      {
        config: { ...perUserLimit, permission: 'tokens.generate' as const },
        schema: {
          tags: ['tokens'],
          summary: 'Generate the access token of one channel',
          description: tokenFileDescription,
          security,
          params: z.object({ applicationId: z.string() }),
          body: generateTokenSchema,
        },
      },
      async (request, reply) => {
        const s = requireOrganization(request);
        const file = await ctx.services.token.generateChannelToken(s.organizationId, request.params.applicationId, request.body.channel, ctx.now());
        await ctx.services.audit.record(auditActor(request), { action: 'token.generated', target: { type: 'application', id: file.applicationId, name: file.applicationName }, details: { channel: request.body.channel } });
        return sendTokenFile(reply, file);
      },
    );

    app.post(
      '/auth/rsa/generate-token',
      {
        config: { ...perUserLimit, permission: 'tokens.generate' as const },
        schema: {
          tags: ['tokens'],
          summary: 'Generate the access tokens of every channel of an application',
          description: tokenFileDescription,
          security,
          body: rsaGenerateTokenSchema,
        },
      },
      async (request, reply) => {
        const s = requireOrganization(request);
        const file = await ctx.services.token.generateApplicationTokens(s.organizationId, request.body.application, ctx.now());
        // One entry per channel generated; never the token or the key.
        await ctx.services.audit.recordMany(auditActor(request), file.channels.map((channel) => ({ action: 'token.generated' as const, target: { type: 'application', id: file.applicationId, name: file.applicationName }, details: { channel } })));
        return sendTokenFile(reply, file);
      },
    );

    app.get(
      '/application/:id/tokens',
      { config: { permission: 'read' },
        schema: {
          tags: ['tokens'],
          summary: 'Token status per channel of an application',
          security,
          params: z.object({ id: z.string() }),
          response: { 200: tokenStatusListResponseSchema },
        },
      },
      async (request) => {
        const s = requireOrganization(request);
        return { data: await ctx.services.token.listTokenStatuses(s.organizationId, request.params.id) };
      },
    );
  };
}
