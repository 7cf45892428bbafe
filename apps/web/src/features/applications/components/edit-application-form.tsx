/**
 * Edit application (console.md §2 Edit application): Last Modified (DD MMMM YYYY), editable
 * 'Application Name', read-only 'App ID', and Save Changes, disabled while loading, when the name
 * is empty or when it is unchanged. An over-long name says 'Application name must be at most 100
 * characters' (ARCHITECTURE.md §7 deviation 9). Load failures are quiet (console.md §8).
 *
 * Saving is optimistic (issue 28 part 3): a name that passes applicationNameSchema (the server's
 * rule) cannot be refused, so Save writes the new name into the cached list and detail and calls
 * `onSaved` at once, without waiting for the answer. Should the server refuse it after all, the
 * old name comes back and the server's message is toasted (update-application.ts).
 */
import { useEffect, useState } from 'react';
import { Button, Group, Paper, Skeleton, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CopyValueButton } from '../../../components/copy-value-button.tsx';
import { applicationNameSchema } from '@pesan/contracts/application';
import { formatLongDate } from '../../../lib/format.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { focusFirstInvalid } from '../../../lib/form-submit.ts';
import { localizeMessage } from '../../../lib/i18n.ts';
import { useApplication } from '../api/get-application.ts';
import { useUpdateApplication } from '../api/update-application.ts';

export interface EditApplicationFormProps {
  id: string;
  onSaved: () => void;
}

/** The message for `name` under applicationNameSchema, or undefined when valid. */
export function applicationNameError(name: string): string | undefined {
  const r = applicationNameSchema.safeParse(name);
  return r.success ? undefined : r.error.issues[0]?.message;
}

/** The edit form (see the file comment). */
export function EditApplicationForm({ id, onSaved }: EditApplicationFormProps) {
  const { t } = useTranslation('applications');
  const app = useApplication(id);
  const update = useUpdateApplication({ toastOnError: true });
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (app.data) setName(app.data.application_name);
  }, [app.data]);

  const loading = app.isPending || update.isPending;
  // Save stays disabled until the name changes (issue 23 item 18).
  const unchanged = name.trim() === app.data?.application_name;
  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    if (!name.trim() || loading || unchanged) return;
    const invalid = applicationNameError(name);
    setError(invalid);
    if (invalid) return focusFirstInvalid(form);
    // The hook's onError restores the old name and toasts; a field error shows here if the form is still open.
    update.mutate(
      { id, applicationName: name.trim() },
      {
        onError: (err) => {
          if (err instanceof ApiError) setError(err.fieldMessage('applicationName'));
        },
      },
    );
    onSaved();
  };

  return (
    <Paper withBorder radius="md" p="lg" component="form" onSubmit={submit} noValidate maw={720}>
      <Stack gap="md">
        <Group gap={6}>
          <Text size="sm" c="gray.7">
            {t('editForm.lastModified')}
          </Text>
          {app.data ? <Text size="sm">{formatLongDate(app.data.updated_at)}</Text> : <Skeleton height={14} width={120} />}
        </Group>
        <TextInput
          label={t('editForm.nameLabel')}
          value={name}
          onChange={(e) => {
            const v = e.currentTarget.value;
            setName(v);
            // The empty name disables Save; say so, and say when it grows too long, as it is typed.
            setError(applicationNameError(v));
          }}
          error={error ? localizeMessage(error) : undefined}
          disabled={app.isPending}
        />
        <Textarea
          label={t('editForm.appId')}
          value={app.data?.id ?? id}
          readOnly
          variant="filled"
          autosize
          minRows={1}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', overflowWrap: 'anywhere' } }}
          rightSection={<CopyValueButton value={app.data?.id ?? id} label={t('editForm.copyAppId')} />}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={loading || !name.trim() || unchanged}>
            {t('editForm.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
