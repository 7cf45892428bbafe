/**
 * POST /api/report/usage {application_id, channel, startDate, endDate} -> {data: UsageData}: the
 * channel's usage counters with the field names of templates-dashboard-reports.md §3
 * (ARCHITECTURE.md §5; contracts/dashboard.ts). Dates 'YYYY-MM-DD'.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardQuery, UsageData } from '@pesan/contracts/dashboard';
import { api } from '../../../lib/api-client.ts';

export async function getUsage(query: DashboardQuery, signal?: AbortSignal): Promise<UsageData> {
  return (await api<{ data: UsageData }>('/api/report/usage', { body: query, signal })).data;
}

export const usageQueryOptions = (query: DashboardQuery) =>
  queryOptions({ queryKey: ['dashboard', 'usage', query], queryFn: ({ signal }) => getUsage(query, signal) });

export const useUsage = (query: DashboardQuery) => useQuery(usageQueryOptions(query));
