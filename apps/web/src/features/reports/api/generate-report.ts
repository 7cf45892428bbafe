/**
 * POST /api/report/generate-report {application_id, title, channel, status[], start_date, end_date,
 * type, search?} -> 201 {data: ReportRow} (templates-dashboard-reports.md §2.8, §3 Report generation
 * request, §7.3; ARCHITECTURE.md §5; contracts/reports.ts). A 400 carries field messages in the error
 * envelope's details (paths 'title', 'status', 'start_date', …). Success refreshes the report list.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GenerateReportInput, ReportRow } from '@pesan/contracts/reports';
import { api } from '../../../lib/api-client.ts';
import { reportListQueryKey } from './list-reports.ts';

/** Asks the server to make a report; resolves to its row (status in-queue). */
export async function generateReport(input: GenerateReportInput): Promise<ReportRow> {
  return (await api<{ data: ReportRow }>('/api/report/generate-report', { body: input })).data;
}

/** Mutation of generateReport that refreshes every report list page on success. */
export function useGenerateReport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: generateReport,
    onSuccess: () => qc.invalidateQueries({ queryKey: reportListQueryKey }),
  });
}
