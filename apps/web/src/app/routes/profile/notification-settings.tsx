/**
 * /profile/notification-settings (console.md §2). The quota warning settings arrive with prepaid
 * billing (a later issue); until then the page says so instead of showing controls that do nothing.
 */
import { Alert, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { CONSOLE_MESSAGES } from '@pesan/contracts/console-messages';
import { PageHeader } from '../../../components/page-header.tsx';

export default function NotificationSettingsPage() {
  return (
    <Stack gap="lg" maw={640}>
      <PageHeader title="Notification Settings" description="Quota warning e-mails per application." />
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} title="Coming soon">
        <Text size="sm" c="dark.7">
          {CONSOLE_MESSAGES.quotaSettingsComing}
        </Text>
      </Alert>
    </Stack>
  );
}
