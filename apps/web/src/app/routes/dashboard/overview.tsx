/**
 * Overview at /dashboard (templates-dashboard-reports.md §2.6): the dashboard feature's view with,
 * under each channel's figures, the Monitoring feature's records table limited to 5 rows (§9
 * dashboard monitoring page size), its 'Last transaction update' footer and 'View All Monitoring'
 * to /my-application/detail-transaction/{appId}. The link carries the channel and range both as
 * search params (`?channel=&start=&end=`) and as the spec's route state (id, application, payload
 * {startDate, endDate, application_id, channel}). The preview is live (useLiveRecordsPage). The chart library (@mantine/charts, Recharts)
 * loads only when a chart nears the viewport (features/dashboard/components/lazy-chart.tsx).
 */
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChannelId } from '@pesan/contracts/channels';
import { RECORDS_MESSAGES } from '@pesan/contracts/records-messages';
import { Page } from '../../../components/page.tsx';
import { DashboardView } from '../../../features/dashboard/components/dashboard-view.tsx';
import { useRecords, type RecordsParams } from '../../../features/monitoring/api/list-records.ts';
import { useLiveRecordsPage } from '../../../features/monitoring/hooks/use-live-records-page.ts';
import { RecordsTable } from '../../../features/monitoring/components/records-table.tsx';
import { formatNumber, formatRelative } from '../../../lib/format.ts';
import { localizeMessage } from '../../../lib/i18n.ts';

/** Rows of the Overview's Monitoring table (§9). */
const PREVIEW_ROWS = 5;

function MonitoringPreview({ applicationId, channel, range }: { applicationId: string; channel: ChannelId; range: [string, string] }) {
  const { t } = useTranslation('dashboard');
  // Whole days, as the figures above ask them: the server reads them in the organization's zone.
  const params: RecordsParams = { application_id: applicationId, channel, startDate: range[0], endDate: range[1], page: 1, limit: PREVIEW_ROWS, showType: 'all', search: '' };
  const records = useRecords(params);
  // Live (issue 28): the rows' statuses change in place and new messages come in by themselves.
  useLiveRecordsPage(params);
  const data = records.data;
  const search = new URLSearchParams({ channel, start: range[0], end: range[1] }).toString();
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="overview-monitoring" miw={0}>
      <Title id="overview-monitoring" order={2} size="h4" mb="sm">
        {t('preview.title')}
      </Title>
      <Stack gap="sm">
        <RecordsTable
          channel={channel}
          rows={data?.data}
          loading={records.isPending && !records.isError}
          stale={records.isPlaceholderData}
          error={records.isError && !data ? <Text size="sm" c="red.8" ta="center" py="md">{records.error.message}</Text> : undefined}
        />
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap={6}>
            <Text size="sm" c="gray.7">
              {t('preview.lastUpdate')}
            </Text>
            <Text size="sm">
              {data?.last_update ? formatRelative(data.last_update) : localizeMessage(RECORDS_MESSAGES.noData)}
              {/* The separator keeps to the time before it (a no-break space), never starting a line. */}
              {data && data.total > 0 ? (
                <Text span size="sm" c="gray.7">
                  {t('preview.shown', { shown: formatNumber(Math.min(PREVIEW_ROWS, data.data.length)), total: formatNumber(data.total) })}
                </Text>
              ) : null}
            </Text>
          </Group>
          <Anchor
            component={Link}
            to={`/my-application/detail-transaction/${encodeURIComponent(applicationId)}?${search}`}
            state={{ id: applicationId, application: applicationId, payload: { startDate: range[0], endDate: range[1], application_id: applicationId, channel } }}
            fw={600}
          >
            <Group gap={4} wrap="nowrap">
              {t('preview.viewAll')}
              <IconArrowRight size={16} aria-hidden />
            </Group>
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}

export default function OverviewPage() {
  const { t } = useTranslation('dashboard');
  return (
    <Page title={t('page.title')} description={t('page.description')}>
      <DashboardView footer={(ctx) => <MonitoringPreview key={`${ctx.applicationId}:${ctx.channel}`} {...ctx} />} />
    </Page>
  );
}
