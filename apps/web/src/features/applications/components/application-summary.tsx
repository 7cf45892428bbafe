/** Read-only header of the application detail page: Application Name, App ID, Last Modified (console.md §2). */
import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import type { Application } from '@pesan/contracts/application';
import { formatLongDate } from '../../../lib/format.ts';

export function ApplicationSummary({ app }: { app: Application | undefined }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Group gap={6}>
          <Text size="sm" c="gray.7">
            Last Modified:
          </Text>
          {app ? <Text size="sm">{formatLongDate(app.updated_at)}</Text> : <Skeleton height={14} width={120} />}
        </Group>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <TextInput label="Application Name" value={app?.application_name ?? ''} readOnly variant="filled" />
          <TextInput label="App ID" value={app?.id ?? ''} readOnly variant="filled" />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
