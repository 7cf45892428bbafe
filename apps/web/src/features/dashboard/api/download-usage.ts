/**
 * GET /api/report/usage/download?application_id&channel&start_date&end_date -> the channel's usage
 * .xlsx, named `Report_Usage_{Channel}_{start}-{end}.xlsx` (templates-dashboard-reports.md §7.2, §9;
 * ARCHITECTURE.md §5). Resolves to the file and its name (the server's, else usageFileName()).
 */
import { usageFileName, type DashboardDownloadQuery } from '@pesan/contracts/dashboard';
import { apiFile } from '../../../lib/api-client.ts';

export async function downloadUsage(query: DashboardDownloadQuery): Promise<{ blob: Blob; filename: string }> {
  const qs = new URLSearchParams(query).toString();
  const { blob, filename } = await apiFile(`/api/report/usage/download?${qs}`);
  return { blob, filename: filename ?? usageFileName(query.channel, query.start_date, query.end_date) };
}
