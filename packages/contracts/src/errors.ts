/**
 * The one error envelope of both APIs (ARCHITECTURE.md §6):
 * `{"error": {"code", "message", "details"?, "request_id"}}`.
 */
import { z } from './zod.ts';

export const ERROR_CODES = {
  invalid_request: 400,
  unauthorized: 401,
  quota_exceeded: 402,
  forbidden: 403,
  email_not_verified: 403,
  channel_not_enabled: 403,
  /** Verify: the recipient's country is not among the application's (ARCHITECTURE.md §6.4). */
  country_not_allowed: 403,
  not_found: 404,
  idempotency_conflict: 409,
  conflict: 409,
  /** Verify: the verification is approved, expired, failed or canceled (ARCHITECTURE.md §6.4). */
  verification_closed: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  template_not_approved: 422,
  /** Console ranges over messages that start before the oldest kept messages (RETENTION_DAYS). */
  outside_retention: 422,
  rate_limited: 429,
  internal_error: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

const errorDetailSchema = z.object({
  path: z.string().describe('The dotted body field (`channels`, `template.parameters.1`)'),
  message: z.string().describe('The text shown under that field'),
});

/**
 * The one error envelope (ARCHITECTURE.md §6), without its OpenAPI id: what the OpenAPI document's
 * `ErrorEnvelope` component is generated from (plugins/openapi.ts).
 */
export const errorEnvelopeBody = z.object({
  error: z.object({
    code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]).describe('What went wrong, as a stable code; the HTTP status follows from it'),
    message: z.string().describe('A sentence to show the user.'),
    details: z.array(errorDetailSchema).optional().describe('Field problems, one per field'),
    request_id: z.string().describe('Also in the X-Request-Id header.'),
  }),
});

/**
 * The envelope for route response declarations: its id makes every declared error response a
 * `$ref` to the one `ErrorEnvelope` component of the OpenAPI document.
 */
export const errorEnvelopeSchema = errorEnvelopeBody.meta({ id: 'ErrorEnvelope' });

/** One field problem: `path` is the dotted body path ('channels', 'to'), `message` the text to show. */
export type ErrorDetail = z.infer<typeof errorDetailSchema>;
/** `{"error": {"code", "message", "details"?, "request_id"}}`. */
export type ErrorEnvelope = z.infer<typeof errorEnvelopeBody>;
