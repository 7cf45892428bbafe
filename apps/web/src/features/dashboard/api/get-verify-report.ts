/**
 * POST /api/report/verify {application_id, startDate, endDate} -> {data: VerifyReportData}: the
 * Verify figures of an application over 1–31 days (issue 27; ARCHITECTURE.md §6.4;
 * contracts/verify-console.ts): started, approved, expired, failed, canceled and pending counts,
 * the conversion rate (percent, 2 decimals, null when nothing started), the median seconds to
 * approve (null when nothing was approved), one entry per Verify channel and a series per hour
 * (single day) or per day. Dates 'YYYY-MM-DD' in the organization's time zone; another
 * organization's application is a 404.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VerifyReportData, VerifyReportQuery } from '@pesan/contracts/verify-console';
import { api } from '../../../lib/api-client.ts';

export async function getVerifyReport(query: VerifyReportQuery, signal?: AbortSignal): Promise<VerifyReportData> {
  return (await api<{ data: VerifyReportData }>('/api/report/verify', { body: query, signal })).data;
}

export const verifyReportQueryOptions = (query: VerifyReportQuery) =>
  queryOptions({ queryKey: ['dashboard', 'verify', query], queryFn: ({ signal }) => getVerifyReport(query, signal) });

export const useVerifyReport = (query: VerifyReportQuery) => useQuery(verifyReportQueryOptions(query));
