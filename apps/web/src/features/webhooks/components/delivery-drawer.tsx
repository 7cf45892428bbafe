/**
 * Detail of one delivery attempt (ARCHITECTURE.md §6.2; issue 9): event, webhook-id, message id,
 * attempt, status, status code, duration, time and next retry, the endpoint's answer (first 1 KB,
 * or the network error) and the payload JSON, with 'Redeliver' (a new attempt, same webhook-id).
 */
import { Button, Drawer, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { WebhookDelivery } from '@pesan/contracts/webhooks';
import { LabelledField } from '../../../components/labelled-field.tsx';
import { JsonBlock } from '../../../components/json-block.tsx';
import { formatTableDateTime, withTimeZoneNote } from '../../../lib/format.ts';
import { DeliveryStatusBadge, formatDuration } from '../../../components/delivery-status.tsx';


export interface DeliveryDrawerProps {
  delivery: WebhookDelivery | null;
  onClose: () => void;
  /** Absent for a role that may not redeliver (no button). */
  onRedeliver?: (delivery: WebhookDelivery) => void;
  redelivering: boolean;
}

export function DeliveryDrawer({ delivery, onClose, onRedeliver, redelivering }: DeliveryDrawerProps) {
  const { t } = useTranslation('webhooks');
  return (
    <Drawer
      opened={delivery !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={t('drawer.title')}
      closeButtonProps={{ 'aria-label': t('drawer.close') }}
    >
      {delivery ? (
        <Stack gap="md" data-testid="delivery-detail">
          <LabelledField label={t('drawer.webhookId')}>
            <Text span size="sm" ff="monospace" data-testid="delivery-webhook-id">
              {delivery.event_id}
            </Text>
          </LabelledField>
          <LabelledField label={t('drawer.messageId')}>
            <Text span size="sm" ff="monospace">
              {delivery.message_id ?? '-'}
            </Text>
          </LabelledField>
          <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm" verticalSpacing="sm">
            <LabelledField label={t('drawer.eventType')}>{delivery.event_type}</LabelledField>
            <LabelledField label={t('drawer.status')}>
              <DeliveryStatusBadge status={delivery.status} />
            </LabelledField>
            <LabelledField label={t('drawer.attempt')}>{delivery.attempt}</LabelledField>
            <LabelledField label={t('drawer.statusCode')}>{delivery.status_code ?? '-'}</LabelledField>
            <LabelledField label={t('drawer.duration')}>{formatDuration(delivery.duration_ms)}</LabelledField>
            <LabelledField label={withTimeZoneNote(t('drawer.time'))}>{formatTableDateTime(delivery.created_at)}</LabelledField>
            <LabelledField label={t('drawer.nextRetry')}>{delivery.next_retry_at ? formatTableDateTime(delivery.next_retry_at) : '-'}</LabelledField>
          </SimpleGrid>
          {onRedeliver ? (
            <Group justify="flex-start">
              <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => onRedeliver(delivery)} loading={redelivering}>
                {t('drawer.redeliver')}
              </Button>
            </Group>
          ) : null}
          <Stack gap={6}>
            <Title order={3} size="h6">
              {t('drawer.response')}
            </Title>
            {delivery.response ? (
              <JsonBlock value={delivery.response} raw label={t('drawer.responseSnippet')} maxHeight={200} />
            ) : (
              <Text size="sm" c="gray.7">
                {delivery.status === 'pending' ? t('drawer.notSentYet') : t('drawer.noBody')}
              </Text>
            )}
          </Stack>
          <Stack gap={6}>
            <Title order={3} size="h6">
              {t('drawer.payload')}
            </Title>
            <JsonBlock value={delivery.payload} label={t('drawer.payloadJson')} />
          </Stack>
        </Stack>
      ) : null}
    </Drawer>
  );
}
