/**
 * Application errors that the error handler turns into the envelope
 * `{"error": {"code", "message", "details"?, "request_id"}}` (ARCHITECTURE.md §6).
 */
import { ERROR_CODES, type ErrorCode, type ErrorDetail } from '@pesan/contracts/errors';
import { RESOURCE_NAMES, SERVER_MESSAGES, type ResourceName } from '@pesan/contracts/server-messages';

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
export const notFound = (what: ResourceName = 'resource') => new AppError('not_found', SERVER_MESSAGES.notFound(RESOURCE_NAMES[what]));

/** 400 with one field message, shown under that field by the console. */
export const fieldError = (path: string, message: string) => new AppError('invalid_request', message, [{ path, message }]);
