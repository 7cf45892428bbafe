/**
 * Form validation in the interface language (ARCHITECTURE.md §10): the contracts' zod schemas
 * carry the spec's English messages; these helpers show them in the current language, and
 * re-render messages already on screen when the language changes (input stays).
 */
import { useEffect } from 'react';
import { schemaResolver, type UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { localizeMessage } from './i18n.ts';

type Resolver = ReturnType<typeof schemaResolver>;
type Errors = Record<string, unknown>;

const localizeErrors = (errors: Errors): Record<string, string> =>
  Object.fromEntries(Object.entries(errors).filter(([, m]) => typeof m === 'string' && m).map(([k, m]) => [k, localizeMessage(m as string)]));

/**
 * `schemaResolver(schema, { sync: true })` whose messages are in the current language.
 * Example: `validate: localizedSchemaResolver(loginSchema)`.
 */
export function localizedSchemaResolver(...args: Parameters<typeof schemaResolver>): (values: unknown) => Record<string, string> {
  const [schema, options] = args;
  const resolve = schemaResolver(schema, { sync: true, ...options }) as unknown as (values: unknown) => Errors;
  return (values) => localizeErrors(resolve(values));
}
export type { Resolver };

/** Puts the form's shown messages into the new language when the language changes. */
export function useFormLanguage(form: Pick<UseFormReturnType<never>, 'errors' | 'setErrors'>): void {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  useEffect(() => {
    if (Object.keys(form.errors).length) form.setErrors(localizeErrors(form.errors));
    // Only a language change re-words the messages.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lang]);
}
