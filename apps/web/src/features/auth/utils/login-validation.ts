/**
 * The login form's validation with its schema (`loginSchema`, @pesan/contracts/auth) loaded on
 * first use: zod stays off the login page's first load (issue 10, budget 200 KB gzip). The form
 * starts the load when it is first focused (`preloadLoginSchema`); a validation that runs before
 * the schema is there waits for it (Mantine's form takes a validator that returns a promise), so
 * the messages are the schema's, as before. Should the chunk fail to load, the empty-field checks
 * (the same AUTH_MESSAGES texts) stand in and the next validation tries again.
 */
import { AUTH_MESSAGES } from '@pesan/contracts/auth-messages';
import { localizedSchemaResolver } from '../../../lib/form-i18n.ts';
import { localizeMessage } from '../../../lib/i18n.ts';

type LoginSchema = (typeof import('@pesan/contracts/auth'))['loginSchema'];

/** The login form's values. */
export interface LoginValues {
  email: string;
  password: string;
  remember: boolean;
}

type Errors = Record<string, string>;

let resolve: ((values: unknown) => Errors) | null = null;
let loading: Promise<LoginSchema> | null = null;

/** Loads the login schema once (again after a failed attempt); resolves to it. */
export function loadLoginSchema(): Promise<LoginSchema> {
  loading ??= import('@pesan/contracts/auth').then(
    ({ loginSchema }) => {
      resolve = localizedSchemaResolver(loginSchema);
      return loginSchema;
    },
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** Starts loading the login schema (on the form's first focus); errors wait for the next validation. */
export function preloadLoginSchema(): void {
  loadLoginSchema().catch(() => {});
}

/** 'Email is required' / 'Password is required' for empty fields: the schema's first checks. */
function emptyFieldErrors(values: LoginValues): Errors {
  const errors: Errors = {};
  if (values.email.trim() === '') errors.email = localizeMessage(AUTH_MESSAGES.emailRequired);
  if (values.password === '') errors.password = localizeMessage(AUTH_MESSAGES.passwordRequired);
  return errors;
}

/**
 * The form's `validate`: the schema's messages in the current language, at once when the schema
 * has loaded, else once it has (see the file comment).
 * Example: `useForm({ validate: validateLogin, validateInputOnBlur: ['email', 'password'] })`.
 */
export function validateLogin(values: LoginValues): Errors | Promise<Errors> {
  if (resolve) return resolve(values);
  return loadLoginSchema().then(
    () => resolve!(values),
    () => emptyFieldErrors(values),
  );
}
