/**
 * Toast helpers for the console (console.md §8: top-right, 2.5 s, closable, paused on hover — the
 * Notifications provider sets position and duration). Errors the global api-event handler already
 * announces (5xx, and 401 unless the call was silent) are not toasted twice. Default titles and the
 * close button's name are in the interface language at the time of the call (ARCHITECTURE.md §10).
 */
import { notifications } from '@mantine/notifications';
import { CONSOLE_MESSAGES } from '@pesan/contracts/console-messages';
import { ApiError } from '../lib/api-client.ts';
import i18n, { localizeMessage } from '../lib/i18n.ts';

/** The close button's accessible name, in the current language. */
const closeButtonProps = () => ({ 'aria-label': i18n.t('common:toast.close') });

/*
 * Texts handed in are passed through localizeMessage: a contract message (a *_MESSAGES text) shows
 * in the current language; any other text (a server answer, already in the user's language, or a
 * caller's translated text) comes back unchanged.
 */

/**
 * Green toast; `title` defaults to 'Success'. `id` replaces an open toast with the same id instead
 * of stacking another (the theme gives every toast a named close button).
 */
export function toastSuccess(message: string, title?: string, id?: string): void {
  notifications.show({ id, color: 'green', title: localizeMessage(title ?? CONSOLE_MESSAGES.successTitle), message: localizeMessage(message), closeButtonProps: closeButtonProps() });
}

/** Red toast titled 'Error!' (§8) unless `title` is given, with `message`. */
export function toastError(message: string, title?: string, id?: string): void {
  notifications.show({ id, color: 'red', title: localizeMessage(title ?? CONSOLE_MESSAGES.errorTitle), message: localizeMessage(message), closeButtonProps: closeButtonProps() });
}

/** Yellow toast titled 'Warning' unless `title` is given. */
export function toastWarning(message: string, title?: string): void {
  notifications.show({ color: 'yellow', title: title === undefined ? i18n.t('common:toast.warningTitle') : localizeMessage(title), message: localizeMessage(message), closeButtonProps: closeButtonProps() });
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
  toastError(opts.fallback ?? (err instanceof Error ? err.message : i18n.t('common:errors.generic')));
}
