/**
 * Monitoring of one application (console.md §2 Monitoring, §4, §8, §9): 'Channel' (the
 * application's channels), 'Status' (MONITORING_FILTERS), the date range (default Last 7 Days,
 * 1–31 days, sent as days `YYYY-MM-DD` that the server reads in the organization's time zone),
 * Export (a link to /generate-report carrying this application, channel, status and range for its
 * create pop-up; parameter names in utils/export-link.ts), 'Search' by Message ID,
 * Number or Email (debounced 2 s), 'Refresh', the table, the 'from - to of total' pager and the
 * 'Last transaction update' footer. Errors toast 'Error!' with the server's message (a 5xx or
 * 401 is announced by the global handler) and, with nothing to show, the table says the list could
 * not be loaded and offers 'Try again'. Enter in 'Search' applies the text at once. A row opens the
 * message detail drawer; the open message lives in the `?message=` search param (a deep link opens
 * it, closing removes it; issue 9).
 */
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ActionIcon, Button, Group, Paper, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { toastError } from '../../../components/toasts.ts';
import { IconAlertTriangle, IconFileExport, IconRefresh, IconSearch } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from '@pesan/contracts/application-messages';
import { MONITORING_CHANNEL_LABELS, type ChannelId } from '@pesan/contracts/channels';
import { RECORDS_MESSAGES } from '@pesan/contracts/records-messages';
import { MONITORING_FILTERS, statusLabel, type MessageStatus } from '@pesan/contracts/statuses';
import { localizeMessage } from '../../../lib/i18n.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatRelative } from '../../../lib/format.ts';
import { AppPagination } from '../../../components/pagination.tsx';
import { DateRangePicker, defaultDateRange } from '../../../components/date-range-picker.tsx';
import { activityShowsIn, applyStatusEvents, recordsQueryOptions, useRecords, type RecordsPage, type RecordsParams, type SearchKey } from '../api/list-records.ts';
import { LIVE_FALLBACK_POLL_MS, useLiveStatusEvents } from '../../../lib/live-events.ts';
import { LiveIndicator } from '../../../components/live-indicator.tsx';
import { monitoringChannels, searchKeysFor, useMonitoringState, type DayRange } from '../hooks/use-monitoring-state.ts';
import { RecordsTable } from './records-table.tsx';
import { exportLink } from '../utils/export-link.ts';
import { usePageCursors } from '../hooks/use-page-cursors.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { intentPrefetch } from '../../../components/intent-prefetch.ts';
import classes from './monitoring.module.css';
import { useAfterFirstPaint } from '../../../components/deferred-section.tsx';

// Not part of the page's first load (issue 10): fetched when the records are pointed at, focused or
// touched, mounted at the first open.
const loadDrawer = () => import('./message-detail-drawer.tsx');
const MessageDetailDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.MessageDetailDrawer })));


export interface MonitoringViewProps {
  applicationId: string;
  channels: ChannelId[];
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The first channel and range: `channel`, `start` and `end` from the URL when they are valid (a
 * channel of this application; two YYYY-MM-DD days, start first, at most 31 days apart), else the
 * first channel and the default range.
 */
export function initialFilters(params: URLSearchParams, options: ChannelId[]): { channel: ChannelId; range: DayRange } {
  const wanted = params.get('channel') as ChannelId | null;
  const channel = wanted && options.includes(wanted) ? wanted : (options[0] ?? 'sms');
  const start = params.get('start') ?? '';
  const end = params.get('end') ?? '';
  const days = (Date.parse(end) - Date.parse(start)) / 86_400_000;
  const range: DayRange = DAY.test(start) && DAY.test(end) && days >= 0 && days <= 30 ? [start, end] : defaultDateRange();
  return { channel, range };
}

export function MonitoringView({ applicationId, channels }: MonitoringViewProps) {
  const { t } = useTranslation('monitoring');
  const [params, setParams] = useSearchParams();
  const openMessage = params.get('message');
  // Stable across renders, so the memoised rows do not re-render when the page does.
  const setParamsRef = useRef(setParams);
  setParamsRef.current = setParams;
  const setOpenMessage = useCallback(
    (id: string | null) =>
      setParamsRef.current(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (id) next.set('message', id);
          else next.delete('message');
          return next;
        },
        { replace: id === null },
      ),
    [],
  );
  const [drawerMounted, setDrawerMounted] = useState(false);
  if (openMessage !== null && !drawerMounted) setDrawerMounted(true);
  const options = monitoringChannels(channels);
  // The dashboard's 'View All Monitoring' opens this page on its channel and range (?channel=&start=&end=).
  const { state, dispatch, searchText, setSearchText, applySearchNow } = useMonitoringState(initialFilters(params, options));
  const cursors = usePageCursors(JSON.stringify([applicationId, state.channel, state.range, state.filter, state.searchKey, state.search]));
  const listParams: RecordsParams = {
    application_id: applicationId,
    channel: state.channel,
    startDate: state.range[0],
    endDate: state.range[1],
    page: state.page,
    cursor: cursors.cursorFor(state.page),
    limit: PAGE_SIZE,
    showType: state.filter,
    search: state.search ? { key: state.searchKey, value: state.search } : '',
  };
  const listKey = recordsQueryOptions(listParams).queryKey;
  const listKeyText = JSON.stringify(listKey);

