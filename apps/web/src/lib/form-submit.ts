/**
 * One submit for every form (issue 23 item 17): after a submit that leaves a field in error — the
 * form's own validation, or the server's field messages the handler put under fields — the first
 * invalid field gets the focus and is scrolled into view with its message, so a person on a small
 * screen sees why nothing happened (and a screen reader reads the field and its error).
 */
import type { FormEvent } from 'react';
import type { UseFormReturnType } from '@mantine/form';

const FOCUSABLE = 'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The first field of `root` in error, in document order: an element marked `aria-invalid="true"`,
 * or the first focusable control in the wrapper of a shown field message (Mantine's
 * `.mantine-InputWrapper-error`, e.g. a checkbox group). Null when nothing is in error.
 */
export function firstInvalidField(root: ParentNode): HTMLElement | null {
  for (const mark of root.querySelectorAll<HTMLElement>('[aria-invalid="true"], .mantine-InputWrapper-error')) {
    if (mark.getAttribute('aria-invalid') === 'true' && !mark.classList.contains('mantine-InputWrapper-error')) return mark;
    const field = mark.closest('.mantine-InputWrapper-root')?.querySelector<HTMLElement>(FOCUSABLE);
    if (field) return field;
  }
  return null;
}

/**
 * Once React has shown the errors (the next task), focuses the first invalid field of `form` and
 * scrolls its field (label, input and message) to the middle of the screen. Nothing when `form` is
 * gone (the page moved on) or nothing is in error.
 */
export function focusFirstInvalid(form: Element | null | undefined): void {
  if (!form) return;
  setTimeout(() => {
    if (!form.isConnected) return;
    const field = firstInvalidField(form);
    if (!field) return;
    field.focus({ preventScroll: true });
    const box = field.closest('.mantine-InputWrapper-root') ?? field;
    if (typeof box.scrollIntoView === 'function') box.scrollIntoView({ block: 'center' });
  }, 0);
}

/**
 * The `onSubmit` of a Mantine form, used by every form: `handle(values)` runs with valid values;
 * a validation failure, or field errors left by `handle` (awaited), focus and show the first
 * invalid field (focusFirstInvalid). Example: `<form onSubmit={submitForm(form, save)} noValidate>`.
 */
export function submitForm<Values, Transformed = Values>(
  form: Pick<UseFormReturnType<Values, Transformed>, 'onSubmit'>,
  handle: (values: Transformed) => unknown,
): (event?: FormEvent<HTMLFormElement>) => void {
  return form.onSubmit(
    async (values, event) => {
      const element = event?.currentTarget;
      try {
        await handle(values);
      } finally {
        focusFirstInvalid(element);
      }
    },
    (_errors, _values, event) => focusFirstInvalid(event?.currentTarget),
  );
}
