/**
 * Terms modal (console.md §2 Terms modal, §4 Terms, §5, §8): 'Syarat dan Ketentuan', 600 px,
 * Indonesian text, a mandatory checkbox ('Wajib'); Confirm is disabled until it is ticked.
 * Closing it unticked calls `onDismiss` (the caller warns).
 */
import { useState } from 'react';
import { Box, Button, Checkbox, Group, Modal, Stack } from '@mantine/core';
import { TermsText } from './terms-text.tsx';

export interface TermsModalProps {
  opened: boolean;
  submitting: boolean;
  onConfirm: () => void;
  onDismiss: () => void;
  /** Called once the closing transition has ended (the modal is gone from the page). */
  onClosed?: () => void;
}

export function TermsModal({ opened, submitting, onConfirm, onDismiss, onClosed }: TermsModalProps) {
  const [agreed, setAgreed] = useState(false);
  return (
    <Modal
      opened={opened}
      onClose={onDismiss}
      onExitTransitionEnd={onClosed}
      // No fade: the modal is either fully there or gone (no half-transparent text on screen).
      transitionProps={{ duration: 0 }}
      title="Syarat dan Ketentuan"
      size={600}
      centered
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Tutup' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md">
        {/* Focusable so keyboard users can scroll the text. */}
        <Box role="region" aria-label="Isi Syarat dan Ketentuan" tabIndex={0} mah="55vh" pr="sm" style={{ overflowY: 'auto' }}>
          <TermsText />
        </Box>
        <Checkbox
          checked={agreed}
          onChange={(e) => setAgreed(e.currentTarget.checked)}
          label="Saya telah membaca dan menyetujui Syarat dan Ketentuan serta Kebijakan Privasi Pesan (Wajib)"
        />
        <Group justify="flex-end">
          <Button onClick={onConfirm} disabled={!agreed} loading={submitting}>
            Confirm
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
