/** Submit confirmation (templates-dashboard-reports.md §2.4, §5.5). */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { WA_TEMPLATE_MESSAGES as M } from '@pesan/contracts/wa-template-messages';

export interface SubmitConfirmModalProps {
  opened: boolean;
  /** While the submit call runs. */
  loading?: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

/** 'Is the template you want to submit correct?' with 'I'm not sure' (closes) and 'Yes, Submit'. */
export function SubmitConfirmModal({ opened, loading, onClose, onConfirm }: SubmitConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={M.submitTitle} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text size="sm">
          Please check the template before you submit it. Do not use inappropriate words, or words that are unlawful in Indonesia: a template with them
          will be rejected.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {M.submitNotSure}
          </Button>
          <Button onClick={onConfirm} loading={loading}>
            {M.submitYes}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
