/**
 * The Overview (templates-dashboard-reports.md §2.6): the application picker (first application by
 * default), the date range with presets (default last 7 days, 1–31 days), one tab per dashboard
 * channel the application has and, after them, the Verify tab (issue 27, any application;
 * verify-overview.tsx); picking another application resets the channel. The filters live in
 * the URL search params (use-dashboard-params.ts), so reload and Back restore them, and the data
 * reloads on each change. `footer` renders under the channel's figures (the route composes the
 * Monitoring table of 5 there).
 */
import type { ReactNode } from 'react';
import { Anchor, Button, Group, Paper, Select, Skeleton, Stack, Tabs } from '@mantine/core';
import { IconAlertTriangle, IconApps } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChannelId } from '@pesan/contracts/channels';
import { DateRangePicker, type DateRange } from '../../../components/date-range-picker.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useDashboardApplications } from '../api/list-dashboard-applications.ts';
import { useDashboardParams, VERIFY_TAB, type DashboardTab } from '../hooks/use-dashboard-params.ts';
import { DASHBOARD_TAB_LABELS } from '../utils/channels.ts';
import { ChannelOverview } from './channel-overview.tsx';
import { VerifyOverview } from './verify-overview.tsx';

export interface DashboardFooterContext {
  applicationId: string;
  channel: ChannelId;
  range: DateRange;
}

export interface DashboardViewProps {
  /** Rendered under the active channel's figures (not under the Verify tab). */
  footer?: (ctx: DashboardFooterContext) => ReactNode;
}

export function DashboardView({ footer }: DashboardViewProps) {
  const { t } = useTranslation('dashboard');
  const apps = useDashboardApplications();
  const list = apps.data ?? [];
  const { appId, channel, channels, range, setApp, setChannel, setRange } = useDashboardParams(list);

  if (apps.isError && !apps.data) {
    return (
      <Paper withBorder radius="md" p="md">
        <EmptyState
          icon={<IconAlertTriangle size={30} />}
          title={t('appsLoadFailed')}
          description={apps.error.message}
          action={
            <Button variant="default" mt="xs" onClick={() => void apps.refetch()} loading={apps.isFetching}>
              {t('tryAgain')}
            </Button>
          }
        />
      </Paper>
    );
  }
  if (apps.data && list.length === 0) {
    return (
      <Paper withBorder radius="md" p="md">
        <EmptyState
          icon={<IconApps size={30} />}
          title={t('noAppsTitle')}
          description={t('noAppsHint')}
          action={
            <Anchor component={Link} to="/my-application/create-application" fw={600}>
              {t('createApplication')}
            </Anchor>
          }
        />
      </Paper>
    );
  }

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Group gap="sm" align="flex-end" wrap="wrap">
          {apps.data ? (
            <Select
              label={t('filters.application')}
              data={list.map((a) => ({ value: a.id, label: a.name }))}
              value={appId}
              onChange={(v) => v && v !== appId && setApp(v)}
              allowDeselect={false}
              searchable={list.length > 8}
              nothingFoundMessage={t('filters.noApplicationFound')}
              style={{ flex: '1 1 220px', maxWidth: 420 }}
            />
          ) : (
            <Skeleton height={60} style={{ flex: '1 1 220px', maxWidth: 420 }} />
          )}
          <DateRangePicker value={range} onChange={setRange} />
        </Group>
      </Paper>

      {appId && channel ? (
        <Tabs value={channel} onChange={(v) => v && setChannel(v as DashboardTab)} keepMounted={false} variant="outline" radius="md">
          <Tabs.List aria-label={t('filters.channel')} style={{ flexWrap: 'wrap' }}>
            {channels.map((c) => (
              <Tabs.Tab key={c} value={c} fw={600}>
                {DASHBOARD_TAB_LABELS[c]}
              </Tabs.Tab>
            ))}
            <Tabs.Tab value={VERIFY_TAB} fw={600}>
              {t('verify.tab')}
            </Tabs.Tab>
          </Tabs.List>
          {channels.map((c) => (
            <Tabs.Panel key={c} value={c} pt="md">
              <ChannelOverview
                key={`${appId}:${c}`}
                applicationId={appId}
                channel={c}
                range={range}
                footer={footer?.({ applicationId: appId, channel: c, range })}
              />
            </Tabs.Panel>
          ))}
          <Tabs.Panel value={VERIFY_TAB} pt="md">
            <VerifyOverview key={appId} applicationId={appId} range={range} />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <Skeleton height={320} />
      )}
    </Stack>
  );
}
