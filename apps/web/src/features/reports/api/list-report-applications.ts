/**
 * POST /api/application/list {channel_id: [], search: '', page: 1, limit: 100} -> the organization's
 * applications for the Generate Report page (console.md §7, ARCHITECTURE.md §5): the 'Application
 * Name' filter, the ids sent when none is picked (§4), and the pop-up's Application field. Only id,
 * name and channel ids.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Application, Paged } from '@pesan/contracts/application';
import type { ChannelId } from '@pesan/contracts/channels';
import { api } from '../../../lib/api-client.ts';

export interface ReportApplication {
  id: string;
  name: string;
  channels: ChannelId[];
}

/** At most this many applications are offered (the list call's limit maximum). */
export const REPORT_APPS_LIMIT = 100;

/** Fetches the applications (the first REPORT_APPS_LIMIT, newest first). */
export async function listReportApplications(signal?: AbortSignal): Promise<ReportApplication[]> {
  const res = await api<Paged<Application>>('/api/application/list', { body: { channel_id: [], search: '', page: 1, limit: REPORT_APPS_LIMIT }, signal });
  return res.data.map((a) => ({ id: a.id, name: a.application_name, channels: a.channels.map((c) => c.channel) }));
}

/** Query options of the application list (its key sits under 'applications', refreshed when they change). */
export const reportApplicationsQueryOptions = () =>
  queryOptions({ queryKey: ['applications', 'report-picker'], queryFn: ({ signal }) => listReportApplications(signal) });

/** The applications of the organization for the report page. */
export const useReportApplications = () => useQuery(reportApplicationsQueryOptions());
