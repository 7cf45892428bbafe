/**
 * Public messaging API /v1 (ARCHITECTURE.md §6), HTTP only: bearer-token authentication (onRequest),
 * signed requests (preValidation, on the raw body kept by this scope's JSON parser), per-token rate
 * limit on sends, zod bodies, then v1.service.ts.
 */
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ChannelId } from '@pesan/contracts/channels';
import {
  callBodySchema,
  emailBodySchema,
  smsBodySchema,
  smsOtpBodySchema,
  V1_MESSAGES,
  v1MessageSchema,
  voiceOtpBodySchema,
  whatsappBodySchema,
} from '@pesan/contracts/messaging';
import { errorEnvelopeSchema } from '@pesan/contracts/errors';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/errors.ts';
import { verifyRequestSignature, type V1Auth } from './token-auth.ts';
import type { V1SendBody } from './v1.service.ts';
import { countAcceptedMessage } from '../plugins/metrics.ts';
import { waTemplatesV1Routes } from '../modules/wa-templates/wa-templates-v1.routes.ts';

declare module 'fastify' {
  interface FastifyRequest {
    v1Auth: V1Auth | null;
    rawBody: string | undefined;
  }
  interface FastifyContextConfig {
    /** Channel a /v1 route sends on; unset = any channel's token (GET /v1/messages/{id}). */
    v1Channel?: ChannelId;
  }
}

const errorSchema = errorEnvelopeSchema;

const SENDS: { path: string; channel: ChannelId; body: z.ZodType; summary: string }[] = [
  { path: '/sms/messages', channel: 'sms', body: smsBodySchema, summary: 'Send an SMS' },
  { path: '/sms-otp/messages', channel: 'sms_otp', body: smsOtpBodySchema, summary: 'Send an SMS OTP' },
  { path: '/whatsapp/messages', channel: 'whatsapp', body: whatsappBodySchema, summary: 'Send a WhatsApp template or text message' },
  { path: '/calls', channel: 'call', body: callBodySchema, summary: 'Place a text-to-speech call' },
  { path: '/voice-otp', channel: 'voice_otp', body: voiceOtpBodySchema, summary: 'Send a Voice OTP (missed call)' },
  { path: '/email/messages', channel: 'email', body: emailBodySchema, summary: 'Send an e-mail' },
];

/** The /v1 routes of ARCHITECTURE.md §6 with bearer auth, signatures and the per-token send limit. Register with prefix '/v1'. */
export function v1Routes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.decorateRequest('v1Auth', null);
    app.decorateRequest('rawBody', undefined);

    // Keep the raw body: signed requests sign the exact bytes received.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body as string;
      request.rawBody = text;
      if (text.trim() === '') return done(new AppError('invalid_request', 'Request body is empty'), undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(new AppError('invalid_request', 'Request body is not valid JSON') as unknown as FastifyError, undefined);
      }
    });

    app.addHook('onRequest', async (request) => {
      request.v1Auth = await ctx.services.messaging.authenticateBearer(request.headers.authorization, request.routeOptions.config.v1Channel);
    });
    app.addHook('preValidation', async (request) => {
      const auth = request.v1Auth;
      if (!auth?.requireSignature) return;
      const header = (name: string) => {
        const v = request.headers[name];
        return typeof v === 'string' ? v : undefined;
      };
      const signed = { method: request.method, path: request.url, timestamp: header('x-timestamp'), signature: header('x-signature'), rawBody: request.rawBody ?? '' };
      verifyRequestSignature(auth, signed, ctx.now());
      await ctx.services.messaging.refuseReplayedSignature(signed.signature!, signed.timestamp!);
    });

    const rateLimit = {
      max: ctx.config.v1RateLimit,
      timeWindow: '1 minute',
      hook: 'preValidation' as const,
      keyGenerator: (request: { v1Auth: V1Auth | null; ip: string }) => request.v1Auth?.tokenId ?? request.ip,
      errorResponseBuilder: () => new AppError('rate_limited', V1_MESSAGES.rateLimited),
    };

    for (const send of SENDS) {
      app.post(
        send.path,
        {
          config: { v1Channel: send.channel, rateLimit },
          schema: {
            tags: ['v1'],
            summary: send.summary,
            security: [{ bearerAuth: [] }],
            headers: z.looseObject({ 'idempotency-key': z.string().max(1000).optional() }),
            body: send.body,
            response: { 202: v1MessageSchema, 400: errorSchema, 401: errorSchema, 402: errorSchema, 403: errorSchema, 409: errorSchema, 422: errorSchema, 429: errorSchema },
          },
        },
        async (request, reply) => {
          const key = request.headers['idempotency-key'];
          const result = await ctx.services.messaging.acceptMessage(request.v1Auth!, send.channel, request.body as V1SendBody, typeof key === 'string' ? key : undefined);
          if (result.replayed) reply.header('Idempotent-Replayed', 'true');
          else {
            countAcceptedMessage(request.server, send.channel);
            // Quota warnings (issue 10): checked after the answer, never slowing or failing the send.
            const auth = request.v1Auth!;
            if (auth.billingType === 'pre-paid') request.server.afterAnswer.run(request.log, 'quota warning check', () => ctx.services.quota.scheduleWarningCheck(auth.applicationId));
          }
          return reply.status(202).send(result.message);
        },
      );
    }

    // Template management (ARCHITECTURE.md §6): in this scope, so the same authentication applies.
    await app.register(waTemplatesV1Routes(ctx, rateLimit));

    app.get(
      '/messages/:id',
      {
        config: { rateLimit },
        schema: {
          tags: ['v1'],
          summary: 'A message with its status events',
          security: [{ bearerAuth: [] }],
          params: z.object({ id: z.string() }),
          response: { 200: v1MessageSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 429: errorSchema },
        },
      },
      async (request) => ctx.services.messaging.getMessage(request.v1Auth!, request.params.id),
    );
  };
}
