/**
 * E-mail verification (console.md §4 Email verification; ARCHITECTURE.md §7.1): PATCHes the token
 * once on mount; the link itself signs the user in. Success: toast with the server's message, the
 * session query holds the user, then `onVerified`. Failure: toast 'Invalid email verification',
 * then `onFailed`.
 */
import { useEffect, useRef } from 'react';
import { Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AUTH_MESSAGES } from '@pesan/contracts/auth';
import { toastError, toastSuccess } from '../../../components/toasts.ts';
import { localizeMessage } from '../../../lib/i18n.ts';
import { sessionQueryKey } from '../api/get-session.ts';
import { verifyEmail } from '../api/verify-email.ts';

export function EmailVerification({ token, onVerified, onFailed }: { token: string; onVerified: () => void; onFailed: () => void }) {
  const { t } = useTranslation('auth');
  const qc = useQueryClient();
  const started = useRef(false);
  const callbacks = useRef({ onVerified, onFailed });
  callbacks.current = { onVerified, onFailed };

  useEffect(() => {
    // StrictMode mounts effects twice; verifyEmail shares one request per token, and the ref keeps
    // the toast and navigation to one.
    if (started.current) return;
    started.current = true;
    verifyEmail(token).then(
      (res) => {
        qc.setQueryData(sessionQueryKey, res.data);
        toastSuccess(localizeMessage(res.message ?? AUTH_MESSAGES.emailVerified));
        callbacks.current.onVerified();
      },
      () => {
        toastError(localizeMessage(AUTH_MESSAGES.invalidVerification));
        callbacks.current.onFailed();
      },
    );
  }, [token, qc]);

  return (
    <Stack align="center" gap="md" py="xl" role="status">
      <Loader aria-hidden />
      <Text c="gray.8">{t('emailVerification.verifying')}</Text>
    </Stack>
  );
}
