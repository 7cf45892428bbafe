/**
 * POST /api/application/list {channel_id: [], search: '', page: 1, limit: 100} -> the applications of
 * the Overview picker (the first 100, newest first as the list answers; console.md §7,
 * ARCHITECTURE.md §5). Only what the picker needs: id, name and channel ids.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Application, Paged } from '@pesan/contracts/application';
import type { ChannelId } from '@pesan/contracts/channels';
import { api } from '../../../lib/api-client.ts';

export interface DashboardApplication {
  id: string;
  name: string;
  channels: ChannelId[];
}

/** At most this many applications are offered (the list call's limit maximum). */
export const DASHBOARD_APPS_LIMIT = 100;

export async function listDashboardApplications(signal?: AbortSignal): Promise<DashboardApplication[]> {
  const res = await api<Paged<Application>>('/api/application/list', { body: { channel_id: [], search: '', page: 1, limit: DASHBOARD_APPS_LIMIT }, signal });
  return res.data.map((a) => ({ id: a.id, name: a.application_name, channels: a.channels.map((c) => c.channel) }));
}

export const dashboardApplicationsQueryOptions = () =>
  queryOptions({ queryKey: ['applications', 'dashboard-picker'], queryFn: ({ signal }) => listDashboardApplications(signal) });

export const useDashboardApplications = () => useQuery(dashboardApplicationsQueryOptions());
