/** /auth/forgot-password (console.md §2, §4, §5). */
import { Stack } from '@mantine/core';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form.tsx';
import { PageHeader } from '../../../components/page-header.tsx';

export default function ForgotPasswordPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Forgot your password?" description="Enter the e-mail address of your account and we will send you a link to reset your password." />
      <ForgotPasswordForm />
    </Stack>
  );
}
