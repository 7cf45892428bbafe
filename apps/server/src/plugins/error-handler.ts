/**
 * One error envelope for /api and /v1 (ARCHITECTURE.md §6): validation problems become
 * `invalid_request` with `details: [{path, message}]`; unknown errors become `internal_error`
 * without internals.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode, ErrorDetail, ErrorEnvelope } from '@pesan/contracts/errors';
import { AppError } from '../lib/errors.ts';

function envelope(code: ErrorCode, message: string, requestId: string, details?: ErrorDetail[]): ErrorEnvelope {
  return { error: { code, message, ...(details?.length ? { details } : {}), request_id: requestId } };
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
        message: v.message ?? 'Invalid value',
      }));
      return reply.status(400).send(envelope('invalid_request', details[0]?.message ?? 'Invalid request', request.id, details));
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      const type = String(request.headers['content-type'] ?? '').split(';')[0]!.trim();
      const message = `Unsupported content type${type ? ` '${type.slice(0, 100)}'` : ''}: send application/json`;
      return reply.status(415).send(envelope('unsupported_media_type', message, request.id));
    }
    const status = err.statusCode ?? 500;
    if (status < 500 && STATUS_CODES[status]) {
      const message = err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? err.message
        : err.message || 'Invalid request';
      return reply.status(status).send(envelope(STATUS_CODES[status]!, message, request.id));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(envelope('internal_error', 'Something went wrong on our side. Please try again.', request.id));
  });
}
