/**
 * Reports as a list of cards for narrow screens (at 375 px nothing scrolls sideways): each card
 * shows the title (wrapping), the status with its progress, the channel, Create At, the range,
 * Total Data and the Download button.
 */
import { Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportRow } from '@pesan/contracts/reports';
import { formatTableDateTime, withTimeZoneNote } from '../../../lib/format.ts';
import { formatReportRange, formatTotalData, reportChannelLabel } from '../utils/format.ts';
import { DateParts } from './date-parts.tsx';
import { ReportDownloadButton } from './download-button.tsx';
import { ReportProgress, ReportStatusBadge } from './report-status.tsx';

export interface ReportsCardsProps {
  rows: ReportRow[] | undefined;
  loading: boolean;
  stale?: boolean;
}

function Field({ label, children }: { label: string; children: string }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      {/* Dates wrap between the day and the time, or between the two ends, never inside a date. */}
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        <DateParts text={children} />
      </Text>
    </div>
  );
}

/** The cards, 4 skeleton cards while the first page loads, nothing when there are no rows. */
export function ReportsCards({ rows, loading, stale }: ReportsCardsProps) {
  const { t } = useTranslation('reports');
  if (loading && !rows)
    return (
      <Stack gap="xs" aria-busy>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height={132} radius="md" />
        ))}
      </Stack>
    );
  if (!rows || rows.length === 0) return null;
  return (
    <Stack component="ul" gap="xs" aria-label={t('table.label')} style={{ listStyle: 'none', padding: 0, margin: 0, opacity: stale ? 0.6 : 1 }}>
      {rows.map((r) => (
        <li key={r._id}>
          <Paper withBorder radius="md" p="sm" component="article" aria-label={r.name}>
            <Stack gap="xs">
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {r.name}
                  </Text>
                  <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                    {r.application_name}
                  </Text>
                </div>
                <ReportStatusBadge row={r} />
              </Group>
              <ReportProgress row={r} width="100%" />
              <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
                <Field label={t('table.channel')}>{reportChannelLabel(r.channel)}</Field>
                <Field label={t('table.totalData')}>{formatTotalData(r)}</Field>
                <Field label={withTimeZoneNote(t('table.createAt'))}>{formatTableDateTime(r.created_at)}</Field>
                <Field label={t('table.rangeDate')}>{formatReportRange(r)}</Field>
              </SimpleGrid>
              <ReportDownloadButton row={r} fullWidth />
            </Stack>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}
