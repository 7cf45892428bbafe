/**
 * Message detail drawer of Monitoring (issue 9): message id (copyable), channel, recipient,
 * country, segments, created and updated times, the status timeline (status badge, time, reason,
 * provider code), the request body as accepted (masked by the server) and the message's webhook
 * attempts; a Verify code's message links its verification's timeline (issue 27, by URL
 * /my-application/verification/{id}). Shows a skeleton while loading and 'Message not found' for a 404. `messageId` null
 * means closed; the caller keeps it in the URL (`?message=`).
 */
import { Alert, Anchor, Button, Drawer, Group, SimpleGrid, Skeleton, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { DataTable } from '../../../components/data-table.tsx';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { CONSOLE_MESSAGES } from '@pesan/contracts/console-messages';
import { MONITORING_CHANNEL_LABELS } from '@pesan/contracts/channels';
import type { RecordDetail } from '@pesan/contracts/records';
import type { WebhookDelivery } from '@pesan/contracts/webhooks';
import { CopyValueButton } from '../../../components/copy-value-button.tsx';
import { LabelledField } from '../../../components/labelled-field.tsx';
import { DeliveryStatusBadge, formatDuration } from '../../../components/delivery-status.tsx';
import { JsonBlock } from '../../../components/json-block.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatTableDateTime, withTimeZoneNote } from '../../../lib/format.ts';
import { localizeMessage } from '../../../lib/i18n.ts';
import { useRecord } from '../api/get-record.ts';
import { useCan } from '../../../lib/use-can.ts';
import { recipientOf } from '../utils/recipient.ts';

function WebhookAttempts({ rows }: { rows: WebhookDelivery[] }) {
  const { t } = useTranslation('monitoring');
  if (rows.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        {t('detail.noWebhookAttempts')}
      </Text>
    );
  }
  return (
    <DataTable
      label={t('detail.webhookAttempts')}
      columns={[t('detail.attempt'), t('detail.attemptStatus'), t('detail.statusCode'), t('detail.duration'), withTimeZoneNote(t('detail.time'))]}
      rows={rows}
      loading={false}
      minWidth={460}
      skeletonRows={0}
      compact
      renderRow={(d) => (
        <Table.Tr key={d.id}>
          <Table.Td>{d.attempt}</Table.Td>
          <Table.Td>
            <DeliveryStatusBadge status={d.status} />
          </Table.Td>
          <Table.Td>{d.status_code ?? '-'}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDuration(d.duration_ms)}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTableDateTime(d.created_at)}</Table.Td>
        </Table.Tr>
      )}
    />
  );
}

