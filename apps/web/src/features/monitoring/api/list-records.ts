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

export const useRecords = (params: RecordsParams, enabled = true) => useQuery({ ...recordsQueryOptions(params), enabled });
