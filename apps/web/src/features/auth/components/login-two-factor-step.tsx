/**
 * The second sign-in step (ARCHITECTURE.md §5.1): after the password, an account with two-factor
 * sign-in gives a challenge (held only in the login form's React state) and this step asks for the
 * 6-digit code from the authenticator app, or one of the recovery codes ('Use a recovery code
 * instead'). Focus starts on the code field. A wrong code shows under the field; a challenge that
 * has ended (5 wrong codes, or 10 minutes) goes back to step one with the message (`onBack`).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { User } from '@pesan/contracts/auth';
import { TEAMS_MESSAGES } from '@pesan/contracts/teams-messages';
import { ApiError } from '../../../lib/api-client.ts';
import { localizeMessage } from '../../../lib/i18n.ts';
import { toastApiError } from '../../../components/toasts.ts';
import { isChallengeEnded, useLoginTwoFactor } from '../api/login-two-factor.ts';

export interface LoginTwoFactorStepProps {
  challenge: string;
  onSuccess: (user: User) => void;
  /** Back to step one; `message` says why when the challenge has ended. */
  onBack: (message?: string) => void;
}

export function LoginTwoFactorStep({ challenge, onSuccess, onBack }: LoginTwoFactorStepProps) {
  const { t } = useTranslation('auth');
  const verify = useLoginTwoFactor();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // Focus on the field when the step opens, and again when the kind of code changes.
  useEffect(() => input.current?.focus(), [recovery]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const entered = value.trim();
    if (recovery ? entered === '' : !/^[0-9]{6}$/.test(entered)) {
      setError(localizeMessage(recovery ? TEAMS_MESSAGES.recoveryCodeInvalid : TEAMS_MESSAGES.codeRequired));
      input.current?.focus();
      return;
    }
    setError(null);
    verify.mutate(recovery ? { challenge, recovery_code: entered } : { challenge, code: entered }, {
      onSuccess,
      onError: (err) => {
        if (isChallengeEnded(err)) {
          onBack(localizeMessage(err.message || TEAMS_MESSAGES.challengeEnded));
          return;
        }
        if (err instanceof ApiError && err.status < 500 && err.status !== 429) {
          const field = err.fieldMessage(recovery ? 'recovery_code' : 'code');
          setError(localizeMessage(field ?? err.message));
          setValue('');
          input.current?.focus();
          return;
        }
        toastApiError(err, { silent401: true });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="login-2fa-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id="login-2fa-title">
            {t('login.twoFactor.title')}
          </Title>
          <Text size="sm" c="gray.8">
            {recovery ? t('login.twoFactor.recoveryIntro') : t('login.twoFactor.codeIntro')}
          </Text>
        </Stack>
        {recovery ? (
          <TextInput
            key="recovery"
            ref={input}
            label={t('login.twoFactor.recoveryCode')}
            placeholder={t('login.twoFactor.recoveryPlaceholder')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={error}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
        ) : (
          <TextInput
            key="code"
            ref={input}
            label={t('login.twoFactor.code')}
            placeholder="123456"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
            error={error}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.2em' } }}
          />
        )}
        <Anchor
          component="button"
          type="button"
          size="sm"
          fw={500}
          ta="left"
          onClick={() => {
            setRecovery((r) => !r);
            setValue('');
            setError(null);
          }}
        >
          {recovery ? t('login.twoFactor.useApp') : t('login.twoFactor.useRecovery')}
        </Anchor>
        <Button type="submit" fullWidth size="md" loading={verify.isPending}>
          {t('login.twoFactor.verify')}
        </Button>
        <Group justify="center">
          <Button variant="subtle" color="dark" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={() => onBack()} disabled={verify.isPending}>
            {t('login.twoFactor.back')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
