/**
 * Read-only header of the application detail page: Application Name, App ID, Last Modified
 * (console.md §2), and for a WhatsApp application the sender the operator connected (issue 8).
 */
import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import type { Application, WhatsappSenderOut } from '@pesan/contracts/application';
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
        {app?.channels.some((c) => c.channel === 'whatsapp') && <WhatsappSender sender={app.whatsapp_sender ?? null} />}
      </Stack>
    </Paper>
  );
}

/** The WhatsApp sender (display name, phone number id, WABA id), or a note that none is connected yet. */
function WhatsappSender({ sender }: { sender: WhatsappSenderOut | null }) {
  if (!sender) {
    return (
      <Text size="sm" c="gray.7">
        WhatsApp sender: not connected yet. Pesan connects your WhatsApp Business number to this application.
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }}>
      <TextInput label="WhatsApp Sender" value={sender.display_name} readOnly variant="filled" />
      <TextInput label="Phone Number ID" value={sender.phone_number_id} readOnly variant="filled" />
      <TextInput label="WhatsApp Business Account ID" value={sender.waba_id} readOnly variant="filled" />
    </SimpleGrid>
  );
}
