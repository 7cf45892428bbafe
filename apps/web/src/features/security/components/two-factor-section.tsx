/**
 * Two-factor sign-in on the Security page (ARCHITECTURE.md §5.1): off → Set up (POST setup) shows
 * the otpauth QR code with a text alternative, the key grouped in fours with a copy button, and a
 * 6-digit code field → Enable shows the recovery codes once; on → a status badge and Turn off (a
 * modal asking the password and a code). The secret and the codes live only in this component's
 * state (never browser storage or the URL). `onChanged` (the page's) refreshes the session user.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Badge, Button, Code, Group, Modal, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck, IconShieldOff } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { TEAMS_MESSAGES } from '@pesan/contracts/teams-messages';
import { AUTH_MESSAGES } from '@pesan/contracts/auth-messages';
import { ApiError } from '../../../lib/api-client.ts';
import { localizeMessage } from '../../../lib/i18n.ts';
import { CopyValueButton } from '../../../components/copy-value-button.tsx';
import { toastApiError, toastSuccess } from '../../../components/toasts.ts';
import { useSetupTwoFactor, type TwoFactorSetup } from '../api/setup-two-factor.ts';
import { useEnableTwoFactor } from '../api/enable-two-factor.ts';
import { useDisableTwoFactor } from '../api/disable-two-factor.ts';
import { groupSecret } from '../utils/secret-key.ts';
import { CodeInput } from './code-input.tsx';
import { RecoveryCodesPanel } from './recovery-codes.tsx';

export interface TwoFactorSectionProps {
  /** Whether 2FA is on for the signed-in user (session user's twoFactorEnabled). */
  enabled: boolean;
  /** The organization requires 2FA: it cannot be turned off. */
  required: boolean;
  /** After 2FA was turned on or off: refresh the session user. */
  onChanged: () => void;
}

const SIX_DIGITS = /^[0-9]{6}$/;

/** A server message for a field: its detail, else its message, in the interface language. */
const errorText = (err: unknown, field?: string) =>
  err instanceof ApiError ? localizeMessage((field && err.fieldMessage(field)) || err.message) : err instanceof Error ? err.message : String(err);

