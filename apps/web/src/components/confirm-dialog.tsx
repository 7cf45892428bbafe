/**
 * A confirmation modal (template duplicate and delete, removing a member, revoking an invitation,
 * ending sessions): centred, named by its title, the question, Cancel and the confirm button that
 * spins while the call runs (the dialog cannot be dismissed meanwhile). A `danger` confirmation has
 * a red confirm button and starts on Cancel, so Enter does not destroy anything by accident.
 * The caller passes the Cancel and close-button texts of its own namespace.
 */
import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** The question. */
  message: ReactNode;
  confirmLabel: string;
  /** Texts of the Cancel button and of the close button's accessible name. */
  cancelLabel: string;
  closeLabel: string;
  /** Red confirm button, focus on Cancel: for destructive actions. */
  danger?: boolean;
  /** The call is running: the confirm button spins, nothing closes. */
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog({ opened, title, message, confirmLabel, cancelLabel, closeLabel, danger, busy, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={() => !busy && onClose()}
      title={title}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': closeLabel }}
      styles={{ title: { fontWeight: 700, overflowWrap: 'anywhere' } }}
    >
      <Stack gap="lg">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {message}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy} data-autofocus={danger || undefined}>
            {cancelLabel}
          </Button>
          <Button color={danger ? 'red.9' : undefined} onClick={onConfirm} loading={busy} data-autofocus={!danger || undefined}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
