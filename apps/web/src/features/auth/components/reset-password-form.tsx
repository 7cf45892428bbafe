/**
 * Reset password (console.md §4 Reset password, §5, §8): Password with the rules tooltip and
 * Password Confirmation, validated by passwordPairSchema (required, both mismatch messages,
 * 'Password not valid'). On success a toast with the server's message, on failure 'Opps, your
 * request is expired. Please try again!'; either way /auth/login after 4 s.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { AUTH_MESSAGES, passwordPairSchema } from '@pesan/contracts/auth';
import { toastError, toastSuccess } from '../../../components/toasts.ts';
import { localizeMessage } from '../../../lib/i18n.ts';
import { localizedSchemaResolver, useFormLanguage } from '../../../lib/form-i18n.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthPasswordInput } from './auth-password-input.tsx';
import { PasswordWithRules } from './password-rules.tsx';
import { submitForm } from '../../../lib/form-submit.ts';

/** Delay before going back to login, in ms (console.md §9). */
export const RESET_REDIRECT_MS = 4_000;

export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation('auth');
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', confirmPassword: '' },
    validate: localizedSchemaResolver(passwordPairSchema),
  });
  useFormLanguage(form);
  const mutation = useResetPassword();
  const [finished, setFinished] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const finish = () => {
    setFinished(true);
    timer.current = setTimeout(onDone, RESET_REDIRECT_MS);
  };

  const submit = submitForm(form, (values) => {
    mutation.mutate(
      { token, ...values },
      {
        onSuccess: (res) => {
          toastSuccess(localizeMessage(res.message ?? res.description ?? AUTH_MESSAGES.passwordReset));
          finish();
        },
        onError: () => {
          toastError(localizeMessage(AUTH_MESSAGES.resetExpired));
          finish();
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PasswordWithRules
          label={t('fields.password')}
          autoComplete="new-password"
          placeholder={t('resetPassword.passwordPlaceholder')}
          {...form.getInputProps('password')}
        />
        <AuthPasswordInput
          label={t('fields.passwordConfirmation')}
          autoComplete="new-password"
          placeholder={t('resetPassword.confirmPlaceholder')}
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" fullWidth size="md" loading={mutation.isPending} disabled={finished}>
          {t('resetPassword.submit')}
        </Button>
      </Stack>
    </form>
  );
}
