/** /auth/register (console.md §2, §5; ARCHITECTURE.md §7.1). */
import { Stack } from '@mantine/core';
import { RegisterForm } from '../../../features/auth/components/register-form.tsx';
import { PageHeader } from '../../../components/page-header.tsx';

export default function RegisterPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Create your account" description="Start sending WhatsApp, SMS, OTP, voice and e-mail messages through one API." />
      <RegisterForm />
    </Stack>
  );
}
