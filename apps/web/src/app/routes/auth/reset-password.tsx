/** /auth/reset-password?token=… (console.md §2, §4, §5, §8): reachable without login. */
import { Stack } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form.tsx';
import { PageHeader } from '../../../components/page-header.tsx';

export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <PageHeader title={t('pages.resetPassword.title')} description={t('pages.resetPassword.description')} />
      <ResetPasswordForm token={params.get('token') ?? ''} onDone={() => navigate('/auth/login', { replace: true })} />
    </Stack>
  );
}
