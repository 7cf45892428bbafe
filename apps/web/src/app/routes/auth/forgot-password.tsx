/** /auth/forgot-password (console.md §2, §4, §5). */
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form.tsx';
import { PageHeader } from '../../../components/page-header.tsx';

export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="lg">
      <PageHeader title={t('pages.forgotPassword.title')} description={t('pages.forgotPassword.description')} />
      <ForgotPasswordForm />
    </Stack>
  );
}
