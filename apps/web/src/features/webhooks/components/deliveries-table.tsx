/**
 * Webhook delivery attempts of an application (ARCHITECTURE.md §6.2; issue 9): event type over the
 * message id, attempt, status, status code, duration, next retry (relative; the exact time as a tooltip) and time, in their own horizontally
 * scrolling region (the page never scrolls sideways). A row opens the attempt's detail on click,
 * Enter or Space. With no attempts, an empty state explains when they appear.
 */
import { Table, Text, Tooltip } from '@mantine/core';
import { DataTable, openableRowProps } from '../../../components/data-table.tsx';
import { IconWebhook } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { WebhookDelivery } from '@pesan/contracts/webhooks';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatRelative, formatTableDateTime, withTimeZoneNote } from '../../../lib/format.ts';
import { DeliveryStatusBadge, formatDuration } from '../../../components/delivery-status.tsx';

/** webhooks.json `table.columns.<key>`, in display order. */
const COLUMN_KEYS = ['event', 'attempt', 'status', 'statusCode', 'duration', 'nextRetry', 'time'] as const;

export interface DeliveriesTableProps {
  rows: WebhookDelivery[] | undefined;
  loading: boolean;
  stale?: boolean;
  onOpen: (delivery: WebhookDelivery) => void;
}

export function DeliveriesTable({ rows, loading, stale, onOpen }: DeliveriesTableProps) {
  const { t } = useTranslation('webhooks');
  const columns = COLUMN_KEYS.map((k) => (k === 'time' ? withTimeZoneNote(t(`table.columns.${k}`)) : t(`table.columns.${k}`)));
  const empty = !loading && (!rows || rows.length === 0);
  // With nothing to list, the empty state alone: a 900 px header scrolling in a phone's card looks cut off.
  if (empty) {
    return (
      <EmptyState
        icon={<IconWebhook size={30} />}
        title={t('table.emptyTitle')}
        description={t('table.emptyDescription')}
      />
    );
  }
  return (
    <DataTable
      label={t('table.label')}
      columns={columns}
      rows={rows}
      loading={loading}
      stale={stale}
      minWidth={900}
      skeletonRows={3}
      highlightOnHover
      renderRow={(d) => (
        <Table.Tr
          key={d.id}
          data-testid={`delivery-row-${d.id}`}
          {...openableRowProps(
            t('table.openRow', { event: d.event_type, attempt: d.attempt, status: t(`common:deliveryStatus.${d.status}`, { defaultValue: d.status }) }),
            () => onOpen(d),
          )}
        >
          <Table.Td>
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {d.event_type}
            </Text>
            <Text size="xs" ff="monospace" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
              {d.message_id ?? '-'}
            </Text>
          </Table.Td>
          <Table.Td>{d.attempt}</Table.Td>
          <Table.Td>
            <DeliveryStatusBadge status={d.status} />
          </Table.Td>
          <Table.Td>{d.status_code ?? '-'}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDuration(d.duration_ms)}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            {d.next_retry_at ? (
              <Tooltip label={formatTableDateTime(d.next_retry_at)} withArrow>
                <span>{formatRelative(d.next_retry_at)}</span>
              </Tooltip>
            ) : (
              '-'
            )}
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTableDateTime(d.created_at)}</Table.Td>
        </Table.Tr>
      )}
    />
  );
}
