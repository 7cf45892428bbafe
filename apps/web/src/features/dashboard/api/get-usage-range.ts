/**
 * POST /api/report/usage/range-date {application_id, channel, startDate, endDate} -> {data:
 * RangeDateData}: granularity ('hour' for a single day, else 'day'), local labels ('YYYY-MM-DD HH:00'
 * or 'YYYY-MM-DD') and one count series per status (templates-dashboard-reports.md §2.6;
 * ARCHITECTURE.md §5; contracts/dashboard.ts).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardQuery, RangeDateData } from '@pesan/contracts/dashboard';
import { api } from '../../../lib/api-client.ts';

export async function getUsageRange(query: DashboardQuery, signal?: AbortSignal): Promise<RangeDateData> {
  return (await api<{ data: RangeDateData }>('/api/report/usage/range-date', { body: query, signal })).data;
}

export const usageRangeQueryOptions = (query: DashboardQuery) =>
  queryOptions({ queryKey: ['dashboard', 'usage-range', query], queryFn: ({ signal }) => getUsageRange(query, signal) });

export const useUsageRange = (query: DashboardQuery) => useQuery(usageRangeQueryOptions(query));
