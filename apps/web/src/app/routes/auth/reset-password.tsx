/** /auth/reset-password?token=… (console.md §2, §4, §5, §8): reachable without login. */
import { Stack } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form.tsx';
import { PageHeader } from '../../../components/page-header.tsx';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <PageHeader title="Reset your password" description="Choose a new password for your account." />
      <ResetPasswordForm token={params.get('token') ?? ''} onDone={() => navigate('/auth/login', { replace: true })} />
    </Stack>
  );
}
