/**
 * Toast helpers for the console (console.md §8: top-right, 2.5 s, closable, paused on hover — the
 * Notifications provider sets position and duration). Errors the global api-event handler already
 * announces (5xx, and 401 unless the call was silent) are not toasted twice.
 */
import { notifications } from '@mantine/notifications';
import { CONSOLE_MESSAGES } from '@pesan/contracts/console-messages';
import { ApiError } from '../lib/api-client.ts';

/**
 * Green toast; `title` defaults to 'Success'. `id` replaces an open toast with the same id instead
 * of stacking another (the theme gives every toast a named close button).
 */
export function toastSuccess(message: string, title: string = CONSOLE_MESSAGES.successTitle, id?: string): void {
  notifications.show({ id, color: 'green', title, message });
}

/** Red toast titled 'Error!' (§8) unless `title` is given, with `message`. */
export function toastError(message: string, title: string = CONSOLE_MESSAGES.errorTitle, id?: string): void {
  notifications.show({ id, color: 'red', title, message });
}

/** Yellow warning toast. */
export function toastWarning(message: string, title = 'Warning'): void {
  notifications.show({ color: 'yellow', title, message });
}

/**
 * Toasts an error from a failed call with the server's message, unless it is already announced
 * globally: a 5xx, or a 401 of a call made without `silent401`. Pass `silent401` for calls that
 * opted out of the global 401 handling (login). `fallback` replaces the server message when given.
 */
export function toastApiError(err: unknown, opts: { silent401?: boolean; fallback?: string } = {}): void {
  if (err instanceof ApiError) {
    if (err.status >= 500) return;
    if (err.status === 401 && !opts.silent401) return;
    toastError(opts.fallback ?? err.message);
    return;
  }
  toastError(opts.fallback ?? (err instanceof Error ? err.message : 'Something went wrong'));
}
