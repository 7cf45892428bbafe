/**
 * /auth/register (console.md §2, §5; ARCHITECTURE.md §7.1). After registering, the 'Create your
 * account' heading gives way to the form's check-your-e-mail state.
 */
import { useState } from 'react';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RegisterForm } from '../../../features/auth/components/register-form.tsx';
import { PageHeader } from '../../../components/page-header.tsx';

/** The registration page (see the file comment). */
export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const [registered, setRegistered] = useState(false);
  return (
    <Stack gap="lg">
      {registered ? null : (
        <PageHeader title={t('pages.register.title')} description={t('pages.register.description')} />
      )}
      <RegisterForm onRegistered={() => setRegistered(true)} />
    </Stack>
  );
}
