/** /auth/reset-password?token=… (console.md §2, §4, §5, §8): reachable without login. */
import { Stack, Text, Title } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form.tsx';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Reset your password
        </Title>
        <Text c="gray.8" mt={4}>
          Choose a new password for your account.
        </Text>
      </div>
      <ResetPasswordForm token={params.get('token') ?? ''} onDone={() => navigate('/auth/login', { replace: true })} />
    </Stack>
  );
}
