/**
 * Delete an application (issue 10): a red 'Delete' button opening a confirmation that names the
 * application and says what happens (its tokens stop working at once; its messages are kept for
 * reports). Confirming calls DELETE /api/application/{id}; then `onDeleted` runs.
 */
import { useState } from 'react';
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import i18n from '../../../lib/i18n.ts';
import { toastApiError } from '../../../components/toasts.ts';
import { useDeleteApplication } from '../api/delete-application.ts';

/** Title of the confirmation: 'Delete application {name}?' (in the current language). */
export const deleteConfirmTitle = (name: string) => i18n.t('applications:delete.confirmTitle', { name });

export interface DeleteApplicationButtonProps {
  app: { id: string; application_name: string };
  /** Runs after the server deleted the application (navigate away, toast). */
  onDeleted: () => void;
}

/** The Delete button and its confirmation modal (see the file comment). */
export function DeleteApplicationButton({ app, onDeleted }: DeleteApplicationButtonProps) {
  const { t } = useTranslation('applications');
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
        {t('delete.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => !remove.isPending && setOpened(false)}
        title={deleteConfirmTitle(app.application_name)}
        size={600}
        centered
        closeButtonProps={{ 'aria-label': t('delete.close') }}
        styles={{ title: { fontWeight: 700, overflowWrap: 'anywhere' } }}
      >
        <Stack gap="md">
          <Text size="sm">
            <Trans t={t} i18nKey="delete.willBeRemoved" components={{ name: <strong style={{ overflowWrap: 'anywhere' }}>{app.application_name}</strong> }} />
          </Text>
          <List size="sm" spacing={4}>
            <List.Item>{t('delete.tokensStop')}</List.Item>
            <List.Item>{t('delete.messagesKept')}</List.Item>
            <List.Item>{t('delete.cannotUndo')}</List.Item>
          </List>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)} disabled={remove.isPending}>
              {t('delete.cancel')}
            </Button>
            <Button color="red.9" onClick={confirm} loading={remove.isPending}>
              {t('delete.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
