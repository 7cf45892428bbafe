/** 'Message Template Submitted' after an authentication template is submitted (templates-dashboard-reports.md §2.5). */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export function SubmittedModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Message Template Submitted" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text size="sm">Your authentication template was sent for review. Its status shows 'In Review' in the template list until WhatsApp decides.</Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>Back to template list</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
