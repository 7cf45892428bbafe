/**
 * My Application list (console.md §2, §9): search debounced 0.5 s (resets the page), channel filter,
 * cards, loading skeletons, the empty state and a pager of 10 per page. Page, search and channel
 * filter live in the URL (`?search=…&channel=sms&channel=email&page=2`), so reload and back restore
 * them. No application at all shows 'Oops, you don't have any application'; a search or filter
 * without match shows "Sorry we couldn't find any result" with a hint.
 * Back on the list, the cached page shows at once while it is refetched in the background
 * (stale-while-revalidate, issue 28 part 3), with a small 'Refreshing…' hint when that takes a while;
 * the skeleton only stands in for a page never loaded.
 */
import { useDeferredValue, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Group, MultiSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APPLICATION_MESSAGES, PAGE_SIZE } from '@pesan/contracts/application-messages';
import { CHANNEL_IDS, type ChannelId } from '@pesan/contracts/channels';
import { RECORDS_MESSAGES } from '@pesan/contracts/records-messages';
import { CONSOLE_MESSAGES } from '@pesan/contracts/console-messages';
import { localizeMessage } from '../../../lib/i18n.ts';
import { AppPagination } from '../../../components/pagination.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { RefreshingHint } from '../../../components/delayed-loader.tsx';
import { CardGridSkeleton } from '../../../components/skeletons.tsx';
import { useCan } from '../../../lib/use-can.ts';
import { useApplications } from '../api/list-applications.ts';
import { useChannels } from '../api/get-channels.ts';
import { ApplicationCard } from './application-card.tsx';
import { channelLabel } from './channel-chips.tsx';

/** Search debounce of the application list (console.md §9), in ms. */
export const LIST_SEARCH_DEBOUNCE_MS = 500;

/** The list state in the URL: `search`, repeated `channel` (known ids only) and `page` (1 when absent or bad). */
export interface ListUrlState {
  search: string;
  channels: ChannelId[];
  page: number;
}

/** Reads ListUrlState from the query string. */
export function readListUrlState(params: URLSearchParams): ListUrlState {
  const page = Number(params.get('page'));
  return {
    search: (params.get('search') ?? '').trim(),
    channels: params.getAll('channel').filter((c): c is ChannelId => (CHANNEL_IDS as readonly string[]).includes(c)),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The query string of `state`, leaving out defaults (empty search, no channel, page 1). */
export function listUrlParams(state: ListUrlState): URLSearchParams {
  const p = new URLSearchParams();
  if (state.search) p.set('search', state.search);
  for (const c of state.channels) p.append('channel', c);
  if (state.page > 1) p.set('page', String(state.page));
  return p;
}

/** The My Application list (see the file comment). */
export function ApplicationList() {
  const { t } = useTranslation('applications');
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const url = readListUrlState(params);
  const { page, channels: channelIds } = url;
  const [search, setSearch] = useState(url.search);
  const [debounced] = useDebouncedValue(search.trim(), LIST_SEARCH_DEBOUNCE_MS);
  const go = (next: Partial<ListUrlState>, replace = false) => setParams(listUrlParams({ ...url, ...next }), { replace });
  // Typing settles into the URL (replacing the entry, and back to page 1).
  useEffect(() => {
    if (debounced !== url.search) go({ search: debounced, page: 1 }, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  // Back, forward or a link changed the URL: the box follows.
  useEffect(() => setSearch((s) => (s.trim() === url.search ? s : url.search)), [url.search]);
  const setPage = (p: number) => go({ page: p });
  const setChannelIds = (ids: ChannelId[]) => go({ channels: ids, page: 1 });

  const channels = useChannels();
  const list = useApplications({ channel_id: channelIds, search: url.search, page, limit: PAGE_SIZE });
  // The first answer's cards render in a background pass (interruptible, in slices) rather than in
  // the task that receives it, so the page's first data never blocks input (issue 10: Total
  // Blocking Time); the skeleton stays until then. Later answers (paging, filters) render at once.
  const firstAnswerShown = useDeferredValue(list.data !== undefined);
  const pending = list.isPending || (list.data !== undefined && !firstAnswerShown);
  const apps = list.data?.data ?? [];
  const filtering = url.search !== '' || channelIds.length > 0;

  return (
    <Stack gap="lg">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('list.searchLabel')}
          placeholder={t('list.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: '1 1 260px' }}
        />
        <MultiSelect
          label={t('list.channelFilterLabel')}
          placeholder={channelIds.length ? undefined : t('list.channelFilterPlaceholder')}
          data={(channels.data ?? []).map((c) => ({ value: c.id, label: channelLabel(c.id) }))}
          value={channelIds}
          onChange={(v) => setChannelIds(v as ChannelId[])}
          clearable
          style={{ flex: '1 1 260px' }}
          error={channels.error ? channels.error.message : undefined}
        />
      </Group>
      <RefreshingHint active={!pending && list.isFetching && !list.isPlaceholderData} label={t('list.refreshing')} />

      {pending ? (
        <CardGridSkeleton label={t('list.loading')} />
      ) : list.isError && !list.data ? (
        <Alert color="red" variant="light" title={localizeMessage(CONSOLE_MESSAGES.errorTitle)}>
          {list.error.message}
        </Alert>
      ) : apps.length === 0 ? (
        <EmptyState
          title={localizeMessage(filtering ? RECORDS_MESSAGES.empty : APPLICATION_MESSAGES.emptyList)}
          description={filtering ? localizeMessage(RECORDS_MESSAGES.emptyHint) : t('list.emptyHint')}
          action={
            filtering || !can('applications.create') ? null : (
              <Button component={Link} to="/my-application/create-application" leftSection={<IconPlus size={16} aria-hidden />}>
                {t('list.createButton')}
              </Button>
            )
          }
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          {apps.map((a) => (
            <ApplicationCard key={a.id} app={a} />
          ))}
        </SimpleGrid>
      )}

      {!pending && list.data && list.data.total > 0 ? (
        <AppPagination page={page} limit={PAGE_SIZE} total={list.data.total} pages={list.data.pages} onChange={setPage} />
      ) : null}
    </Stack>
  );
}
