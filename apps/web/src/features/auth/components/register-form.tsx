/**
 * Registration (console.md §2, §5; ARCHITECTURE.md §7.1): Full Name, Email, Phone Number,
 * Password (with the rules tooltip) and Password Confirmation, validated by registerSchema; the
 * server's field errors show under the fields. On success a "check your e-mail" state (its own h1,
 * 'Check your e-mail') with a resend button replaces the form, and `onRegistered` lets the page drop
 * its 'Create your account' heading; nothing is kept in browser storage.
 */
import { useState } from 'react';
import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm, schemaResolver } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AUTH_MESSAGES, registerSchema } from '@pesan/contracts/auth';
import { applyFieldErrors } from '../../../components/shell-form-errors.ts';
import { toastApiError, toastSuccess } from '../../../components/toasts.ts';
import { useRegister } from '../api/register.ts';
import { useSendVerification } from '../api/send-verification.ts';
import { AuthPasswordInput } from './auth-password-input.tsx';
import { PasswordWithRules } from './password-rules.tsx';

const FIELDS = ['fullName', 'email', 'phoneNumber', 'password', 'confirmPassword'] as const;

/** The registration form and its check-your-e-mail state (see the file comment). */
export function RegisterForm({ onRegistered }: { onRegistered?: () => void } = {}) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { fullName: '', email: '', phoneNumber: '', password: '', confirmPassword: '' },
    validate: schemaResolver(registerSchema, { sync: true }),
  });
  const registerMutation = useRegister();
  const resend = useSendVerification();
  const [done, setDone] = useState<{ email: string; message: string } | null>(null);

  if (done) {
    return (
      <Stack gap="md" align="flex-start">
        <IconMailCheck size={48} color="var(--mantine-color-blue-8)" aria-hidden />
        <Title order={1} size="h2">
          Check your e-mail
        </Title>
        <Text c="gray.8">{done.message}</Text>
        <Text c="gray.8">
          We sent the link to <strong>{done.email}</strong>. Didn&apos;t get it? Check your spam folder or send it again.
        </Text>
        <Button
          variant="outline"
          loading={resend.isPending}
          onClick={() =>
            resend.mutate(done.email, {
              onSuccess: (r) => toastSuccess(r.description ?? r.message ?? AUTH_MESSAGES.verificationDescription),
              onError: (err) => toastApiError(err),
            })
          }
        >
          Resend verification email
        </Button>
        <Anchor component={Link} to="/auth/login" fw={600}>
          Back to Login
        </Anchor>
      </Stack>
    );
  }

  const submit = form.onSubmit((values) => {
    const input = registerSchema.parse(values);
    registerMutation.mutate(input, {
      onSuccess: (res) => {
        setDone({ email: res.data?.email ?? input.email, message: res.message ?? AUTH_MESSAGES.registered });
        onRegistered?.();
      },
      onError: (err) => {
        if (!applyFieldErrors(err, form.setFieldError, FIELDS)) toastApiError(err);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Full Name" autoComplete="name" placeholder="Your full name" {...form.getInputProps('fullName')} />
        <TextInput label="Email" type="email" autoComplete="email" placeholder="you@company.com" {...form.getInputProps('email')} />
        <TextInput label="Phone Number" type="tel" autoComplete="tel" placeholder="0812xxxxxxx" {...form.getInputProps('phoneNumber')} />
        <PasswordWithRules label="Password" autoComplete="new-password" placeholder="Create a password" {...form.getInputProps('password')} />
        <AuthPasswordInput
          label="Password Confirmation"
          autoComplete="new-password"
          placeholder="Repeat the password"
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" fullWidth size="md" mt="xs" loading={registerMutation.isPending}>
          Register
        </Button>
        <Text size="sm" ta="center" c="gray.8">
          Already have an account?{' '}
          <Anchor component={Link} to="/auth/login" fw={600}>
            Login
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
