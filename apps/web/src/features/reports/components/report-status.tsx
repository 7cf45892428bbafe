/**
 * A report's state in its row (templates-dashboard-reports.md §2.7, §4 Report status): the badge
 * with the spec's label (in-queue 'Preparation', processing 'Processing', done 'Done', failed
 * 'Failed'); a failed report's badge is focusable and shows additional_info.reason as a tooltip
 * on hover and focus (and to screen readers as its description). While the report is being made,
 * a progress bar of rows written (data_processed) of rows counted (total_data), labelled
 * '1,234 of 5,000 rows' ('Waiting to start' before counting).
 */
import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ReasonBadge } from '../../../components/status-badge.tsx';
import { isReportRunning, REPORT_STATUS_LABELS, type ReportRow, type ReportStatus } from '@pesan/contracts/reports';
import { reportProgress } from '../utils/format.ts';

const STATUS_COLORS: Record<ReportStatus, string> = { 'in-queue': 'gray', processing: 'blue', done: 'green', failed: 'red' };

/** The status badge; a Failed badge with a reason carries it as a tooltip. */
export function ReportStatusBadge({ row }: { row: Pick<ReportRow, 'status' | 'additional_info'> }) {
  const { t } = useTranslation('reports');
  const reason = row.status === 'failed' ? row.additional_info.reason : null;
  const label = row.status in REPORT_STATUS_LABELS ? t(`reportStatus.${row.status}`) : row.status;
  return <ReasonBadge label={label} color={STATUS_COLORS[row.status]} reason={reason} />;
}

/** Progress bar of a report being made (nothing once it is done or failed). */
export function ReportProgress({ row, width = 140 }: { row: Pick<ReportRow, 'status' | 'data_processed' | 'total_data'>; width?: number | string }) {
  // Re-renders (and re-words the progress text) when the language changes.
  useTranslation('reports');
  if (!isReportRunning(row.status)) return null;
  const { percent, text } = reportProgress(row);
  return (
    <Stack gap={4} w={width} maw="100%">
      <Progress.Root
        size="sm"
        role="progressbar"
        aria-label={text}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={text}
      >
        <Progress.Section value={percent ?? 100} withAria={false} striped={percent === null} animated={percent === null} color={percent === null ? 'gray.5' : 'blue'} />
      </Progress.Root>
      <Text size="xs" c="gray.7" aria-hidden>
        {text}
      </Text>
    </Stack>
  );
}

/** Badge and, while running, the progress under it. */
export function ReportState({ row }: { row: ReportRow }) {
  return (
    <Stack gap={6} align="flex-start">
      <ReportStatusBadge row={row} />
      <ReportProgress row={row} />
    </Stack>
  );
}
