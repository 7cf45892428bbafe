/**
 * The `whsec_…` signing secret, shown once after the first save or a rotation (ARCHITECTURE.md
 * §6.2): the secret in a monospace block with a copy button and the note that it will not be shown
 * again, and 'I have saved it' to dismiss it.
 */
import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { CopyValueButton } from '../../../components/copy-value-button.tsx';

/** The English note that the secret is shown once (webhooks.json `secret.onceNote`; tests match it). */
export const SECRET_ONCE_NOTE = 'Copy it now and store it somewhere safe: it will not be shown again.';

export function SecretAlert({ secret, onDismiss }: { secret: string; onDismiss: () => void }) {
  const { t } = useTranslation('webhooks');
  return (
    <Alert color="yellow" variant="light" icon={<IconKey size={18} aria-hidden />} title={t('secret.title')} data-testid="webhook-secret" styles={{ title: { color: 'var(--mantine-color-dark-9)' } }}>
      <Stack gap="xs">
        <Text size="sm">
          <Trans t={t} i18nKey="secret.use" components={{ code: <Code /> }} /> {t('secret.onceNote')}
        </Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Code
            aria-label={t('secret.label')}
            style={{ flex: '1 1 auto', minWidth: 0, overflowWrap: 'anywhere', fontSize: 13, padding: '6px 8px', userSelect: 'all' }}
          >
            {secret}
          </Code>
          <CopyValueButton value={secret} label={t('secret.copy')} size="lg" />
        </Group>
        <Group justify="flex-end">
          <Button size="xs" variant="default" onClick={onDismiss}>
            {t('secret.dismiss')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
