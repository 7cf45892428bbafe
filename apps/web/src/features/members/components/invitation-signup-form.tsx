/**
 * Creating the account from an invitation (ARCHITECTURE.md §5.1): Full Name, Phone Number,
 * Password (with the rules) and Password Confirmation, validated with the register rules and
 * messages (registerSchema, the invited e-mail filling its e-mail field), then
 * POST …/accept {fullName, phoneNumber, password, confirmPassword}: the account is made, signed
 * in and joins. The password inputs come from the page (the auth feature's, with the rules tooltip).
 */
import type { ComponentType } from 'react';
import { Button, Stack, TextInput, type PasswordInputProps } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { registerSchema } from '@pesan/contracts/auth';
import { applyFieldErrors } from '../../../components/shell-form-errors.ts';
import { toastApiError } from '../../../components/toasts.ts';
import { localizedSchemaResolver, useFormLanguage } from '../../../lib/form-i18n.ts';
import { submitForm } from '../../../lib/form-submit.ts';
import type { NewAccountInput } from '../api/accept-invitation.ts';

export type PasswordFieldComponent = ComponentType<PasswordInputProps & { value?: string }>;

export interface InvitationSignupFormProps {
  email: string;
  pending: boolean;
  PasswordField: PasswordFieldComponent;
  ConfirmField: PasswordFieldComponent;
  /** Creates the account and joins; rejects with the ApiError on a refusal. */
  onSubmit: (account: NewAccountInput) => Promise<unknown>;
}

const FIELDS = ['fullName', 'phoneNumber', 'password', 'confirmPassword'] as const;

export function InvitationSignupForm({ email, pending, PasswordField, ConfirmField, onSubmit }: InvitationSignupFormProps) {
  const { t } = useTranslation('members');
  const form = useForm({
    mode: 'controlled',
    initialValues: { fullName: '', email, phoneNumber: '', password: '', confirmPassword: '' },
    validate: localizedSchemaResolver(registerSchema),
  });
  useFormLanguage(form);

  const submit = submitForm(form, async (values) => {
    const { fullName, phoneNumber, password, confirmPassword } = registerSchema.parse({ ...values, email });
    try {
      await onSubmit({ fullName, phoneNumber, password, confirmPassword });
    } catch (err) {
      if (!applyFieldErrors(err, form.setFieldError, FIELDS)) toastApiError(err, { silent401: true });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label={t('landing.fullName')} autoComplete="name" placeholder={t('landing.fullNamePlaceholder')} {...form.getInputProps('fullName')} />
        <TextInput label={t('landing.email')} type="email" autoComplete="email" value={email} readOnly />
        <TextInput label={t('landing.phoneNumber')} type="tel" autoComplete="tel" placeholder={t('landing.phonePlaceholder')} {...form.getInputProps('phoneNumber')} />
        <PasswordField label={t('landing.password')} autoComplete="new-password" placeholder={t('landing.passwordPlaceholder')} {...form.getInputProps('password')} />
        <ConfirmField label={t('landing.passwordConfirmation')} autoComplete="new-password" placeholder={t('landing.confirmPlaceholder')} {...form.getInputProps('confirmPassword')} />
        <Button type="submit" fullWidth size="md" mt="xs" loading={pending}>
          {t('landing.submit')}
        </Button>
      </Stack>
    </form>
  );
}
