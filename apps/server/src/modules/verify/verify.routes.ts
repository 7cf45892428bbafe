/**
 * Verify routes (ARCHITECTURE.md §6.4), HTTP only, registered inside the /v1 scope
 * (messaging/v1.routes.ts), so bearer authentication and signed requests apply as to every /v1
 * call. Start and resend send a message: they count against the application's send rate; check,
 * cancel and get count against the per-token limit. Start and resend need the token of the
 * channel that carries the code (sms: SMS OTP, whatsapp, call, email), otherwise 403
 * `channel_not_enabled`; check, cancel and get take any token of the application.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema as errorSchema } from '@pesan/contracts/errors';
import { verificationSchema, verifyCheckBodySchema, verifyResendBodySchema, verifyStartBodySchema, type VerifyResendBody } from '@pesan/contracts/verify';
import type { AppContext } from '../../context.ts';
import type { V1Auth } from '../../messaging/token-auth.ts';

/** The per-token rate limit of /v1 operations that send nothing (as v1.routes.ts builds it). */
type RateLimitOptions = Record<string, unknown>;

const params = z.object({ id: z.string().describe('The verification id the start answered') });
const ANY_TOKEN = 'Any access token of the application may call it; a verification of another application is a `404`.';

/**
 * The /v1/verify routes. `rateLimit`: the per-token limit; `takeSendRate(auth, n)`: counts `n`
 * messages against the application's send limit (429 rate_limited with Retry-After).
 */
export function verifyV1Routes(ctx: AppContext, rateLimit: RateLimitOptions, takeSendRate: (auth: V1Auth, count: number) => Promise<void>): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/verify',
      {
        preHandler: async (request) => takeSendRate(request.v1Auth!, 1),
        schema: {
          tags: ['v1'],
          summary: 'Start a verification: send a one-time code',
          description:
            'Generates a code of `code_length` digits (4 to 10, default 6) and sends it to `to` over `channel`: `sms` (an SMS OTP; send with the SMS OTP token), `whatsapp` (the APPROVED AUTHENTICATION template named by `template`, with the code in its body and its copy-code or one-tap button; the WhatsApp token), `call` (the code spoken digit by digit; the Call token) or `email` (the Email token), in `locale` (`en` or `id`). ' +
            'The verification lasts `expires_in` seconds (60 to 3600, default 600). Pesan stores only an HMAC of the code: check it with `POST /v1/verify/{id}/check`. ' +
            'Each code is an ordinary message of its channel (quota, Monitoring with the code masked, `message.status` webhooks). At most 5 verifications per recipient an hour and 60 per application a minute (unless Pesan set another limit): `429` with `Retry-After`; a number of a country the application does not serve is a `403` `country_not_allowed`.',
          operationId: 'startVerification',
          security: [{ bearerAuth: [] }],
          body: verifyStartBodySchema,
          response: { 201: verificationSchema, 400: errorSchema, 401: errorSchema, 402: errorSchema, 403: errorSchema, 422: errorSchema, 429: errorSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await ctx.services.verify.startVerification(request.v1Auth!, request.body)),
    );

    app.post(
      '/verify/:id/check',
      {
        config: { rateLimit },
        schema: {
          tags: ['v1'],
          summary: 'Check a code',
          description:
            'Answers the verification with `valid: true` (it is now `approved`) or `valid: false` (one check used; the 5th wrong code makes it `failed`). ' +
            `A verification that is approved, expired, failed or canceled answers \`409\` \`verification_closed\`. ${ANY_TOKEN}`,
          operationId: 'checkVerification',
          security: [{ bearerAuth: [] }],
          params,
          body: verifyCheckBodySchema,
          response: { 200: verificationSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema },
        },
      },
      async (request) => ctx.services.verify.checkVerification(request.v1Auth!, request.params.id, request.body.code),
    );

    app.post(
      '/verify/:id/resend',
      {
        preHandler: async (request) => takeSendRate(request.v1Auth!, 1),
        schema: {
          tags: ['v1'],
          summary: 'Send a new code',
          description:
            'Sends a new code (the previous one is no longer valid) on `channel`, by default the verification\'s own; send with the token of that channel (and `template` for `whatsapp` when the verification has none). ' +
            'At most 5 sends per verification, 30 seconds apart: `429` with `Retry-After`. A closed verification answers `409` `verification_closed`.',
          operationId: 'resendVerification',
          security: [{ bearerAuth: [] }],
          params,
          body: verifyResendBodySchema,
          response: { 200: verificationSchema, 400: errorSchema, 401: errorSchema, 402: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema, 429: errorSchema },
        },
      },
      async (request) => ctx.services.verify.resendVerification(request.v1Auth!, request.params.id, (request.body ?? {}) as NonNullable<VerifyResendBody>),
    );

    app.post(
      '/verify/:id/cancel',
      {
        config: { rateLimit },
        schema: {
          tags: ['v1'],
          summary: 'Cancel a verification',
          description: `A pending verification becomes \`canceled\`; a closed one answers \`409\` \`verification_closed\`. ${ANY_TOKEN}`,
          operationId: 'cancelVerification',
          security: [{ bearerAuth: [] }],
          params,
          response: { 200: verificationSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema },
        },
      },
      async (request) => ctx.services.verify.cancelVerification(request.v1Auth!, request.params.id),
    );

    app.get(
      '/verify/:id',
      {
        config: { rateLimit },
        schema: {
          tags: ['v1'],
          summary: 'Get a verification',
          description: `The verification with its status (\`expired\` as soon as \`expires_at\` passed), checks left and sends. ${ANY_TOKEN}`,
          operationId: 'getVerification',
          security: [{ bearerAuth: [] }],
          params,
          response: { 200: verificationSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 429: errorSchema },
        },
      },
      async (request) => ctx.services.verify.getVerification(request.v1Auth!, request.params.id),
    );
  };
}
