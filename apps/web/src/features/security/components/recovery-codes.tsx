/**
 * The 10 recovery codes, shown once right after two-factor sign-in is turned on (ARCHITECTURE.md
 * §5.1): Copy all, Download (a .txt made from a Blob in memory, nothing stored) and 'I saved them',
 * which closes the panel for good. Focus moves to the heading when it opens.
 */
import { useEffect, useRef } from 'react';
import { Alert, Button, CopyButton, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { downloadBlob } from '../../../lib/api-client.ts';
import { COPY_CONFIRM_MS } from '../../../components/copy-value-button.tsx';
import { recoveryCodesText } from '../utils/secret-key.ts';

export interface RecoveryCodesPanelProps {
  codes: readonly string[];
  onDone: () => void;
}

export function RecoveryCodesPanel({ codes, onDone }: RecoveryCodesPanelProps) {
  const { t } = useTranslation('security');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const text = recoveryCodesText(codes, t('twoFactor.fileHeading'));
  return (
    <Stack gap="md">
      <Title order={3} size="h4" ref={heading} tabIndex={-1}>
        {t('twoFactor.recoveryTitle')}
      </Title>
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
        <Text size="sm" c="dark.7">
          {t('twoFactor.recoveryWarning')}
        </Text>
      </Alert>
      <Paper withBorder p="md" radius="md" bg="gray.0">
        <List
          aria-label={t('twoFactor.recoveryListLabel')}
          listStyleType="none"
          ff="monospace"
          fz="md"
          spacing={0}
          style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(7.5rem, 1fr))', gap: '0.25rem var(--mantine-spacing-lg)' }}
        >
          {codes.map((c) => (
            <List.Item key={c} data-testid="recovery-code">
              {c}
            </List.Item>
          ))}
        </List>
      </Paper>
      <Group gap="sm" wrap="wrap">
        <CopyButton value={text} timeout={COPY_CONFIRM_MS}>
          {({ copied, copy }) => (
            <Button variant="default" leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />} onClick={copy}>
              {copied ? t('twoFactor.copiedAll') : t('twoFactor.copyAll')}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => downloadBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), 'pesan-recovery-codes.txt')}
        >
          {t('twoFactor.download')}
        </Button>
        <Button onClick={onDone}>{t('twoFactor.saved')}</Button>
      </Group>
    </Stack>
  );
}
