/**
 * One error envelope for /api and /v1 (ARCHITECTURE.md §6): validation problems become
 * `invalid_request` with `details: [{path, message}]`; unknown errors become `internal_error`
 * without internals.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode, ErrorDetail, ErrorEnvelope } from '@pesan/contracts/errors';
import { translateMessage } from '@pesan/contracts/message-translate';
import { SERVER_MESSAGES } from '@pesan/contracts/server-messages';
import { AppError } from '../lib/errors.ts';
import { requestLanguage } from '../lib/request-language.ts';

/** Most `details` entries an answer lists; the rest are counted in one last entry (issue 23 item 21). */
export const MAX_ERROR_DETAILS = 20;

/**
 * `details` capped: the first MAX_ERROR_DETAILS, then `{path: '', message: '…and N more problems'}`
 * (so 100,000 invalid items answer a few kilobytes, not megabytes).
 */
export function capDetails(details: ErrorDetail[]): ErrorDetail[] {
  if (details.length <= MAX_ERROR_DETAILS) return details;
  return [...details.slice(0, MAX_ERROR_DETAILS), { path: '', message: SERVER_MESSAGES.moreProblems(details.length - MAX_ERROR_DETAILS) }];
}

/** The error envelope of ARCHITECTURE.md §6, its `details` capped (capDetails). */
function envelope(code: ErrorCode, message: string, requestId: string, details?: ErrorDetail[]): ErrorEnvelope {
  return { error: { code, message, ...(details?.length ? { details: capDetails(details) } : {}), request_id: requestId } };
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  406: 'invalid_request',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  416: 'range_not_satisfiable',
  429: 'rate_limited',
};

export { envelope };

/** Installs the error handler that answers every error with the envelope (AppError, zod validation, Fastify 4xx, 500). */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply.status(err.statusCode).send(envelope(err.code, err.message, request.id, err.details));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        path: (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? SERVER_MESSAGES.invalidValue,
      }));
      return reply.status(400).send(envelope('invalid_request', details[0]?.message ?? SERVER_MESSAGES.invalidRequest, request.id, details));
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      const type = String(request.headers['content-type'] ?? '').split(';')[0]!.trim();
      const message = type ? SERVER_MESSAGES.unsupportedContentType(type.slice(0, 100)) : SERVER_MESSAGES.unsupportedContentTypeNone;
      return reply.status(415).send(envelope('unsupported_media_type', message, request.id));
    }
    const status = err.statusCode ?? 500;
    if (status < 500 && STATUS_CODES[status]) {
      const message = err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? err.message
        : err.message || SERVER_MESSAGES.invalidRequest;
      return reply.status(status).send(envelope(STATUS_CODES[status]!, message, request.id));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(envelope('internal_error', SERVER_MESSAGES.internalError, request.id));
  });
}

/** A JSON answer body as the language hook sees it: an error envelope or a success body. */
interface AnswerBody {
  error?: { message?: unknown; details?: unknown };
  message?: unknown;
  description?: unknown;
}

/**
 * `body` with its user-visible texts in Indonesian: an envelope's `error.message` and each
 * `error.details[].message`, or a success body's top-level `message` and `description`. Other
 * bodies (arrays, strings, streams) come back as they are.
 */
export function translateAnswer<T>(body: T): T {
  if (!body || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) return body;
  const b = body as AnswerBody;
  if (b.error && typeof b.error === 'object') {
    const error = { ...b.error };
    if (typeof error.message === 'string') error.message = translateMessage(error.message, 'id');
    if (Array.isArray(error.details)) {
      error.details = error.details.map((d: unknown) =>
        d && typeof d === 'object' && typeof (d as { message?: unknown }).message === 'string'
          ? { ...d, message: translateMessage((d as { message: string }).message, 'id') }
          : d,
      );
    }
    return { ...body, error } as T;
  }
  if (typeof b.message !== 'string' && typeof b.description !== 'string') return body;
  const out = { ...b };
  if (typeof out.message === 'string') out.message = translateMessage(out.message, 'id');
  if (typeof out.description === 'string') out.description = translateMessage(out.description, 'id');
  return out as T;
}

const isJson = (reply: FastifyReply) => /^application\/(.+\+)?json\b/i.test(String(reply.getHeader('content-type') ?? ''));

/**
 * Answers follow the request's language (ARCHITECTURE.md §10; lib/request-language.ts): when it is
 * Indonesian, the envelope's and success bodies' texts are translated (translateAnswer) before
 * serialization; English bodies are left untouched. Every JSON answer says its
 * `Content-Language` and `Vary: Accept-Language`.
 */
export function registerAnswerLanguage(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) =>
    requestLanguage(request) === 'id' ? translateAnswer(payload) : payload,
  );
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isJson(reply)) return payload;
    reply.header('Content-Language', requestLanguage(request));
    const vary = reply.getHeader('vary');
    const list = Array.isArray(vary) ? vary.join(', ') : String(vary ?? '');
    if (!/(^|,)\s*(accept-language|\*)\s*(,|$)/i.test(list)) reply.header('Vary', list ? `${list}, Accept-Language` : 'Accept-Language');
    return payload;
  });
}
