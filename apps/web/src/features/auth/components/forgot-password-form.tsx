/**
 * Forgot password (console.md §4, §5, §8): Email ('Email is required', 'Email not valid'); on
 * success a banner shows the server's description for 5 s. Failures toast 'Error!' with the message.
 */
import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { forgotPasswordSchema } from '@pesan/contracts/auth';
import { toastApiError } from '../../../components/toasts.ts';
import { applyFieldErrors } from '../../../components/shell-form-errors.ts';
import { localizedSchemaResolver, useFormLanguage } from '../../../lib/form-i18n.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { submitForm } from '../../../lib/form-submit.ts';

/** How long the banner stays, in ms (console.md §9). */
export const FORGOT_BANNER_MS = 5_000;

export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const form = useForm({ mode: 'controlled', initialValues: { email: '' }, validate: localizedSchemaResolver(forgotPasswordSchema) });
  useFormLanguage(form);
  const mutation = useForgotPassword();
  const [banner, setBanner] = useState<string | null>(null);

  useEffect(() => {
    if (!banner) return;
    const t = setTimeout(() => setBanner(null), FORGOT_BANNER_MS);
    return () => clearTimeout(t);
  }, [banner]);

  const submit = submitForm(form, (values) => {
    const { email } = forgotPasswordSchema.parse(values);
    mutation.mutate(email, {
      onSuccess: (res) => setBanner(res.description),
      onError: (err) => {
        if (!applyFieldErrors(err, form.setFieldError, ['email'])) toastApiError(err);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {banner && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} role="status">
            {banner}
          </Alert>
        )}
        <TextInput label={t('fields.email')} type="email" autoComplete="email" placeholder={t('fields.emailPlaceholder')} {...form.getInputProps('email')} />
        <Button type="submit" fullWidth size="md" loading={mutation.isPending}>
          {t('forgotPassword.submit')}
        </Button>
        <Anchor component={Link} to="/auth/login" ta="center" size="sm" fw={600}>
          {t('backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
