/**
 * Application errors that the error handler turns into the envelope
 * `{"error": {"code", "message", "details"?, "request_id"}}` (ARCHITECTURE.md §6).
 */
import { ERROR_CODES, type ErrorCode, type ErrorDetail } from '@pesan/contracts/errors';

export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.statusCode = ERROR_CODES[code];
  }
}

/** 404 for a missing resource or one of another organization (never a 403 that confirms it exists). */
export const notFound = (what = 'Resource') => new AppError('not_found', `${what} not found`);

/** 400 with one field message, shown under that field by the console. */
export const fieldError = (path: string, message: string) => new AppError('invalid_request', message, [{ path, message }]);
