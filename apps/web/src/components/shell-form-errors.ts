/** Puts the server's field messages (error envelope `details[{path, message}]`) under form fields. */
import { ApiError } from '../lib/api-client.ts';

/**
 * For each of `fields` with a message in `err.details`, calls `setFieldError(field, message)`.
 * Returns true when at least one field got a message (the caller then needs no toast).
 */
export function applyFieldErrors(err: unknown, setFieldError: (path: string, message: string) => void, fields: readonly string[]): boolean {
  if (!(err instanceof ApiError)) return false;
  let any = false;
  for (const f of fields) {
    const m = err.fieldMessage(f);
    if (m) {
      setFieldError(f, m);
      any = true;
    }
  }
  return any;
}
