/**
 * POST /api/records {application_id, channel, startDate, endDate, page, limit, showType, search}
 * -> {data: TransactionRecord[], page, limit, pages, total, last_update} (console.md §2 Monitoring, §7;
 * ARCHITECTURE.md §5). Dates are days `YYYY-MM-DD` (whole days in the organization's time zone, end
 * day included) or ISO date-times; the range is 1–31 days. One page on, the console sends the
 * previous page's `next_cursor` as `cursor` (keyset, hooks/use-page-cursors.ts); a jump to a
 * numbered page sends only `page` (offset).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '@pesan/contracts/application';
import type { ChannelId } from '@pesan/contracts/channels';
import type { ActivityEvent } from '@pesan/contracts/events';
import type { TransactionRecord } from '@pesan/contracts/records';
import type { MessageStatus } from '@pesan/contracts/statuses';
import { api } from '../../../lib/api-client.ts';

export type SearchKey = 'message_id' | 'number' | 'email';

export interface RecordsParams {
  application_id: string;
  channel: ChannelId;
  startDate: string;
  endDate: string;
  page: number;
  limit: number;
  cursor?: string;
  showType: 'all' | MessageStatus;
  search: { key: SearchKey; value: string } | '';
}

export interface RecordsPage extends Paged<TransactionRecord> {
  total_capped: boolean;
  next_cursor: string | null;
  last_update: string | null;
}

export function listRecords(params: RecordsParams, signal?: AbortSignal): Promise<RecordsPage> {
  return api<RecordsPage>('/api/records', { body: params, signal });
}

/** Statuses that will still change; while a page shows one, Monitoring polls every 5 s. */
export const PENDING_STATUSES: readonly string[] = ['submitted', 'in_queue', 'processed', 'sent', 'in_call'];

export const recordsQueryOptions = (params: RecordsParams) =>
  queryOptions({
    queryKey: ['records', params],
    queryFn: ({ signal }) => listRecords(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.data.some((r) => PENDING_STATUSES.includes(r.status)) ? 5000 : false),
  });

/**
 * The page's query. `refetchMs`: undefined = the default above (every 5 s while a row is pending);
 * false = no polling (the live stream updates the rows); a number = poll at that interval (the
 * stream is unavailable).
 */
export const useRecords = (params: RecordsParams, enabled = true, refetchMs?: number | false) =>
  useQuery({ ...recordsQueryOptions(params), enabled, ...(refetchMs === undefined ? {} : { refetchInterval: refetchMs }) });

/**
 * The page `page` with the status changes `events` applied to its rows (status, reason and
 * updated time; an event older than the row's updated time is ignored), and the ids of the events'
 * messages that are not on it. The same object when nothing changed.
 */
export function applyStatusEvents(page: RecordsPage, events: readonly { message_id: string; status: string; reason: string | null; at: string }[]): { page: RecordsPage; missing: string[] } {
  const index = new Map(page.data.map((r, i) => [r.msgid, i]));
  const missing: string[] = [];
  let rows: RecordsPage['data'] | null = null;
  for (const e of events) {
    const i = index.get(e.message_id);
    if (i === undefined) {
      missing.push(e.message_id);
      continue;
    }
    const row = (rows ?? page.data)[i]!;
    if (Date.parse(e.at) < Date.parse(row.updated_at)) continue;
    rows ??= [...page.data];
    rows[i] = { ...row, status: e.status as typeof row.status, reason: e.reason, updated_at: e.at };
  }
  return { page: rows ? { ...page, data: rows, last_update: latest(page.last_update, events) } : page, missing };
}

const latest = (current: string | null, events: readonly { at: string }[]) =>
  events.reduce<string | null>((acc, e) => (acc === null || Date.parse(e.at) > Date.parse(acc) ? e.at : acc), current);

/**
 * Whether an `activity` event (contracts/events.ts) has changes that would show in the list of
 * `applicationId`'s `channel` filtered by `filter`: new messages for 'all', changes into that
 * status otherwise (issue 28: the cue for 'New activity — Refresh').
 */
export function activityShowsIn(activity: ActivityEvent, applicationId: string, channel: string, filter: string): boolean {
  return activity.changes.some((c) => c.application_id === applicationId && c.channel === channel && (filter === 'all' ? c.created > 0 : (c.statuses[filter] ?? 0) > 0));
}
