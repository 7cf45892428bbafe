/** /auth/forgot-password (console.md §2, §4, §5). */
import { Stack, Text, Title } from '@mantine/core';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form.tsx';

export default function ForgotPasswordPage() {
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Forgot your password?
        </Title>
        <Text c="gray.8" mt={4}>
          Enter the e-mail address of your account and we will send you a link to reset your password.
        </Text>
      </div>
      <ForgotPasswordForm />
    </Stack>
  );
}
