/**
 * A report's Download (templates-dashboard-reports.md §2.7, §4): active only when the report is
 * done; opens its url in a new window. Its accessible name names the report.
 */
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ReportRow } from '@pesan/contracts/reports';
import { canDownload, openReportDownload } from '../utils/download.ts';

/** The Download button of one report (see the module comment). */
export function ReportDownloadButton({ row, fullWidth }: { row: ReportRow; fullWidth?: boolean }) {
  const { t } = useTranslation('reports');
  return (
    <Button
      variant="default"
      size="xs"
      fullWidth={fullWidth}
      leftSection={<IconDownload size={14} aria-hidden />}
      disabled={!canDownload(row)}
      aria-label={t('download.named', { name: row.name })}
      onClick={() => openReportDownload(row)}
    >
      {t('download.label')}
    </Button>
  );
}
