/**
 * One channel tab of the Overview (templates-dashboard-reports.md §2.6, §3, §4, §8, §9): Total,
 * Success Rate and Failure Rate (the API's rates with 2 decimals), the §3 usage counters with the
 * status tooltips, the trend chart per status, the WhatsApp session figures and chart (WhatsApp
 * tab), the Excel exports, and below them whatever `footer` renders (the Monitoring table of 5,
 * composed by the route). Skeletons while loading; a failed call toasts 'Error!' 'Something went
 * wrong or Data Is Empty' once (a 401 is handled globally) and shows a retry, except a range the
 * server refuses as older than the retention (422 `outside_retention`), whose own message (which
 * day to choose from) shows instead (loadFailedText); a range with no traffic shows an empty state
 * linking to the API docs.
 */
import { useEffect, type ReactNode } from 'react';
import { Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle, IconBook } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChannelId } from '@pesan/contracts/channels';
import {
  CONVERSATION_SERIES, DASHBOARD_MESSAGES, RATE_GROUPS, STATUS_TOOLTIPS,
  type ConversationData, type DashboardQuery, type UsageData,
} from '@pesan/contracts/dashboard';
import type { MessageStatus } from '@pesan/contracts/statuses';
import { EmptyState } from '../../../components/empty-state.tsx';
import { toastError } from '../../../components/toasts.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { dashboardLabel } from '@pesan/contracts/dashboard-labels';
import { currentLanguage, localizeMessage } from '../../../lib/i18n.ts';
import { useConversation } from '../api/get-conversation.ts';
import { useRate } from '../api/get-rate.ts';
import { useUsage } from '../api/get-usage.ts';
import { useUsageRange } from '../api/get-usage-range.ts';
import { useLiveCounters } from '../hooks/use-live-counters.ts';
import { downloadConversation } from '../api/download-conversation.ts';
import { downloadUsage } from '../api/download-usage.ts';
import { fieldStatus, formatCount, formatRateValue } from '../utils/format.ts';
import { DASHBOARD_TAB_LABELS } from '../utils/channels.ts';
import { ExportButton } from './export-button.tsx';
import { StatCard } from './stat-card.tsx';
import { TrendChart } from './trend-chart.tsx';
import { SectionCard } from '../../../components/section-card.tsx';

/**
 * The text of a failed load: the server's message when it refused the range as older than the
 * kept messages (422 `outside_retention`: it names the first day to choose), else §8's 'Something
 * went wrong or Data Is Empty'. In the current language either way.
 */
export function loadFailedText(err: unknown): string {
  if (err instanceof ApiError && err.code === 'outside_retention') return localizeMessage(err.message);
  return localizeMessage(DASHBOARD_MESSAGES.loadFailed);
}

export interface ChannelOverviewProps {
  applicationId: string;
  channel: ChannelId;
  /** Inclusive days 'YYYY-MM-DD'. */
  range: [string, string];
  footer?: ReactNode;
}

/** The usage counters of an answer, without `channel` and `total` (shown on the Total card). */
export function usageFields(usage: UsageData): [string, number][] {
  return Object.entries(usage).filter(([k]) => k !== 'channel' && k !== 'total') as [string, number][];
}

/**
 * The label of a figure, status or series (keyed by its API name) in the current language: the
 * contracts' dashboard labels, which the Excel exports use too (issue 23 item 14).
 */
export const figureLabel = (key: string) => dashboardLabel(key, currentLanguage());

const groupText = (xs: readonly MessageStatus[]) => xs.map(figureLabel).join(' + ');

/** WhatsApp session figures (§3 field names, spec spelling); labels and help in the catalogue under `sessions`. */
const SESSION_FIGURES: (keyof ConversationData)[] = [
  'total_all_conversation',
  'total_all_bussiness_initiated',
  'total_all_customer_initiated',
  'total_all_marketing',
  'total_all_utility',
  'total_all_authentication',
];


