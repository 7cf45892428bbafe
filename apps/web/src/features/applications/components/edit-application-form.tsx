/**
 * Edit application (console.md §2 Edit application): Last Modified (DD MMMM YYYY), editable
 * 'Application Name', read-only 'App ID', and Save Changes with a spinner, disabled while loading
 * or when the name is empty. Load and update failures are quiet (console.md §8) except field errors.
 */
import { useEffect, useState } from 'react';
import { Button, Group, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { formatLongDate } from '../../../lib/format.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useApplication } from '../api/get-application.ts';
import { useUpdateApplication } from '../api/update-application.ts';

export interface EditApplicationFormProps {
  id: string;
  onSaved: () => void;
}

export function EditApplicationForm({ id, onSaved }: EditApplicationFormProps) {
  const app = useApplication(id);
  const update = useUpdateApplication();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (app.data) setName(app.data.application_name);
  }, [app.data]);

  const loading = app.isPending || update.isPending;
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim() || loading) return;
    setError(undefined);
    try {
      await update.mutateAsync({ id, applicationName: name.trim() });
      onSaved();
    } catch (err) {
      if (err instanceof ApiError) setError(err.fieldMessage('applicationName'));
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" component="form" onSubmit={submit} noValidate maw={720}>
      <Stack gap="md">
        <Group gap={6}>
          <Text size="sm" c="gray.7">
            Last Modified:
          </Text>
          {app.data ? <Text size="sm">{formatLongDate(app.data.updated_at)}</Text> : <Skeleton height={14} width={120} />}
        </Group>
        <TextInput label="Application Name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={error} disabled={app.isPending} />
        <TextInput label="App ID" value={app.data?.id ?? id} readOnly variant="filled" />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={loading || !name.trim()}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
