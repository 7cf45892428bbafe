/**
 * The one error envelope of both APIs (ARCHITECTURE.md §6):
 * `{"error": {"code", "message", "details"?, "request_id"}}`.
 */
import { z } from 'zod';

export const ERROR_CODES = {
  invalid_request: 400,
  unauthorized: 401,
  quota_exceeded: 402,
  forbidden: 403,
  email_not_verified: 403,
  channel_not_enabled: 403,
  not_found: 404,
  idempotency_conflict: 409,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  template_not_approved: 422,
  rate_limited: 429,
  internal_error: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

/** One field problem: `path` is the dotted body path ('channels', 'to'), `message` the text to show. */
export interface ErrorDetail {
  path: string;
  message: string;
}

export interface ErrorEnvelope {
  error: { code: ErrorCode; message: string; details?: ErrorDetail[]; request_id: string };
}

/**
 * The envelope as a zod schema for route response declarations; its id makes every declared error
 * response a `$ref` to the one `ErrorEnvelope` component of the OpenAPI document.
 */
export const errorEnvelopeSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
      request_id: z.string(),
    }),
  })
  .meta({ id: 'ErrorEnvelope' });
