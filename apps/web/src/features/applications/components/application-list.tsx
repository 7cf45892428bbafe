/**
 * My Application list (console.md §2, §9): search debounced 0.5 s (resets the page), channel filter,
 * cards, loading skeletons, the empty state and a pager of 10 per page.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Group, MultiSelect, SimpleGrid, Skeleton, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { APPLICATION_MESSAGES, PAGE_SIZE } from '@pesan/contracts/application';
import type { ChannelId } from '@pesan/contracts/channels';
import { AppPagination } from '../../../components/pagination.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useApplications } from '../api/list-applications.ts';
import { useChannels } from '../api/get-channels.ts';
import { ApplicationCard } from './application-card.tsx';
import { channelLabel } from './channel-chips.tsx';

/** Search debounce of the application list (console.md §9), in ms. */
export const LIST_SEARCH_DEBOUNCE_MS = 500;

export function ApplicationList() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), LIST_SEARCH_DEBOUNCE_MS);
  const [channelIds, setChannelIds] = useState<ChannelId[]>([]);
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [debounced]);

  const channels = useChannels();
  const list = useApplications({ channel_id: channelIds, search: debounced, page, limit: PAGE_SIZE });
  const apps = list.data?.data ?? [];
  const filtering = debounced !== '' || channelIds.length > 0;

  return (
    <Stack gap="lg">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search application"
          placeholder="Search by application name"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: '1 1 260px' }}
        />
        <MultiSelect
          label="Filter by channel"
          placeholder={channelIds.length ? undefined : 'All channels'}
          data={(channels.data ?? []).map((c) => ({ value: c.id, label: channelLabel(c.id) }))}
          value={channelIds}
          onChange={(v) => {
            setChannelIds(v as ChannelId[]);
            setPage(1);
          }}
          clearable
          style={{ flex: '1 1 260px' }}
          error={channels.error ? channels.error.message : undefined}
        />
      </Group>

      {list.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="status" aria-busy="true" aria-label="Loading applications">
          {Array.from({ length: 6 }, (_, i) => (
            <Card key={i} withBorder padding="lg">
              <Skeleton height={20} width="60%" mb="md" />
              <Skeleton height={16} width="40%" mb="sm" />
              <Skeleton height={14} mb="sm" />
              <Skeleton height={28} width="50%" />
            </Card>
          ))}
        </SimpleGrid>
      ) : list.isError && !list.data ? (
        <Alert color="red" variant="light" title="Error!">
          {list.error.message}
        </Alert>
      ) : apps.length === 0 ? (
        <EmptyState
          title={APPLICATION_MESSAGES.emptyList}
          description={filtering ? 'Try another search or channel filter.' : 'Create an application to get your API keys.'}
          action={
            filtering ? null : (
              <Button component={Link} to="/my-application/create-application" leftSection={<IconPlus size={16} aria-hidden />}>
                Create Application
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

      {list.data && list.data.total > 0 ? (
        <AppPagination page={page} limit={PAGE_SIZE} total={list.data.total} pages={list.data.pages} onChange={setPage} />
      ) : null}
    </Stack>
  );
}
