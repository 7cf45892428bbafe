/** 'Message Template Submitted' after an authentication template is submitted (templates-dashboard-reports.md §2.5). */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function SubmittedModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('wa-template-editor');
  return (
    <Modal opened={opened} onClose={onClose} title={t('submitted.title')} centered closeButtonProps={{ 'aria-label': t('modal.close') }}>
      <Stack>
        <Text size="sm">{t('submitted.text')}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('submitted.back')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
