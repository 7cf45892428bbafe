/**
 * Monitoring transaction table (console.md §2 Monitoring, §3 Transaction record, §9): Message ID,
 * Recipient, Created At (DD-MM-YYYY 12-hour), Total SMS (SMS and SMS OTP only), Country, Status
 * (badge with the reason as a tooltip; WhatsApp rows also show the template name). With `onOpen`
 * a row opens the message detail on click, Enter or Space (issue 9).
 */
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Table, Text } from '@mantine/core';
import { DataTable, openableRowProps } from '../../../components/data-table.tsx';
import { useMediaQuery } from '@mantine/hooks';
import type { ChannelId } from '@pesan/contracts/channels';
import type { TransactionRecord } from '@pesan/contracts/records';
import { RECORDS_MESSAGES } from '@pesan/contracts/records-messages';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatTableDateTime, withTimeZoneNote } from '../../../lib/format.ts';
import { localizeMessage } from '../../../lib/i18n.ts';
import { recipientOf } from '../utils/recipient.ts';
import { RecordsCards } from './records-cards.tsx';
import classes from './monitoring.module.css';

/** Whether the channel's table has the 'Total SMS' column. */
export const hasTotalSms = (channel: ChannelId) => channel === 'sms' || channel === 'sms_otp';

/** Widths below this show the records as cards (RecordsCards) instead of the table. */
export const RECORDS_CARDS_QUERY = '(max-width: 47.99em)';

export interface RecordsTableProps {
  channel: ChannelId;
  rows: TransactionRecord[] | undefined;
  loading: boolean;
  /** Dim the rows while a new page loads over the old one. */
  stale?: boolean;
  /** Shown instead of the empty-result text when the list failed to load (nothing to show). */
  error?: ReactNode;
  /** Opens the message detail of a row (click, Enter or Space). */
  onOpen?: (messageId: string) => void;
}

/**
 * One record's row; memoised (issue 28: a page's rows re-render only when their record, the
 * columns or `onOpen` changes, e.g. not on each live status event for another row).
 */
const RecordRow = memo(function RecordRow({ r, sms, channel, onOpen, t }: { r: TransactionRecord; sms: boolean; channel: ChannelId; onOpen?: (messageId: string) => void; t: TFunction<'monitoring'> }) {
  return (
    <Table.Tr {...(onOpen ? openableRowProps(t('table.openRow', { id: r.msgid }), () => onOpen(r.msgid)) : {})}>
      <Table.Td>
        <Text size="sm" ff="monospace" className={classes.nowrap}>
          {r.msgid}
        </Text>
      </Table.Td>
      <Table.Td>{recipientOf(r)}</Table.Td>
      <Table.Td className={classes.nowrap}>{formatTableDateTime(r.created_at)}</Table.Td>
      {sms ? <Table.Td>{r.total_sms ?? '-'}</Table.Td> : null}
      <Table.Td>{r.country ?? '-'}</Table.Td>
      <Table.Td>
        <StatusBadge status={r.status} reason={r.reason} templateName={channel === 'whatsapp' ? r.msgInfo : null} />
      </Table.Td>
    </Table.Tr>
  );
});

/**
 * The table in its own horizontally scrolling region (the page never scrolls sideways); below
 * 48em (RECORDS_CARDS_QUERY) a list of cards instead (RecordsCards, issue 11). With no rows the
 * empty-result text (or `error`) shows under the header row, outside the scrolling region so it
 * stays readable on a narrow screen.
 */
export function RecordsTable({ channel, rows, loading, stale, error, onOpen }: RecordsTableProps) {
  const { t } = useTranslation('monitoring');
  const narrow = useMediaQuery(RECORDS_CARDS_QUERY, window.matchMedia?.(RECORDS_CARDS_QUERY).matches ?? false, { getInitialValueInEffect: false });
  const sms = hasTotalSms(channel);
  const columns = [t('table.messageId'), t('table.recipient'), withTimeZoneNote(t('table.createdAt')), ...(sms ? [t('table.totalSms')] : []), t('table.country'), t('table.status')];
  const empty = !(loading && !rows) && (!rows || rows.length === 0);
  const emptyBlock = empty ? (error ?? <EmptyState title={localizeMessage(RECORDS_MESSAGES.empty)} description={localizeMessage(RECORDS_MESSAGES.emptyHint)} />) : null;
  if (narrow)
    return (
      <>
        <RecordsCards channel={channel} rows={rows} loading={loading} stale={stale} onOpen={onOpen} />
        {emptyBlock}
      </>
    );
  return (
    <>
    <DataTable
      label={t('table.label')}
      columns={columns}
      rows={empty ? [] : rows}
      loading={loading}
      stale={stale}
      minWidth={900}
      skeletonRows={5}
      highlightOnHover
      renderRow={(r) => <RecordRow key={r.msgid} r={r} sms={sms} channel={channel} onOpen={onOpen} t={t} />}
    />
    {emptyBlock}
    </>
  );
}
