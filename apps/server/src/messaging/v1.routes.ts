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
  BATCH_MAX_BYTES,
  BATCH_MAX_ITEMS,
  callBodySchema,
  emailBodySchema,
  smsBodySchema,
  smsOtpBodySchema,
  V1_MESSAGES,
  v1BatchAnswerSchema,
  v1MessageSchema,
  voiceOtpBodySchema,
  whatsappBodySchema,
} from '@pesan/contracts/messaging';
import { errorEnvelopeSchema } from '@pesan/contracts/errors';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/errors.ts';
import { verifyRequestSignature, type V1Auth } from './token-auth.ts';
import type { BatchItemInput, V1SendBody } from './v1.service.ts';
import { findUnsafeText } from '@pesan/contracts/text-safety';
import { ZOD_MESSAGES } from '@pesan/contracts/zod-messages';
import { safeTextValidatorCompiler } from '../plugins/validation.ts';
import type { FastifySchemaCompiler } from 'fastify';
import type { SendRateLimiter } from './engine/send-rate.ts';
import { countAcceptedMessage } from '../plugins/metrics.ts';
import { waTemplatesV1Routes } from '../modules/wa-templates/wa-templates-v1.routes.ts';
import { verifyV1Routes } from '../modules/verify/verify.routes.ts';
import { SERVER_MESSAGES } from '@pesan/contracts/server-messages';

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

/** Phone recipients, as every phone channel's description says it. */
const PHONE = 'Phone numbers are E.164 (`+6281234567890`); a national number with a leading 0 is Indonesian (`081234567890` becomes `+6281234567890`).';
const ASYNC = 'The answer is `202` with the message at its first status; follow it with `GET /v1/messages/{id}` or the `message.status` webhook.';

const SENDS: { path: string; channel: ChannelId; body: z.ZodType; summary: string; description: string; operationId: string }[] = [
  {
    path: '/sms/messages',
    channel: 'sms',
    body: smsBodySchema,
    summary: 'Send an SMS',
    operationId: 'sendSms',
    description: `Sends \`text\` to \`to\`. A text of GSM-7 characters fits 160 in one SMS (153 per part when longer); any other character makes it UCS-2, 70 (67 per part). \`total_sms\` counts the parts, each charged as one SMS. \`sender_id\` (at most 11 characters) replaces the application's sender name for this message. ${PHONE} ${ASYNC}`,
  },
  {
    path: '/sms-otp/messages',
    channel: 'sms_otp',
    body: smsOtpBodySchema,
    summary: 'Send an SMS OTP',
    operationId: 'sendSmsOtp',
    description: `Sends a one-time password, written by you in \`text\` (at most 480 characters), charged as one SMS OTP. ${PHONE} ${ASYNC}`,
  },
  {
    path: '/whatsapp/messages',
    channel: 'whatsapp',
    body: whatsappBodySchema,
    summary: 'Send a WhatsApp template or text message',
    operationId: 'sendWhatsApp',
    description:
      'Either `template`: an APPROVED template of the application by `name` and `language`, with its variables in `parameters` (an array in order for a positional template, `{{1}}` first; an object by name for a named one), ' +
      '`header_parameters` for a text header, `header_media: {link}` or `header_location` for a media or location header, and `button_parameters` for URL suffixes and copy codes in button order — or Meta\'s own `components` array instead. ' +
      'A parameter missing or extra is a `400` naming it; a template that does not exist or is not approved is a `422`. ' +
      `Or \`text\`: free text, allowed only within 24 hours of the recipient's last message to you. ${PHONE} ${ASYNC}`,
  },
  {
    path: '/calls',
    channel: 'call',
    body: callBodySchema,
    summary: 'Place a text-to-speech call',
    operationId: 'placeCall',
    description: `Calls \`to\` and reads \`text\` aloud. The status goes \`in_queue\` → \`in_call\` → \`answered\`, or \`rna\` (not answered), \`user_busy\` or \`failed\`. ${PHONE} ${ASYNC}`,
  },
  {
    path: '/voice-otp',
    channel: 'voice_otp',
    body: voiceOtpBodySchema,
    summary: 'Send a Voice OTP (missed call)',
    operationId: 'sendVoiceOtp',
    description: `Rings \`to\` from a calling number whose last \`code_length\` digits (4 to 6, default 4) are the code: the answer's \`otp\` holds them, so you can check the code the user enters. ${PHONE} ${ASYNC}`,
  },
  {
    path: '/email/messages',
    channel: 'email',
    body: emailBodySchema,
    summary: 'Send an e-mail',
    operationId: 'sendEmail',
    description:
      'Sends an e-mail to `to` with `subject` and an `html` body, a `text` body, or both (at least one). `from_name` is the display name of the sender, `reply_to` where answers go. ' +
      `Opens and clicks of the HTML body are tracked (statuses \`opened\`, \`clicked\`), and every e-mail carries a one-click unsubscribe (\`unsubscribe\`). ${ASYNC}`,
  },
];