  // Live delivery (issue 28): the shown rows and the open message are watched, so their status
  // changes arrive one by one and update the rows in place (no refetch) and refetch the open
  // detail; the application's other changes arrive summed, at most every 500 ms, and offer
  // 'New activity — Refresh' when one would show in this list (rather than refetching by itself:
  // the page does not move under the reader, and a busy application costs no requests). Paused =
  // nothing applied; the stream unavailable = the list polls every 10 s.
  const queryClient = useQueryClient();
  const [livePaused, setLivePaused] = useState(false);
  const [newActivityFor, setNewActivityFor] = useState<string | null>(null);
  const shownIds = queryClient.getQueryData<RecordsPage>(listKey)?.data.map((r) => r.msgid) ?? [];
  const watched = openMessage ? [...shownIds, openMessage] : shownIds;
  const liveState = useLiveStatusEvents(
    [applicationId],
    (events) => {
      const current = queryClient.getQueryData<RecordsPage>(listKey);
      if (current) {
        const { page } = applyStatusEvents(current, events);
        if (page !== current) queryClient.setQueryData(listKey, page);
      }
      if (openMessage && events.some((e) => e.message_id === openMessage)) void queryClient.invalidateQueries({ queryKey: ['records', 'detail', openMessage], exact: true });
    },
    {
      paused: livePaused,
      messageIds: watched,
      onActivity: (activity) => {
        if (activityShowsIn(activity, applicationId, state.channel, state.filter)) setNewActivityFor(listKeyText);
      },
      onReset: () => void queryClient.invalidateQueries({ queryKey: ['records'] }),
    },
  );
  const newActivity = newActivityFor === listKeyText;
  const records = useRecords(listParams, options.length > 0, liveState === 'unavailable' ? LIVE_FALLBACK_POLL_MS : liveState === 'connecting' ? undefined : false);
  const refresh = () => {
    setNewActivityFor(null);
    void records.refetch();
  };

  useEffect(() => {
    if (records.data) cursors.remember(records.data.page, records.data.next_cursor);
  }, [records.data, cursors]);

  useEffect(() => {
    const err = records.error;
    if (!err || (err instanceof ApiError && (err.status === 401 || err.status >= 500))) return;
    toastError((err instanceof ApiError && err.details[0]?.message) || err.message, undefined, 'records-error');
  }, [records.error, records.errorUpdatedAt]);