/** The loaded detail: fields, timeline, body and webhook attempts. */
export function MessageDetail({ record }: { record: RecordDetail }) {
  const { t } = useTranslation('monitoring');
  const mayReadBody = useCan();
  const events = record.events;
  return (
    <Stack gap="lg" data-testid="message-detail">
      <Stack gap={4}>
        <Text size="xs" c="gray.7" fw={600}>
          {t('detail.messageId')}
        </Text>
        <Group gap={4} wrap="nowrap" align="center">
          <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {record.msgid}
          </Text>
          <CopyValueButton value={record.msgid} label={t('detail.copyMessageId')} />
        </Group>
      </Stack>
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm" verticalSpacing="sm">
        <LabelledField label={t('detail.status')}>
          <StatusBadge status={record.status} reason={record.reason} />
        </LabelledField>
        <LabelledField label={t('detail.channel')}>{MONITORING_CHANNEL_LABELS[record.channel] ?? record.channel}</LabelledField>
        <LabelledField label={t('detail.recipient')}>{recipientOf(record)}</LabelledField>
        <LabelledField label={t('detail.country')}>{record.country ?? '-'}</LabelledField>
        <LabelledField label={t('detail.segments')}>{record.total_sms ?? '-'}</LabelledField>
        <LabelledField label={t('detail.providerCode')}>{record.provider_code ?? '-'}</LabelledField>
        <LabelledField label={withTimeZoneNote(t('detail.created'))}>{formatTableDateTime(record.created_at)}</LabelledField>
        <LabelledField label={withTimeZoneNote(t('detail.updated'))}>{formatTableDateTime(record.updated_at)}</LabelledField>
        {record.verification_id ? (
          <LabelledField label={t('detail.verification')}>
            <Anchor component={Link} to={`/my-application/verification/${encodeURIComponent(record.verification_id)}`} size="sm" fw={600}>
              <Group gap={4} wrap="nowrap" component="span">
                <IconShieldCheck size={16} aria-hidden style={{ flexShrink: 0 }} />
                {t('detail.viewVerification')}
              </Group>
            </Anchor>
          </LabelledField>
        ) : null}
      </SimpleGrid>

      <Stack gap="xs">
        <Title order={3} size="h6">
          {t('detail.timeline')}
        </Title>
        {events.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t('detail.noEvents')}
          </Text>
        ) : (
          <Timeline active={events.length - 1} bulletSize={20} lineWidth={2} aria-label={t('detail.timelineLabel')}>
            {events.map((e, i) => (
              <Timeline.Item
                key={`${e.status}-${e.at}-${i}`}
                title={<StatusBadge status={e.status} />}
                data-testid="timeline-entry"
              >
                <Text size="xs" c="gray.7">
                  {formatTableDateTime(e.at)}
                </Text>
                {e.reason ? <Text size="sm">{e.reason}</Text> : null}
                {e.provider_code ? (
                  <Text size="xs" c="gray.7">
                    <Trans t={t} i18nKey="detail.providerCodeInline" values={{ code: e.provider_code }} components={{ code: <Text span size="xs" ff="monospace" /> }} />
                  </Text>
                ) : null}
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Stack>

      <Stack gap="xs">
        <Title order={3} size="h6">
          {t('detail.requestBody')}
        </Title>
        <Text size="xs" c="gray.7">
          {t(mayReadBody('messages.body') ? 'detail.requestBodyHint' : 'detail.requestBodyHiddenHint')}
        </Text>
        <JsonBlock value={record.body} label={t('detail.requestBodyJson')} />
      </Stack>

      <Stack gap="xs">
        <Title order={3} size="h6">
          {t('detail.webhookAttempts')}
        </Title>
        <WebhookAttempts rows={record.webhook_deliveries as WebhookDelivery[]} />
      </Stack>
    </Stack>
  );
}

function DetailSkeleton() {
  const { t } = useTranslation('monitoring');
  return (
    <Stack gap="md" aria-busy="true" aria-label={t('detail.loading')}>
      <Skeleton height={16} width="70%" />
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} height={36} />
        ))}
      </SimpleGrid>
      <Skeleton height={120} />
      <Skeleton height={160} />
    </Stack>
  );
}

export interface MessageDetailDrawerProps {
  /** Refetch while the status can change (default); false while the live stream refetches it on its changes. */
  poll?: boolean;
  /** The open message's id, or null when closed. */
  messageId: string | null;
  onClose: () => void;
}

export function MessageDetailDrawer({ messageId, onClose, poll = true }: MessageDetailDrawerProps) {
  const { t } = useTranslation('monitoring');
  const record = useRecord(messageId, poll);
  const notFound = record.error instanceof ApiError && (record.error.status === 404 || record.error.status === 400);
  return (
    <Drawer opened={messageId !== null} onClose={onClose} position="right" size="lg" title={t('detail.title')} closeButtonProps={{ 'aria-label': t('detail.close') }}>
      {messageId === null ? null : record.data ? (
        <MessageDetail record={record.data} />
      ) : notFound ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('detail.notFound')}>
          <Trans
            t={t}
            i18nKey="detail.notFoundText"
            values={{ id: messageId }}
            components={{ id: <Text span ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }} /> }}
          />
        </Alert>
      ) : record.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={localizeMessage(CONSOLE_MESSAGES.errorTitle)}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{record.error.message}</Text>
            <Button size="xs" variant="default" onClick={() => void record.refetch()} loading={record.isFetching}>
              {t('list.tryAgain')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <DetailSkeleton />
      )}
    </Drawer>
  );
}
