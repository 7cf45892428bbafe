/**
 * Login form (console.md §2 /auth/login, §5 Login, §8 Login failure; ARCHITECTURE.md §7.1).
 * Login is disabled while either field is empty; 'Email is required' / 'Password is required'
 * show when a field is left empty. Remember me keeps only the e-mail in the browser and asks the
 * server for a 30-day cookie. Failures: toast 'Error!' with the server message; an unverified
 * e-mail shows the message and a 'Resend verification email' action. The schema (and zod) loads
 * when the form is first focused, not with the page (issue 10; utils/login-validation.ts). An
 * account with two-factor sign-in answers with a challenge: the same form then shows the second
 * step (login-two-factor-step.tsx; the challenge lives only in this state), and a challenge that
 * ended comes back here with its message.
 */
import { lazy, Suspense, useState } from 'react';
import { Alert, Anchor, Button, Center, Checkbox, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { AUTH_MESSAGES } from '@pesan/contracts/auth-messages';
import type { User } from '@pesan/contracts/auth';
import { ApiError } from '../../../lib/api-client.ts';
import { localizeMessage } from '../../../lib/i18n.ts';
import { useFormLanguage } from '../../../lib/form-i18n.ts';
import { toastApiError, toastError, toastSuccess } from '../../../components/toasts.ts';
import { isLoginChallenge, useLogin } from '../api/login.ts';
import { useSendVerification } from '../api/send-verification.ts';
import { readRememberedEmail, rememberEmail } from '../utils/browser-storage.ts';
import { loadLoginSchema, preloadLoginSchema, validateLogin, type LoginValues } from '../utils/login-validation.ts';
import { AuthPasswordInput } from './auth-password-input.tsx';

// The second step loads only for accounts with two-factor sign-in (not with the page, issue 10);
// the import starts with the login call, so it is usually there when the challenge arrives.
const loadTwoFactorStep = () => import('./login-two-factor-step.tsx');
const LoginTwoFactorStep = lazy(() => loadTwoFactorStep().then((m) => ({ default: m.LoginTwoFactorStep })));
import { submitForm } from '../../../lib/form-submit.ts';

/** Sign-in form (console.md §5). `initialEmail` pre-fills the address (after organization creation). */
export function LoginForm({ onSuccess, initialEmail }: { onSuccess: (user: User) => void; initialEmail?: string }) {
  const { t } = useTranslation('auth');
  const remembered = readRememberedEmail();
  const form = useForm<LoginValues>({
    mode: 'controlled',
    initialValues: { email: initialEmail ?? remembered ?? '', password: '', remember: remembered !== null },
    validate: validateLogin,
    validateInputOnBlur: ['email', 'password'],
  });
  useFormLanguage(form);
  const loginMutation = useLogin();
  const resend = useSendVerification();
  const [unverified, setUnverified] = useState<{ email: string; message: string } | null>(null);
  // The second step's challenge and the address it is for (React state only, never stored).
  const [twoFactor, setTwoFactor] = useState<{ challenge: string; email: string; remember: boolean } | null>(null);
  const [challengeEnded, setChallengeEnded] = useState<string | null>(null);

  const submit = submitForm(form, async (values) => {
    let loginSchema: Awaited<ReturnType<typeof loadLoginSchema>>;
    try {
      loginSchema = await loadLoginSchema();
    } catch {
      toastError(t('common:errors.generic'));
      return;
    }
    const result = loginSchema.safeParse(values);
    if (!result.success) {
      // Only after a validation that ran without the schema (its chunk had failed to load).
      form.setErrors(await validateLogin(values));
      return;
    }
    const parsed = result.data;
    setUnverified(null);
    setChallengeEnded(null);
    void loadTwoFactorStep().catch(() => undefined);
    loginMutation.mutate(
      { email: parsed.email, password: parsed.password, remember: values.remember },
      {
        onSuccess: (result) => {
          if (isLoginChallenge(result)) {
            setTwoFactor({ challenge: result.challenge, email: parsed.email, remember: values.remember });
            return;
          }
          rememberEmail(values.remember ? parsed.email : null);
          onSuccess(result);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'email_not_verified') {
            setUnverified({ email: parsed.email, message: err.message });
            return;
          }
          toastApiError(err, { silent401: true });
        },
      },
    );
  });

  const empty = form.values.email.trim() === '' || form.values.password === '';

  if (twoFactor)
    return (
      <Suspense
        fallback={
          <Center py="xl">
            <Loader aria-label={t('login.twoFactor.title')} />
          </Center>
        }
      >
        <LoginTwoFactorStep
          challenge={twoFactor.challenge}
          onSuccess={(user) => {
            rememberEmail(twoFactor.remember ? twoFactor.email : null);
            onSuccess(user);
          }}
          onBack={(message) => {
            setTwoFactor(null);
            setChallengeEnded(message ?? null);
            form.setFieldValue('password', '');
          }}
        />
      </Suspense>
    );

  return (
    <form onSubmit={submit} onFocus={preloadLoginSchema} noValidate>
      <Stack gap="md">
        {challengeEnded && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            <Text size="sm" c="dark.7">
              {challengeEnded}
            </Text>
          </Alert>
        )}
        {unverified && (
          <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} title={t('login.unverifiedTitle')}>
            <Text size="sm" c="dark.7">
              {unverified.message}
            </Text>
            <Button
              mt="sm"
              size="xs"
              variant="outline"
              color="dark"
              loading={resend.isPending}
              onClick={() =>
                resend.mutate(unverified.email, {
                  onSuccess: (r) => toastSuccess(localizeMessage(r.description ?? r.message ?? AUTH_MESSAGES.verificationDescription)),
                  onError: (err) => toastApiError(err),
                })
              }
            >
              {t('resendVerification')}
            </Button>
          </Alert>
        )}
        <TextInput label={t('fields.email')} type="email" autoComplete="email" placeholder={t('fields.emailPlaceholder')} {...form.getInputProps('email')} />
        <AuthPasswordInput
          label={t('fields.password')}
          autoComplete="current-password"
          placeholder={t('login.passwordPlaceholder')}
          {...form.getInputProps('password')}
        />
        <Group justify="space-between">
          <Checkbox label={t('login.rememberMe')} {...form.getInputProps('remember', { type: 'checkbox' })} />
          <Anchor component={Link} to="/auth/forgot-password" size="sm" fw={500}>
            {t('login.forgotPassword')}
          </Anchor>
        </Group>
        <Button type="submit" fullWidth size="md" disabled={empty} loading={loginMutation.isPending}>
          {t('login.submit')}
        </Button>
        <Text size="sm" ta="center" c="gray.8">
          <Trans t={t} i18nKey="login.noAccount" components={{ anchor: <Anchor component={Link} to="/auth/register" fw={600} /> }} />
        </Text>
      </Stack>
    </form>
  );
}
