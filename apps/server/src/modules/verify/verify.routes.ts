/**
 * Verify routes (ARCHITECTURE.md §6.4), HTTP only, registered inside the /v1 scope
 * (messaging/v1.routes.ts), so bearer authentication and signed requests apply as to every /v1
 * call. Start and resend send a message: they count against the application's send rate; check,
 * cancel and get count against the per-token limit. Start and resend need the token of the
 * channel that carries the code (sms: SMS OTP, whatsapp, call, email), otherwise 403
 * `channel_not_enabled`; check, cancel and get take any token of the application.
 */
import type { SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema as errorSchema, type ErrorCode } from '@pesan/contracts/errors';
import { V1_MESSAGES } from '@pesan/contracts/messaging';
import { VERIFY_MESSAGES, verificationSchema, verifyCheckBodySchema, verifyResendBodySchema, verifyStartBodySchema, type VerifyResendBody } from '@pesan/contracts/verify';
import type { AppContext } from '../../context.ts';
import type { V1Auth } from '../../messaging/token-auth.ts';

/** The per-token rate limit of /v1 operations that send nothing (as v1.routes.ts builds it). */
type RateLimitOptions = Record<string, unknown>;

const params = z.object({ id: z.string().describe('The verification id the start answered') });
const ANY_TOKEN = 'Any access token of the application may call it; a verification of another application is a `404`.';

/**
 * A documented error answer of a Verify route: the one envelope, what the status means on that
 * route, and one example per code and message it answers (OpenAPI `examples`).
 */
function verifyError(description: string, cases: { name: string; summary: string; code: ErrorCode; message: string }[]) {
  return {
    description,
    content: {
      'application/json': {
        schema: errorSchema,
        examples: Object.fromEntries(
          cases.map((c) => [c.name, { summary: c.summary, value: { error: { code: c.code, message: c.message, request_id: '5f0c7c1e-2b9d-4a61-9d3e-7a1b2c3d4e5f' } } }]),
        ),
      },
    },
  };
}

type ResponseMap = Record<string, { content?: Record<string, Record<string, unknown>> }>;

/**
 * The OpenAPI transform of a Verify route (route `config.swaggerTransform`): app.ts's
 * jsonSchemaTransform, which keeps only the schema of a declared response's content, then the
 * `examples` the route declared (verifyError) put back on those responses.
 */
const withErrorExamples: SwaggerTransform = (args) => {
  const out = jsonSchemaTransform(args as Parameters<typeof jsonSchemaTransform>[0]);
  const declared = (args.schema as { response?: ResponseMap } | undefined)?.response ?? {};
  const generated = (out.schema as { response?: ResponseMap } | undefined)?.response ?? {};
  for (const [status, response] of Object.entries(declared)) {
    const examples = response?.content?.['application/json']?.['examples'];
    const json = generated[status]?.content?.['application/json'];
    if (examples && json) json['examples'] = examples;
  }
  return out;
};

const CLOSED = { name: 'verification_closed', summary: 'Approved, expired, failed or canceled', code: 'verification_closed', message: VERIFY_MESSAGES.closed } as const;
const WRONG_TOKEN = { name: 'channel_not_enabled', summary: "Not the token of the code's channel", code: 'channel_not_enabled', message: VERIFY_MESSAGES.wrongTokenChannel } as const;
const TOKEN_RATE = { name: 'rate_limited', summary: 'Too many requests for this token or application', code: 'rate_limited', message: V1_MESSAGES.rateLimited } as const;

