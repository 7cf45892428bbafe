/**
 * /profile/notification-settings (console.md §2). The quota warning settings arrive with prepaid
 * billing (a later issue); until then the page says so instead of showing controls that do nothing.
 */
import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { CONSOLE_MESSAGES } from '@pesan/contracts/console-messages';

export default function NotificationSettingsPage() {
  return (
    <Stack gap="lg" maw={640}>
      <div>
        <Title order={1} size="h2">
          Notification Settings
        </Title>
        <Text c="gray.8" mt={4}>
          Quota warning e-mails per application.
        </Text>
      </div>
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} title="Coming soon">
        <Text size="sm" c="dark.7">
          {CONSOLE_MESSAGES.quotaSettingsComing}
        </Text>
      </Alert>
    </Stack>
  );
}
