/**
 * Read-only header of the application detail page: Application Name, App ID (wrapping, never cut
 * off, with a copy button), Last Modified (console.md §2), the sender name and number given at
 * creation for SMS, SMS OTP and WhatsApp (console.md §3 Application), and for a WhatsApp
 * application the sender the operator connected (issue 8).
 */
import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Application, ApplicationChannel, WhatsappSenderOut } from '@pesan/contracts/application';
import { channelInfo } from '@pesan/contracts/channels';
import { CopyValueButton } from '../../../components/copy-value-button.tsx';
import { LabelledField } from '../../../components/labelled-field.tsx';
import { formatLongDate } from '../../../lib/format.ts';
import { SENDER_CHANNELS, SENDER_NUMBER_CHANNELS } from './create-application-form.tsx';

/** The detail page's summary panel (see the file comment); `app` undefined while loading. */
export function ApplicationSummary({ app }: { app: Application | undefined }) {
  const { t } = useTranslation('applications');
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Group gap={6}>
          <Text size="sm" c="gray.7">
            {t('summary.lastModified')}
          </Text>
          {app ? <Text size="sm">{formatLongDate(app.updated_at)}</Text> : <Skeleton height={14} width={120} />}
        </Group>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Textarea label={t('summary.applicationName')} value={app?.application_name ?? ''} readOnly variant="filled" autosize minRows={1} />
          <Textarea
            label={t('summary.appId')}
            value={app?.id ?? ''}
            readOnly
            variant="filled"
            autosize
            minRows={1}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', overflowWrap: 'anywhere' } }}
            rightSection={app ? <CopyValueButton value={app.id} label={t('summary.copyAppId')} /> : null}
          />
        </SimpleGrid>
        {app && app.channels.some((c) => SENDER_CHANNELS.includes(c.channel)) ? <Senders channels={app.channels} /> : null}
        {app?.channels.some((c) => c.channel === 'whatsapp') && <WhatsappSender sender={app.whatsapp_sender ?? null} />}
      </Stack>
    </Paper>
  );
}

/** Sender name (SMS, SMS OTP, WhatsApp) and sender number (SMS, SMS OTP) as given at creation; 'Not set' when empty. */
function Senders({ channels }: { channels: ApplicationChannel[] }) {
  const { t } = useTranslation('applications');
  const withSender = channels.filter((c) => SENDER_CHANNELS.includes(c.channel));
  return (
    <Stack gap="xs" component="section" aria-labelledby="senders-title">
      <Title order={2} size="h5" id="senders-title">
        {t('summary.senders')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        {withSender.map((c) => {
          const label = channelInfo(c.channel).label;
          return (
            <Paper key={c.channel} withBorder radius="sm" p="sm" data-testid={`sender-${c.channel}`}>
              <Text fw={600} size="sm" mb={4}>
                {label}
              </Text>
              <Stack gap={4}>
                <LabelledField label={t('summary.senderName')}>{c.senderName || t('summary.notSet')}</LabelledField>
                {SENDER_NUMBER_CHANNELS.includes(c.channel) ? <LabelledField label={t('summary.senderNumber')}>{c.senderNumber || t('summary.notSet')}</LabelledField> : null}
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

/** The WhatsApp sender (display name, phone number id, WABA id), or a note that none is connected yet. */
function WhatsappSender({ sender }: { sender: WhatsappSenderOut | null }) {
  const { t } = useTranslation('applications');
  if (!sender) {
    return (
      <Text size="sm" c="gray.7">
        {t('summary.whatsappNotConnected')}
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }}>
      <TextInput label={t('summary.whatsappSender')} value={sender.display_name} readOnly variant="filled" />
      <TextInput label={t('summary.phoneNumberId')} value={sender.phone_number_id} readOnly variant="filled" />
      <TextInput label={t('summary.wabaId')} value={sender.waba_id} readOnly variant="filled" />
    </SimpleGrid>
  );
}
