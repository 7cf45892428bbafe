/**
 * The report table (templates-dashboard-reports.md §2.7, §4, §9): Report Title (with the
 * application under it), Channel, Create At (DD-MM-YYYY hh:mm:ss A), Total Data, Range Date
 * (start - end), Status (badge, failure reason tooltip, progress while being made) and Action
 * (Download). 10 skeleton rows while the first page loads; the spec's empty text when there is
 * nothing. Below 48em (REPORTS_CARDS_QUERY) the rows are cards instead (ReportsCards).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Table, Text } from '@mantine/core';
import { DataTable } from '../../../components/data-table.tsx';
import { useMediaQuery } from '@mantine/hooks';
import { REPORT_MESSAGES, REPORT_PAGE_SIZE, type ReportRow } from '@pesan/contracts/reports';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatTableDateTime, withTimeZoneNote } from '../../../lib/format.ts';
import { localizeMessage } from '../../../lib/i18n.ts';
import { formatReportRange, formatTotalData, reportChannelLabel } from '../utils/format.ts';
import { DateParts } from './date-parts.tsx';
import { ReportDownloadButton } from './download-button.tsx';
import { ReportsCards } from './reports-cards.tsx';
import { ReportState } from './report-status.tsx';

/** Widths below this show the reports as cards. */
export const REPORTS_CARDS_QUERY = '(max-width: 47.99em)';

/** The column headers of §2.7, in order (catalogue keys under `table`). */
export const REPORT_COLUMNS = ['reportTitle', 'channel', 'createAt', 'totalData', 'rangeDate', 'status', 'action'] as const;

export interface ReportsTableProps {
  rows: ReportRow[] | undefined;
  loading: boolean;
  /** Dim the rows while another page loads over them. */
  stale?: boolean;
  /** Shown instead of the empty text when the list could not be loaded. */
  error?: ReactNode;
}

/** The table in its own horizontally scrolling region, or the cards on a narrow screen. */
export function ReportsTable({ rows, loading, stale, error }: ReportsTableProps) {
  const { t } = useTranslation('reports');
  const narrow = useMediaQuery(REPORTS_CARDS_QUERY, window.matchMedia?.(REPORTS_CARDS_QUERY).matches ?? false, { getInitialValueInEffect: false });
  const empty = !(loading && !rows) && (!rows || rows.length === 0);
  const emptyBlock = empty ? (error ?? <EmptyState title={t('table.emptyTitle')} description={localizeMessage(REPORT_MESSAGES.empty)} />) : null;
  if (narrow)
    return (
      <>
        <ReportsCards rows={rows} loading={loading} stale={stale} />
        {emptyBlock}
      </>
    );
  return (
    <>
      <DataTable
        label={t('table.label')}
        columns={REPORT_COLUMNS.map((c) => (c === 'createAt' ? withTimeZoneNote(t(`table.${c}`)) : t(`table.${c}`)))}
        rows={rows}
        loading={loading}
        stale={stale}
        minWidth={960}
        skeletonRows={REPORT_PAGE_SIZE}
        skeletonTestId="report-skeleton-row"
        renderRow={(r) => (
          <Table.Tr key={r._id}>
            {/* break-word (not anywhere): long names wrap without shrinking the column to nothing. */}
            <Table.Td miw={180} maw={320}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'break-word' }}>
                {r.name}
              </Text>
              <Text size="xs" c="gray.7" style={{ overflowWrap: 'break-word' }}>
                {r.application_name}
              </Text>
            </Table.Td>
            <Table.Td>{reportChannelLabel(r.channel)}</Table.Td>
            <Table.Td>
              <DateParts text={formatTableDateTime(r.created_at)} />
            </Table.Td>
            <Table.Td>{formatTotalData(r)}</Table.Td>
            <Table.Td>
              <DateParts text={formatReportRange(r)} />
            </Table.Td>
            <Table.Td>
              <ReportState row={r} />
            </Table.Td>
            <Table.Td>
              <ReportDownloadButton row={r} />
            </Table.Td>
          </Table.Tr>
        )}
      />
      {emptyBlock}
    </>
  );
}