export function ChannelOverview({ applicationId, channel, range, footer }: ChannelOverviewProps) {
  const { t } = useTranslation('dashboard');
  const query: DashboardQuery = { application_id: applicationId, channel, startDate: range[0], endDate: range[1] };
  const wa = channel === 'whatsapp';
  const rate = useRate(query);
  const usage = useUsage(query);
  const trend = useUsageRange(query);
  const sessions = useConversation({ application_id: applicationId, startDate: range[0], endDate: range[1] }, wa);
  // Status changes of this application refetch the counters (at most every 2 s; issue 28).
  useLiveCounters(applicationId);
  const calls = wa ? [rate, usage, trend, sessions] : [rate, usage, trend];
  const failed = calls.find((q) => q.isError);
  const failedAt = calls.reduce((n, q) => Math.max(n, q.errorUpdatedAt), 0);

  useEffect(() => {
    const err = failed?.error;
    if (!err || (err instanceof ApiError && err.status === 401)) return;
    toastError(loadFailedText(err), localizeMessage(DASHBOARD_MESSAGES.loadFailedTitle), 'dashboard-load-error');
  }, [failed?.error, failedAt]);

  const label = DASHBOARD_TAB_LABELS[channel] ?? channel;
  const groups = RATE_GROUPS[channel];
  const empty = rate.data?.total === 0;
  const download = () => downloadUsage({ application_id: applicationId, channel, start_date: range[0], end_date: range[1] });
  const downloadSessions = () => downloadConversation({ application_id: applicationId, start_date: range[0], end_date: range[1] });
  // Every counter has help: its status's tooltip, or its own text when it counts no single status (failed_server).
  const usageHelp = (field: string) => {
    const status = fieldStatus(field) as MessageStatus;
    return STATUS_TOOLTIPS[status] ? t(`statusHelp.${status}`, { defaultValue: STATUS_TOOLTIPS[status] }) : t(`usageHelp.${field}`);
  };
  const trendLabels = trend.data ? Object.fromEntries(Object.keys(trend.data.series).map((k) => [k, figureLabel(k)])) : undefined;
  const sessionLabels = Object.fromEntries(CONVERSATION_SERIES.map((k) => [k, figureLabel(k)]));
  const exports = (
    <Group gap="xs">
      <ExportButton label={t('export.usage', { channel: label })} download={download} disabled={!rate.data || empty} />
      {wa ? <ExportButton label={t('export.sessions')} download={downloadSessions} disabled={!sessions.data} /> : null}
    </Group>
  );

  if (failed && !rate.data) {
    return (
      <Stack gap="md">
        <Paper withBorder radius="md" p="md">
          <EmptyState
            icon={<IconAlertTriangle size={30} />}
            title={t('loadFailedInline')}
            description={loadFailedText(failed.error)}
            action={
              <Button variant="default" mt="xs" onClick={() => calls.forEach((q) => void q.refetch())}>
                {t('tryAgain')}
              </Button>
            }
          />
        </Paper>
        {footer}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <SectionCard title={t('sections.summary', { channel: label })} actions={exports}>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <StatCard label={t('stats.total')} value={rate.data ? formatCount(rate.data.total) : null} help={t('stats.totalHelp')} loading={!rate.data} />
          <StatCard
            label={t('stats.successRate')}
            value={rate.data ? formatRateValue(rate.data.success_rate) : null}
            help={t('stats.successHelp', { statuses: groupText(groups.success) })}
            loading={!rate.data}
            color="green.9"
          />
          <StatCard
            label={t('stats.failureRate')}
            value={rate.data ? formatRateValue(rate.data.failure_rate) : null}
            help={t('stats.failureHelp', { statuses: groupText(groups.failure) })}
            loading={!rate.data}
            color="red.9"
          />
        </SimpleGrid>
      </SectionCard>

      {empty ? (
        <Paper withBorder radius="md" p="md">
          <EmptyState
            title={t('empty.title')}
            description={t('empty.hint')}
            action={
              <Anchor component={Link} to="/docs" fw={600}>
                <Group gap={6} wrap="nowrap">
                  <IconBook size={16} aria-hidden />
                  {t('empty.link')}
                </Group>
              </Anchor>
            }
          />
        </Paper>
      ) : (
        <>
          <SectionCard title={t('sections.usage', { channel: label })}>
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
              {usage.data
                ? usageFields(usage.data).map(([field, n]) => (
                    <StatCard key={field} label={figureLabel(field)} value={formatCount(n)} help={usageHelp(field)} />
                  ))
                : Array.from({ length: 8 }, (_, i) => <StatCard key={i} label={t('stats.loading')} value={null} loading />)}
            </SimpleGrid>
          </SectionCard>

          <SectionCard title={t('sections.trend', { channel: label })}>
            {trend.data ? <TrendChart title={t('sections.trendChart', { channel: label })} data={trend.data} seriesLabels={trendLabels} /> : <Skeleton height={280} />}
          </SectionCard>

          {wa ? (
            <SectionCard title={t('sections.sessions')}>
              <Stack gap="md">
                <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
                  {SESSION_FIGURES.map((key) => (
                    <StatCard
                      key={key}
                      label={figureLabel(key)}
                      help={t(`sessions.help.${key}`)}
                      value={sessions.data ? formatCount(sessions.data[key] as number) : null}
                      loading={!sessions.data}
                    />
                  ))}
                </SimpleGrid>
                {sessions.data ? (
                  <TrendChart title={t('sections.sessions')} data={sessions.data} seriesLabels={sessionLabels} />
                ) : (
                  <Skeleton height={280} />
                )}
              </Stack>
            </SectionCard>
          ) : null}
        </>
      )}
      {footer}
    </Stack>
  );
}
