/** Submit confirmation (templates-dashboard-reports.md §2.4, §5.5). */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WA_TEMPLATE_MESSAGES as M } from '@pesan/contracts/wa-template-messages';
import { localizeMessage } from '../../../../lib/i18n.ts';

export interface SubmitConfirmModalProps {
  opened: boolean;
  /** While the submit call runs. */
  loading?: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

/** 'Is the template you want to submit correct?' with 'I'm not sure' (closes) and 'Yes, Submit'. */
export function SubmitConfirmModal({ opened, loading, onClose, onConfirm }: SubmitConfirmModalProps) {
  const { t } = useTranslation('wa-template-editor');
  return (
    <Modal opened={opened} onClose={onClose} title={localizeMessage(M.submitTitle)} centered closeButtonProps={{ 'aria-label': t('modal.close') }}>
      <Stack>
        <Text size="sm">{t('confirm.text')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {localizeMessage(M.submitNotSure)}
          </Button>
          <Button onClick={onConfirm} loading={loading}>
            {localizeMessage(M.submitYes)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
