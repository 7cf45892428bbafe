/**
 * POST /api/report/rate {application_id, channel, startDate, endDate} -> {data: RateData}: total,
 * success, failure, success_rate and failure_rate (percent, 2 decimals; templates-dashboard-reports.md
 * §9) and counts by status (ARCHITECTURE.md §5; contracts/dashboard.ts). Dates 'YYYY-MM-DD'.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardQuery, RateData } from '@pesan/contracts/dashboard';
import { api } from '../../../lib/api-client.ts';

export async function getRate(query: DashboardQuery, signal?: AbortSignal): Promise<RateData> {
  return (await api<{ data: RateData }>('/api/report/rate', { body: query, signal })).data;
}

export const rateQueryOptions = (query: DashboardQuery) =>
  queryOptions({ queryKey: ['dashboard', 'rate', query], queryFn: ({ signal }) => getRate(query, signal) });

export const useRate = (query: DashboardQuery) => useQuery(rateQueryOptions(query));
