/**
 * Monitoring records as a list of cards for narrow screens (issue 11: at 375 px nothing scrolls
 * sideways): each card shows the message id (wrapping), the recipient, the status badge and the
 * created time (DD-MM-YYYY 12-hour, console.md §9). With `onOpen` a card is a button that opens
 * the message detail drawer (its accessible name is its visible text, as axe requires).
 */
import { memo } from 'react';
import { Group, Paper, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChannelId } from '@pesan/contracts/channels';
import type { TransactionRecord } from '@pesan/contracts/records';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { displayTimeZoneNote, formatTableDateTime } from '../../../lib/format.ts';
import { recipientOf } from '../utils/recipient.ts';
import classes from './monitoring.module.css';

export interface RecordsCardsProps {
  channel: ChannelId;
  rows: TransactionRecord[] | undefined;
  loading: boolean;
  stale?: boolean;
  onOpen?: (messageId: string) => void;
}

function CardBody({ r, channel }: { r: TransactionRecord; channel: ChannelId }) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text size="sm" fw={600} className={classes.recipient}>
          {recipientOf(r)}
        </Text>
        <StatusBadge status={r.status} reason={r.reason} templateName={channel === 'whatsapp' ? r.msgInfo : null} />
      </Group>
      <Text size="xs" ff="monospace" c="gray.7" className={classes.wrapAnywhere}>
        {r.msgid}
      </Text>
      <Text size="xs" c="gray.7">
        {formatTableDateTime(r.created_at)}
        {/* The organization's zone when it is not the browser's (issue 23 item 7). */}
        {displayTimeZoneNote() ? ` (${displayTimeZoneNote()})` : null}
      </Text>
    </Stack>
  );
}

/**
 * One record's card; memoised (issue 28: a page's rows re-render only when their record, the
 * channel or `onOpen` changes, e.g. not on each live status event for another row).
 */
const RecordCard = memo(function RecordCard({ r, channel, onOpen }: { r: TransactionRecord; channel: ChannelId; onOpen?: (messageId: string) => void }) {
  return (
    <li>
      <Paper withBorder radius="md" p="sm">
        {onOpen ? (
          <UnstyledButton w="100%" aria-haspopup="dialog" onClick={() => onOpen(r.msgid)}>
            <CardBody r={r} channel={channel} />
          </UnstyledButton>
        ) : (
          <CardBody r={r} channel={channel} />
        )}
      </Paper>
    </li>
  );
});

/** The records as cards; skeleton cards while the first page loads, nothing when there are no rows. */
export function RecordsCards({ channel, rows, loading, stale, onOpen }: RecordsCardsProps) {
  const { t } = useTranslation('monitoring');
  if (loading && !rows)
    return (
      <Stack gap="xs" aria-busy>
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} height={72} radius="md" />
        ))}
      </Stack>
    );
  if (!rows || rows.length === 0) return null;
  return (
    <Stack component="ul" gap="xs" aria-label={t('table.label')} className={stale ? `${classes.cardList} ${classes.stale}` : classes.cardList}>
      {rows.map((r) => (
        <RecordCard key={r.msgid} r={r} channel={channel} onOpen={onOpen} />
      ))}
    </Stack>
  );
}
