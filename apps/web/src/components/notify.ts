/**
 * Toasts of the applications, tokens and Monitoring screens (console.md §8: top-right, 2.5 s,
 * closable). Each toast has a named close button and AA-contrast description text (axe clean).
 */
import { notifications } from '@mantine/notifications';

export type NotifyKind = 'success' | 'error';

/** Shows a toast; `id` replaces an open toast with the same id instead of stacking another. */
export function notify(kind: NotifyKind, title: string, message: string, id?: string): void {
  notifications.show({
    id,
    color: kind === 'success' ? 'green' : 'red',
    title,
    message,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': 'Close notification' },
    styles: { description: { color: 'var(--mantine-color-gray-8)' } },
  });
}
