/** /auth/login (console.md §2, §5, §8). After sign-in: /my-application (the guard sends users without an organization on). */
import { Alert, Stack } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { ORGANIZATION_MESSAGES } from '@pesan/contracts/organization';
import { LoginForm } from '../../../features/auth/components/login-form.tsx';
import { PageHeader } from '../../../components/page-header.tsx';

export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const state = location.state as { successCreateOrganization?: boolean; email?: string } | null;
  const createdOrganization = state?.successCreateOrganization === true;
  return (
    <Stack gap="lg">
      <PageHeader title="Welcome back" description="Sign in to manage your applications and monitor your messages." />
      {createdOrganization && (
        <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} role="status">
          {ORGANIZATION_MESSAGES.created}
        </Alert>
      )}
      <LoginForm initialEmail={state?.email} onSuccess={() => navigate('/my-application', { replace: true })} />
    </Stack>
  );
}
