/**
 * Registration (console.md §2, §5; ARCHITECTURE.md §7.1): Full Name, Email, Phone Number,
 * Password (with the rules tooltip) and Password Confirmation, validated by registerSchema; the
 * server's field errors show under the fields. On success a "check your e-mail" state (its own h1,
 * 'Check your e-mail') with a resend button replaces the form, and `onRegistered` lets the page drop
 * its 'Create your account' heading; nothing is kept in browser storage.
 */
import { useState } from 'react';
import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { AUTH_MESSAGES, registerSchema } from '@pesan/contracts/auth';
import { applyFieldErrors } from '../../../components/shell-form-errors.ts';
import { localizeMessage } from '../../../lib/i18n.ts';
import { localizedSchemaResolver, useFormLanguage } from '../../../lib/form-i18n.ts';
import { toastApiError, toastSuccess } from '../../../components/toasts.ts';
import { useRegister } from '../api/register.ts';
import { useSendVerification } from '../api/send-verification.ts';
import { AuthPasswordInput } from './auth-password-input.tsx';
import { PasswordWithRules } from './password-rules.tsx';
import { submitForm } from '../../../lib/form-submit.ts';

const FIELDS = ['fullName', 'email', 'phoneNumber', 'password', 'confirmPassword'] as const;

/** The registration form and its check-your-e-mail state (see the file comment). */
export function RegisterForm({ onRegistered }: { onRegistered?: () => void } = {}) {
  const { t } = useTranslation('auth');
  const form = useForm({
    mode: 'controlled',
    initialValues: { fullName: '', email: '', phoneNumber: '', password: '', confirmPassword: '' },
    validate: localizedSchemaResolver(registerSchema),
  });
  useFormLanguage(form);
  const registerMutation = useRegister();
  const resend = useSendVerification();
  const [done, setDone] = useState<{ email: string; message: string } | null>(null);

  if (done) {
    return (
      <Stack gap="md" align="flex-start">
        <IconMailCheck size={48} color="var(--mantine-color-blue-8)" aria-hidden />
        <Title order={1} size="h2">
          {t('register.checkEmailTitle')}
        </Title>
        <Text c="gray.8">{localizeMessage(done.message)}</Text>
        <Text c="gray.8">
          <Trans t={t} i18nKey="register.sentTo" values={{ email: done.email }} components={{ strong: <strong /> }} />
        </Text>
        <Button
          variant="outline"
          loading={resend.isPending}
          onClick={() =>
            resend.mutate(done.email, {
              onSuccess: (r) => toastSuccess(localizeMessage(r.description ?? r.message ?? AUTH_MESSAGES.verificationDescription)),
              onError: (err) => toastApiError(err),
            })
          }
        >
          {t('resendVerification')}
        </Button>
        <Anchor component={Link} to="/auth/login" fw={600}>
          {t('backToLogin')}
        </Anchor>
      </Stack>
    );
  }

  const submit = submitForm(form, (values) => {
    const input = registerSchema.parse(values);
    registerMutation.mutate(input, {
      onSuccess: (res) => {
        setDone({ email: res.data?.email ?? input.email, message: res.message ?? AUTH_MESSAGES.registered });
        onRegistered?.();
      },
      onError: (err) => {
        if (!applyFieldErrors(err, form.setFieldError, FIELDS)) toastApiError(err);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label={t('fields.fullName')} autoComplete="name" placeholder={t('register.fullNamePlaceholder')} {...form.getInputProps('fullName')} />
        <TextInput label={t('fields.email')} type="email" autoComplete="email" placeholder={t('fields.emailPlaceholder')} {...form.getInputProps('email')} />
        <TextInput label={t('fields.phoneNumber')} type="tel" autoComplete="tel" placeholder={t('register.phonePlaceholder')} {...form.getInputProps('phoneNumber')} />
        <PasswordWithRules
          label={t('fields.password')}
          autoComplete="new-password"
          placeholder={t('register.passwordPlaceholder')}
          {...form.getInputProps('password')}
        />
        <AuthPasswordInput
          label={t('fields.passwordConfirmation')}
          autoComplete="new-password"
          placeholder={t('register.confirmPlaceholder')}
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" fullWidth size="md" mt="xs" loading={registerMutation.isPending}>
          {t('register.submit')}
        </Button>
        <Text size="sm" ta="center" c="gray.8">
          <Trans t={t} i18nKey="register.haveAccount" components={{ anchor: <Anchor component={Link} to="/auth/login" fw={600} /> }} />
        </Text>
      </Stack>
    </form>
  );
}