/**
 * The validator of a batch route: the body is checked as an envelope only (an object holding
 * `messages`, an array of 1 to BATCH_MAX_ITEMS items), so one bad item is refused alone by
 * batchItems; headers as every route (plugins/validation.ts). The documented schema (items as the
 * single send's body) stays what the OpenAPI document shows.
 */
const batchValidatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  if (route.httpPart !== 'body') return safeTextValidatorCompiler(route);
  return (data: unknown) => {
    const messages = data && typeof data === 'object' && !Array.isArray(data) ? (data as { messages?: unknown }).messages : undefined;
    const extra = data && typeof data === 'object' && !Array.isArray(data) ? Object.keys(data).filter((k) => k !== 'messages') : [];
    if (!Array.isArray(messages) || messages.length < 1 || messages.length > BATCH_MAX_ITEMS || extra.length) {
      const path = extra.length ? extra[0]!.slice(0, 100) : 'messages';
      const message = extra.length ? ZOD_MESSAGES.unknownFields(extra.join(', ').slice(0, 200)) : V1_MESSAGES.batchSize;
      return { error: new AppError('invalid_request', message, [{ path, message }]) };
    }
    return { value: data };
  };
};

/**
 * Each batch item checked as the single send checks its body (`schema`, and the text-safety rule),
 * each alone: a valid item carries its parsed body, a refused one its 400 with the field details.
 */
function batchItems(schema: z.ZodType, items: unknown[]): BatchItemInput[] {
  return items.map((item): BatchItemInput => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) return { ok: false, error: new AppError('invalid_request', V1_MESSAGES.batchItem, [{ path: '', message: V1_MESSAGES.batchItem }]) };
    const unsafe = findUnsafeText(item);
    if (unsafe) return { ok: false, error: new AppError('invalid_request', unsafe.message, [unsafe]) };
    const parsed = schema.safeParse(item);
    if (parsed.success) return { ok: true, body: parsed.data as V1SendBody };
    const details = parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
    return { ok: false, error: new AppError('invalid_request', details[0]?.message ?? SERVER_MESSAGES.invalidRequest, details) };
  });
}

/**
 * The /v1 routes of ARCHITECTURE.md §6 with bearer auth, signatures, the per-application send limit
 * (`sendLimiter`, counting messages: engine/send-rate.ts) and the per-token limit of the other
 * operations. Register with prefix '/v1'.
 */