export function TwoFactorSection({ enabled, required, onChanged }: TwoFactorSectionProps) {
  const { t } = useTranslation('security');
  const setup = useSetupTwoFactor();
  const [pending, setPending] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [disableOpen, setDisableOpen] = useState(false);
  const statusRef = useRef<HTMLDivElement>(null);
  const [focusStatus, setFocusStatus] = useState(false);
  useEffect(() => {
    if (focusStatus) {
      statusRef.current?.focus();
      setFocusStatus(false);
    }
  }, [focusStatus]);

  const start = () =>
    setup.mutate(undefined, {
      onSuccess: (s) => setPending(s),
      onError: (err) => {
        toastApiError(err, { fallback: err instanceof ApiError && err.status < 500 ? undefined : t('twoFactor.setupFailed') });
        // 409: already on (turned on in another tab): the session user catches up.
        if (err instanceof ApiError && err.status === 409) onChanged();
      },
    });

  const status = enabled ? t('twoFactor.statusOn') : t('twoFactor.statusOff');
  let body;
  if (codes) {
    body = (
      <RecoveryCodesPanel
        codes={codes}
        onDone={() => {
          setCodes(null);
          setFocusStatus(true);
        }}
      />
    );
  } else if (pending && !enabled) {
    body = (
      <SetupPanel
        setup={pending}
        onCancel={() => {
          setPending(null);
          setFocusStatus(true);
        }}
        onEnabled={(recovery) => {
          setPending(null);
          setCodes(recovery);
          toastSuccess(TEAMS_MESSAGES.twoFactorEnabled);
          onChanged();
        }}
      />
    );
  } else {
    body = (
      <Stack gap="sm" align="flex-start">
        <Text size="sm" c="gray.8">
          {enabled ? t('twoFactor.onText') : t('twoFactor.offText')}
        </Text>
        {enabled ? (
          required ? (
            <Text size="sm" c="gray.8" fs="italic">
              {t('twoFactor.requiredCannotTurnOff')}
            </Text>
          ) : (
            <Button variant="outline" color="red.9" leftSection={<IconShieldOff size={16} aria-hidden />} onClick={() => setDisableOpen(true)}>
              {t('twoFactor.turnOff')}
            </Button>
          )
        ) : (
          <Button leftSection={<IconShieldCheck size={16} aria-hidden />} onClick={start} loading={setup.isPending}>
            {t('twoFactor.setUp')}
          </Button>
        )}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="security-2fa-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={4}>
            <Title order={2} size="h3" id="security-2fa-title">
              {t('twoFactor.title')}
            </Title>
            <Text size="sm" c="gray.7">
              {t('twoFactor.description')}
            </Text>
          </Stack>
          <div ref={statusRef} tabIndex={-1} aria-label={t('twoFactor.statusLabel', { status })} role="status" style={{ flexShrink: 0 }}>
            <Badge color={enabled ? 'green' : 'gray'} variant="light" size="lg" aria-hidden styles={{ label: { color: 'var(--mantine-color-dark-9)' } }}>
              {status}
            </Badge>
          </div>
        </Group>
        {body}
      </Stack>
      <DisableModal
        opened={disableOpen}
        onClose={() => setDisableOpen(false)}
        onDisabled={() => {
          setDisableOpen(false);
          toastSuccess(TEAMS_MESSAGES.twoFactorDisabled);
          onChanged();
          setFocusStatus(true);
        }}
      />
    </Paper>
  );
}

/** Step 2 of the setup: the QR code, the key and the code field. */
function SetupPanel({ setup, onCancel, onEnabled }: { setup: TwoFactorSetup; onCancel: () => void; onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation('security');
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const grouped = groupSecret(setup.secret);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!SIX_DIGITS.test(code)) {
      setError(localizeMessage(TEAMS_MESSAGES.codeRequired));
      return;
    }
    setError(null);
    enable.mutate(code, {
      onSuccess: (r) => onEnabled(r.recovery_codes),
      onError: (err) => {
        if (err instanceof ApiError && err.status < 500) setError(errorText(err, 'code'));
        else toastApiError(err);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={3} size="h4" ref={heading} tabIndex={-1}>
          {t('twoFactor.setupTitle')}
        </Title>
        <Text size="sm">{t('twoFactor.scanStep')}</Text>
        <Paper p="sm" bg="white" withBorder radius="md" w="fit-content">
          <QRCodeSVG value={setup.otpauth_url} size={176} marginSize={2} title={t('twoFactor.qrLabel')} role="img" aria-label={t('twoFactor.qrLabel')} />
        </Paper>
        <Stack gap={4}>
          <Text size="sm" id="security-manual-key-label">
            {t('twoFactor.manualKey')}
          </Text>
          <Group gap="xs" wrap="nowrap" align="center">
            <Code
              fz="md"
              px="sm"
              py={6}
              aria-labelledby="security-manual-key-label"
              data-testid="manual-key"
              style={{ wordSpacing: '0.25em', overflowWrap: 'anywhere', whiteSpace: 'normal' }}
            >
              {grouped}
            </Code>
            <CopyValueButton value={setup.secret} label={t('twoFactor.copyKey')} size="md" />
          </Group>
        </Stack>
        <Text size="sm">{t('twoFactor.codeStep')}</Text>
        <CodeInput label={t('twoFactor.code')} placeholder={t('twoFactor.codePlaceholder')} value={code} onChange={setCode} error={error} required />
        <Group gap="sm">
          <Button type="submit" loading={enable.isPending}>
            {t('twoFactor.enable')}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={enable.isPending}>
            {t('twoFactor.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Turn off: the password and a current code. */
function DisableModal({ opened, onClose, onDisabled }: { opened: boolean; onClose: () => void; onDisabled: () => void }) {
  const { t } = useTranslation('security');
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string; form?: string }>({});
  const close = () => {
    if (disable.isPending) return;
    setPassword('');
    setCode('');
    setErrors({});
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (!password) next.password = localizeMessage(AUTH_MESSAGES.passwordRequired);
    if (!SIX_DIGITS.test(code)) next.code = localizeMessage(TEAMS_MESSAGES.codeRequired);
    setErrors(next);
    if (next.password || next.code) return;
    disable.mutate(
      { password, code },
      {
        onSuccess: () => {
          setPassword('');
          setCode('');
          setErrors({});
          onDisabled();
        },
        onError: (err) => {
          if (!(err instanceof ApiError) || err.status >= 500) return toastApiError(err);
          const pw = err.fieldMessage('password');
          const cd = err.fieldMessage('code');
          if (pw || cd) setErrors({ password: pw && localizeMessage(pw), code: cd && localizeMessage(cd) });
          else if (localizeMessage(err.message) === localizeMessage(TEAMS_MESSAGES.passwordWrong)) setErrors({ password: localizeMessage(err.message) });
          else if (localizeMessage(err.message) === localizeMessage(TEAMS_MESSAGES.codeInvalid)) setErrors({ code: localizeMessage(err.message) });
          else setErrors({ form: localizeMessage(err.message) });
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={close} title={t('twoFactor.disableTitle')} centered closeButtonProps={{ 'aria-label': t('twoFactor.close') }} styles={{ title: { fontWeight: 700 } }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('twoFactor.disableText')}</Text>
          <PasswordInput
            label={t('twoFactor.password')}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password}
            required
            data-autofocus
          />
          <CodeInput label={t('twoFactor.code')} placeholder={t('twoFactor.codePlaceholder')} value={code} onChange={setCode} error={errors.code} required />
          {errors.form && (
            <Text size="sm" c="red.9" role="alert">
              {errors.form}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={disable.isPending}>
              {t('twoFactor.cancel')}
            </Button>
            <Button type="submit" color="red.9" loading={disable.isPending}>
              {t('twoFactor.disableConfirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