  // The first answer's rows render in a background pass (interruptible, in slices) rather than in
  // the task that receives it, so the page's first data never blocks input (issue 10: Total
  // Blocking Time); the skeleton rows stay until then. Later answers (paging, filters) render at once.
  const firstAnswerShown = useDeferredValue(records.data !== undefined);
  const data = firstAnswerShown ? records.data : undefined;
  const loading = (records.isPending && !records.isError) || (records.data !== undefined && !firstAnswerShown);
  // The page's title (its largest paint) commits first; the filters and the list render right after,
  // in an interruptible pass (issue 28: LCP and Total Blocking Time). The queries and the live
  // stream above have started already.
  const afterFirstPaint = useAfterFirstPaint();
  if (!afterFirstPaint) return <div style={{ minHeight: 520 }} data-testid="monitoring-pending" />;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t('filters.channel')}
            data={options.map((c) => ({ value: c, label: MONITORING_CHANNEL_LABELS[c] }))}
            value={state.channel}
            onChange={(v) => v && dispatch({ type: 'channel', channel: v as ChannelId })}
            allowDeselect={false}
            className={classes.halfOnPhone}
          />
          <Select
            label={t('filters.status')}
            data={MONITORING_FILTERS[state.channel].map((s) => ({ value: s, label: s === 'all' ? t('filters.all') : t(`status.${s}`, { defaultValue: statusLabel(s) }) }))}
            value={state.filter}
            onChange={(v) => v && dispatch({ type: 'filter', filter: v as 'all' | MessageStatus })}
            allowDeselect={false}
            className={classes.halfOnPhone}
          />
          <DateRangePicker value={state.range} onChange={(range) => dispatch({ type: 'range', range })} />
          <Button
            component={Link}
            to={exportLink({ applicationId, channel: state.channel, status: state.filter, range: state.range })}
            state={{ openCreate: true }}
            variant="default"
            leftSection={<IconFileExport size={16} aria-hidden />}
          >
            {t('filters.export')}
          </Button>
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap" mt="sm">
          <Select
            label={t('filters.findBy')}
            data={searchKeysFor(state.channel).map((k) => ({ value: k, label: t(`searchKeys.${k}`) }))}
            value={state.searchKey}
            onChange={(v) => v && dispatch({ type: 'searchKey', key: v as SearchKey })}
            allowDeselect={false}
            w={150}
          />
          <TextInput
            label={t('filters.search')}
            placeholder={t('filters.searchBy', { key: t(`searchKeys.${state.searchKey}`) })}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={searchText}
            onChange={(e) => setSearchText(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') applySearchNow();
            }}
            style={{ flex: '1 1 240px' }}
          />
          <Tooltip label={t('filters.refresh')} withArrow>
            <ActionIcon variant="default" size={36} aria-label={t('filters.refresh')} onClick={refresh} loading={records.isFetching && !records.isPending}>
              <IconRefresh size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Paper>

      <Paper withBorder radius="md" p="md" {...intentPrefetch(loadDrawer)}>
        <Stack gap="sm">
          <Group justify="space-between" gap="sm" wrap="wrap" mih={36}>
            <LiveIndicator state={liveState} enabled={!livePaused} onEnabledChange={(on) => setLivePaused(!on)} />
            {newActivity ? (
              <Button size="xs" variant="light" leftSection={<IconRefresh size={14} aria-hidden />} onClick={refresh}>
                {t('list.newActivity')}
              </Button>
            ) : null}
          </Group>
          <RecordsTable
            channel={state.channel}
            rows={data?.data}
            loading={loading}
            stale={records.isPlaceholderData}
            onOpen={setOpenMessage}
            error={
              records.isError && !records.data ? (
                <EmptyState
                  icon={<IconAlertTriangle size={30} />}
                  title={t('list.loadFailed')}
                  description={records.error.message}
                  action={
                    <Button variant="default" mt="xs" onClick={() => void records.refetch()} loading={records.isFetching}>
                      {t('list.tryAgain')}
                    </Button>
                  }
                />
              ) : undefined
            }
          />
          {data ? (
            <AppPagination page={state.page} limit={PAGE_SIZE} total={data.total} totalCapped={data.total_capped} pages={data.pages} onChange={(page) => dispatch({ type: 'page', page })} />
          ) : null}
          <Group gap={6}>
            <Text size="sm" c="gray.7">
              {t('list.lastUpdate')}
            </Text>
            <Text size="sm">{data?.last_update ? formatRelative(data.last_update) : localizeMessage(RECORDS_MESSAGES.noData)}</Text>
          </Group>
        </Stack>
      </Paper>
      {drawerMounted && (
        <Suspense fallback={null}>
          <MessageDetailDrawer messageId={openMessage} onClose={() => setOpenMessage(null)} poll={liveState === 'unavailable' || liveState === 'connecting'} />
        </Suspense>
      )}
    </Stack>
  );
}