export function v1Routes(ctx: AppContext, sendLimiter: SendRateLimiter): FastifyPluginAsyncZod {
  return async (app) => {
    app.decorateRequest('v1Auth', null);
    app.decorateRequest('rawBody', undefined);

    // Keep the raw body: signed requests sign the exact bytes received.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body as string;
      request.rawBody = text;
      if (text.trim() === '') return done(new AppError('invalid_request', SERVER_MESSAGES.bodyEmpty), undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(new AppError('invalid_request', SERVER_MESSAGES.bodyNotJson) as unknown as FastifyError, undefined);
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

    /**
     * Counts `count` messages against the application's send limit: its operator-set messages per
     * second, else V1_RATE_LIMIT per minute. @throws AppError 429 rate_limited with Retry-After.
     */
    const takeSendRate = async (auth: V1Auth, count: number) => {
      const [limit, windowMs] = auth.sendRatePerSecond ? [auth.sendRatePerSecond, 1000] : [ctx.config.v1RateLimit, 60_000];
      const decision = await sendLimiter.take(auth.applicationId, count, limit, windowMs);
      if (!decision.ok) throw new AppError('rate_limited', V1_MESSAGES.rateLimited, undefined, { 'retry-after': String(decision.retryAfterSeconds) });
    };

    for (const send of SENDS) {
      app.post(
        send.path,
        {
          config: { v1Channel: send.channel },
          preHandler: async (request) => takeSendRate(request.v1Auth!, 1),
          schema: {
            tags: ['v1'],
            summary: send.summary,
            description: send.description,
            operationId: send.operationId,
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

    // Batch twins of every send (ARCHITECTURE.md §6.3).
    for (const send of SENDS) {
      app.post(
        `${send.path}/batch`,
        {
          bodyLimit: BATCH_MAX_BYTES,
          validatorCompiler: batchValidatorCompiler,
          config: { v1Channel: send.channel },
          preHandler: async (request) => takeSendRate(request.v1Auth!, (request.body as { messages: unknown[] }).messages.length),
          schema: {
            tags: ['v1'],
            summary: `${send.summary}: many in one request`,
            description:
              `Sends 1 to 1,000 messages in one request, each \`messages\` item the body of \`POST /v1${send.path}\` (body up to 5 MB). ` +
              'The answer is `202` with one entry per item, in order: the message as the single send answers it, or `{error}` for that item alone (a bad number, a template parameter missing, `quota_exceeded` once the prepaid balance is used up in item order). ' +
              'Only a bad envelope (not an array, empty, over 1,000 items, a bad token) refuses the whole request, and then nothing is sent. ' +
              'The `Idempotency-Key` header covers the batch: the same key and body within 24 hours return the first answer and send nothing; another body is a `409`. ' +
              'Each item counts as one message against the rate limit.',
            operationId: `${send.operationId}Batch`,
            security: [{ bearerAuth: [] }],
            headers: z.looseObject({ 'idempotency-key': z.string().max(1000).optional() }),
            body: z.object({ messages: z.array(send.body).min(1).max(BATCH_MAX_ITEMS).describe('The messages: each the body of the single send') }),
            response: { 202: v1BatchAnswerSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema, 429: errorSchema },
          },
        },
        async (request, reply) => {
          const key = request.headers['idempotency-key'];
          const raw = request.body as { messages: unknown[] };
          const auth = request.v1Auth!;
          const result = await ctx.services.messaging.acceptBatch(auth, send.channel, batchItems(send.body, raw.messages), raw, typeof key === 'string' ? key : undefined);
          if (result.replayed) reply.header('Idempotent-Replayed', 'true');
          else if (result.accepted) {
            countAcceptedMessage(request.server, send.channel, result.accepted);
            if (auth.billingType === 'pre-paid') request.server.afterAnswer.run(request.log, 'quota warning check', () => ctx.services.quota.scheduleWarningCheck(auth.applicationId));
          }
          return reply.status(202).send(result.answer);
        },
      );
    }

    // Template management (ARCHITECTURE.md §6): in this scope, so the same authentication applies.
    await app.register(waTemplatesV1Routes(ctx, rateLimit));
    // Verify (ARCHITECTURE.md §6.4): the token's channel is checked against the body's by the service.
    await app.register(verifyV1Routes(ctx, rateLimit, takeSendRate));

    app.get(
      '/messages/:id',
      {
        config: { rateLimit },
        schema: {
          tags: ['v1'],
          summary: 'Get a message and its status history',
          description:
            'The message with its current `status` and `events`, its status history (each with `at` and, for a failure, `reason`), oldest first. ' +
            'Any of the application\'s access tokens may read any of its messages; a message of another application is a `404`.',
          operationId: 'getMessage',
          security: [{ bearerAuth: [] }],
          params: z.object({ id: z.string().describe('The `id` the send answered') }),
          response: { 200: v1MessageSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 429: errorSchema },
        },
      },
      async (request) => ctx.services.messaging.getMessage(request.v1Auth!, request.params.id),
    );
  };
}
