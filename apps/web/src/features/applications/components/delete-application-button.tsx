/**
 * Delete an application (issue 10): a red 'Delete' button opening a confirmation that names the
 * application and says what happens (its tokens stop working at once; its messages are kept for
 * reports). Confirming calls DELETE /api/application/{id}; then `onDeleted` runs.
 */
import { useState } from 'react';
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { toastApiError } from '../../../components/toasts.ts';
import { useDeleteApplication } from '../api/delete-application.ts';

/** Title of the confirmation: 'Delete application {name}?'. */
export const deleteConfirmTitle = (name: string) => `Delete application ${name}?`;

export interface DeleteApplicationButtonProps {
  app: { id: string; application_name: string };
  /** Runs after the server deleted the application (navigate away, toast). */
  onDeleted: () => void;
}

/** The Delete button and its confirmation modal (see the file comment). */
export function DeleteApplicationButton({ app, onDeleted }: DeleteApplicationButtonProps) {
  const [opened, setOpened] = useState(false);
  const remove = useDeleteApplication();
  const confirm = () =>
    remove.mutate(app.id, {
      onSuccess: () => {
        setOpened(false);
        onDeleted();
      },
      onError: (err) => {
        setOpened(false);
        toastApiError(err);
      },
    });
  return (
    <>
      <Button variant="outline" color="red.9" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setOpened(true)}>
        Delete
      </Button>
      <Modal
        opened={opened}
        onClose={() => !remove.isPending && setOpened(false)}
        title={deleteConfirmTitle(app.application_name)}
        size={600}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
        styles={{ title: { fontWeight: 700, overflowWrap: 'anywhere' } }}
      >
        <Stack gap="md">
          <Text size="sm">
            <strong style={{ overflowWrap: 'anywhere' }}>{app.application_name}</strong> will be removed from My Application.
          </Text>
          <List size="sm" spacing={4}>
            <List.Item>Its access tokens stop working at once: the messaging API answers 401 for them.</List.Item>
            <List.Item>Messages it already sent are kept for reports.</List.Item>
            <List.Item>This cannot be undone.</List.Item>
          </List>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button color="red.9" onClick={confirm} loading={remove.isPending}>
              Delete Application
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