/** 409 of check, resend and cancel. */
const CLOSED_RESPONSE = verifyError('`verification_closed`: the verification is approved, expired, failed or canceled; start a new one.', [CLOSED]);
/** 429 of check, cancel and get: the per-token limit only. */
const TOKEN_RATE_RESPONSE = verifyError('`rate_limited`: too many requests for this access token; retry after `Retry-After` seconds.', [TOKEN_RATE]);
/** 403 of check, cancel and get: the token may not call /v1 on this application. */
const TOKEN_FORBIDDEN_RESPONSE = verifyError('`channel_not_enabled`: this access token cannot be used here.', [
  { name: 'channel_not_enabled', summary: 'Token refused', code: 'channel_not_enabled', message: V1_MESSAGES.channelNotEnabled },
]);

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
        config: { swaggerTransform: withErrorExamples },
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
          response: {
            201: verificationSchema,
            400: errorSchema,
            401: errorSchema,
            402: errorSchema,
            403: verifyError(
              "`country_not_allowed`: the number is of a country the application does not send codes to; `channel_not_enabled`: the access token is not the one of `channel` (sms: SMS OTP, whatsapp, call, email).",
              [{ name: 'country_not_allowed', summary: 'Country not served', code: 'country_not_allowed', message: VERIFY_MESSAGES.countryNotAllowed }, WRONG_TOKEN],
            ),
            422: errorSchema,
            429: verifyError(
              '`rate_limited`: at most 5 verifications per recipient an hour, the application\'s verifications per minute (60 unless Pesan set another), or the send rate of the token; retry after `Retry-After` seconds.',
              [
                { name: 'recipient', summary: 'Too many for this recipient', code: 'rate_limited', message: VERIFY_MESSAGES.tooManyForRecipient },
                { name: 'application', summary: 'Too many for this application', code: 'rate_limited', message: VERIFY_MESSAGES.tooManyForApplication },
                TOKEN_RATE,
              ],
            ),
          },
        },
      },
      async (request, reply) => reply.status(201).send(await ctx.services.verify.startVerification(request.v1Auth!, request.body)),
    );

    app.post(
      '/verify/:id/check',
      {
        config: { rateLimit, swaggerTransform: withErrorExamples },
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
          response: { 200: verificationSchema, 400: errorSchema, 401: errorSchema, 403: TOKEN_FORBIDDEN_RESPONSE, 404: errorSchema, 409: CLOSED_RESPONSE, 429: TOKEN_RATE_RESPONSE },
        },
      },
      async (request) => ctx.services.verify.checkVerification(request.v1Auth!, request.params.id, request.body.code),
    );

    app.post(
      '/verify/:id/resend',
      {
        preHandler: async (request) => takeSendRate(request.v1Auth!, 1),
        config: { swaggerTransform: withErrorExamples },
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
          response: {
            200: verificationSchema,
            400: errorSchema,
            401: errorSchema,
            402: errorSchema,
            403: verifyError('`channel_not_enabled`: the access token is not the one of the send\'s channel (sms: SMS OTP, whatsapp, call, email).', [WRONG_TOKEN]),
            404: errorSchema,
            409: CLOSED_RESPONSE,
            422: errorSchema,
            429: verifyError('`rate_limited`: at most 5 sends per verification, 30 seconds apart, or the send rate of the token; retry after `Retry-After` seconds.', [
              { name: 'too_many_sends', summary: 'Sent 5 times already', code: 'rate_limited', message: VERIFY_MESSAGES.tooManySends },
              { name: 'too_soon', summary: 'Less than 30 seconds since the last send', code: 'rate_limited', message: VERIFY_MESSAGES.resendTooSoon },
              TOKEN_RATE,
            ]),
          },
        },
      },
      async (request) => ctx.services.verify.resendVerification(request.v1Auth!, request.params.id, (request.body ?? {}) as NonNullable<VerifyResendBody>),
    );

    app.post(
      '/verify/:id/cancel',
      {
        config: { rateLimit, swaggerTransform: withErrorExamples },
        schema: {
          tags: ['v1'],
          summary: 'Cancel a verification',
          description: `A pending verification becomes \`canceled\`; a closed one answers \`409\` \`verification_closed\`. ${ANY_TOKEN}`,
          operationId: 'cancelVerification',
          security: [{ bearerAuth: [] }],
          params,
          response: { 200: verificationSchema, 401: errorSchema, 403: TOKEN_FORBIDDEN_RESPONSE, 404: errorSchema, 409: CLOSED_RESPONSE, 429: TOKEN_RATE_RESPONSE },
        },
      },
      async (request) => ctx.services.verify.cancelVerification(request.v1Auth!, request.params.id),
    );

    app.get(
      '/verify/:id',
      {
        config: { rateLimit, swaggerTransform: withErrorExamples },
        schema: {
          tags: ['v1'],
          summary: 'Get a verification',
          description: `The verification with its status (\`expired\` as soon as \`expires_at\` passed), checks left and sends. ${ANY_TOKEN}`,
          operationId: 'getVerification',
          security: [{ bearerAuth: [] }],
          params,
          response: { 200: verificationSchema, 401: errorSchema, 403: TOKEN_FORBIDDEN_RESPONSE, 404: errorSchema, 429: TOKEN_RATE_RESPONSE },
        },
      },
      async (request) => ctx.services.verify.getVerification(request.v1Auth!, request.params.id),
    );
  };
}
