/**
 * Change password (console.md §4 Password change, §5, §8): Current Password, New Password (rules
 * tooltip) and Password Confirmation, validated by changePasswordSchema; Save is disabled while
 * either new field is empty. On success the message shows, then after 2 s `onDone` (logout).
 * A wrong current password shows under its field.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { IconCircleCheck } from '@tabler/icons-react';
import { AUTH_MESSAGES, changePasswordSchema } from '@pesan/contracts/auth';
import { applyFieldErrors } from '../../../components/shell-form-errors.ts';
import { toastApiError, toastSuccess } from '../../../components/toasts.ts';
import { localizeMessage } from '../../../lib/i18n.ts';
import { localizedSchemaResolver, useFormLanguage } from '../../../lib/form-i18n.ts';
import { useChangePassword } from '../api/change-password.ts';
import { AuthPasswordInput } from './auth-password-input.tsx';
import { PasswordWithRules } from './password-rules.tsx';
import { submitForm } from '../../../lib/form-submit.ts';

/** Delay before signing out after a change, in ms (console.md §9). */
export const CHANGE_PASSWORD_LOGOUT_MS = 2_000;

export function ChangePasswordForm({ userId, onDone }: { userId: string; onDone: () => void }) {
  const { t } = useTranslation('auth');
  const form = useForm({
    mode: 'controlled',
    initialValues: { oldPassword: '', password: '', confirmPassword: '' },
    validate: localizedSchemaResolver(changePasswordSchema),
  });
  useFormLanguage(form);
  const mutation = useChangePassword();
  const [success, setSuccess] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const submit = submitForm(form, (values) => {
    mutation.mutate(
      { userId, ...values },
      {
        onSuccess: (res) => {
          const message = res.message ?? res.description ?? AUTH_MESSAGES.passwordChanged;
          setSuccess(message);
          toastSuccess(localizeMessage(message));
          timer.current = setTimeout(onDone, CHANGE_PASSWORD_LOGOUT_MS);
        },
        onError: (err) => {
          if (!applyFieldErrors(err, form.setFieldError, ['oldPassword', 'password', 'confirmPassword'])) toastApiError(err);
        },
      },
    );
  });

  const newEmpty = form.values.password === '' || form.values.confirmPassword === '';

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={480}>
        {success && (
          <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} role="status">
            {localizeMessage(success)}
          </Alert>
        )}
        <AuthPasswordInput label={t('changePassword.currentPassword')} autoComplete="current-password" {...form.getInputProps('oldPassword')} />
        <PasswordWithRules label={t('changePassword.newPassword')} autoComplete="new-password" {...form.getInputProps('password')} />
        <AuthPasswordInput label={t('fields.passwordConfirmation')} autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
        <Group justify="flex-end">
          <Button type="submit" disabled={newEmpty || success !== null} loading={mutation.isPending}>
            {t('changePassword.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
