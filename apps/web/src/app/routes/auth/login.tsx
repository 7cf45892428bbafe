/** /auth/login (console.md §2, §5, §8). After sign-in: /my-application (the guard sends users without an organization on). */
import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { ORGANIZATION_MESSAGES } from '@pesan/contracts/organization';
import { LoginForm } from '../../../features/auth/components/login-form.tsx';

export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const state = location.state as { successCreateOrganization?: boolean; email?: string } | null;
  const createdOrganization = state?.successCreateOrganization === true;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Welcome back
        </Title>
        <Text c="gray.8" mt={4}>
          Sign in to manage your applications and monitor your messages.
        </Text>
      </div>
      {createdOrganization && (
        <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} role="status">
          {ORGANIZATION_MESSAGES.created}
        </Alert>
      )}
      <LoginForm initialEmail={state?.email} onSuccess={() => navigate('/my-application', { replace: true })} />
    </Stack>
  );
}
