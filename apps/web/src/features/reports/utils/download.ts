/**
 * Download of a report (templates-dashboard-reports.md §2.7, §7.3): it "opens the row's url in a
 * new window (no call)". The url is `/api/report/{id}/download` (the session cookie goes along),
 * present only when the report is done.
 */
import type { ReportRow } from '@pesan/contracts/reports';

/** Whether the row's Download is active: done, with a url. */
export const canDownload = (row: Pick<ReportRow, 'status' | 'url'>): boolean => row.status === 'done' && Boolean(row.url);

/** Opens the row's url in a new window; does nothing unless canDownload(row). */
export function openReportDownload(row: Pick<ReportRow, 'status' | 'url'>): void {
  if (!canDownload(row) || !row.url) return;
  window.open(row.url, '_blank', 'noopener');
}
