/**
 * A confirmation of a template action (templates-dashboard-reports.md §2.2: 'Are you sure
 * duplicate this template?', 'Delete templates cannot be restored. Are you sure you want to delete
 * this template?', and the bulk delete): a centred modal named by its title, with the spec's
 * question, Cancel, and the confirm button that shows its progress while the call runs (the
 * dialog cannot be dismissed meanwhile).
 */
import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** The question (the spec's text). */
  message: ReactNode;
  confirmLabel: string;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
  /** The call is running: the confirm button spins, nothing closes. */
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog({ opened, title, message, confirmLabel, danger, busy, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation('wa-templates');
  return (
    <Modal
      opened={opened}
      onClose={() => !busy && onClose()}
      title={title}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': t('confirm.close') }}
      styles={{ title: { fontWeight: 700, overflowWrap: 'anywhere' } }}
    >
      <Stack gap="lg">
        <Text size="sm">{message}</Text>
        <Group justify="flex-end" gap="sm">
          {/* A destructive confirmation starts on Cancel, so Enter does not delete by accident. */}
          <Button variant="default" onClick={onClose} disabled={busy} data-autofocus={danger || undefined}>
            {t('confirm.cancel')}
          </Button>
          <Button color={danger ? 'red.9' : undefined} onClick={onConfirm} loading={busy} data-autofocus={!danger || undefined}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
