/** /auth/register (console.md §2, §5; ARCHITECTURE.md §7.1). */
import { Stack, Text, Title } from '@mantine/core';
import { RegisterForm } from '../../../features/auth/components/register-form.tsx';

export default function RegisterPage() {
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Create your account
        </Title>
        <Text c="gray.8" mt={4}>
          Start sending WhatsApp, SMS, OTP, voice and e-mail messages through one API.
        </Text>
      </div>
      <RegisterForm />
    </Stack>
  );
}
