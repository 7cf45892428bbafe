/**
 * Terms modal (console.md §2 Terms modal, §4 Terms, §5, §8): 'Syarat dan Ketentuan', 600 px,
 * Indonesian text, a mandatory checkbox ('Wajib'); Confirm is disabled until it is ticked.
 * Closing it unticked calls `onDismiss` (the caller warns). The text stays Indonesian in both
 * languages (spec); only the chrome comes from the `terms` catalogue (in English it is the spec's
 * Indonesian chrome with the 'Confirm' button).
 */
import { useState } from 'react';
import { Box, Button, Checkbox, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('terms');
  const [agreed, setAgreed] = useState(false);
  return (
    <Modal
      opened={opened}
      onClose={onDismiss}
      onExitTransitionEnd={onClosed}
      // No fade: the modal is either fully there or gone (no half-transparent text on screen).
      transitionProps={{ duration: 0 }}
      title={t('modal.title')}
      size={600}
      centered
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('modal.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md">
        {/* Focusable so keyboard users can scroll the text. */}
        <Box role="region" aria-label={t('modal.textRegion')} tabIndex={0} mah="55vh" pr="sm" style={{ overflowY: 'auto' }}>
          <TermsText confirmLabel={t('modal.confirm')} />
        </Box>
        <Checkbox
          checked={agreed}
          onChange={(e) => setAgreed(e.currentTarget.checked)}
          label={t('modal.agree')}
        />
        <Group justify="flex-end">
          <Button onClick={onConfirm} disabled={!agreed} loading={submitting}>
            {t('modal.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
