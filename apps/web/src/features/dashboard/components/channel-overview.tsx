/**
 * One channel tab of the Overview (templates-dashboard-reports.md §2.6, §3, §4, §8, §9): Total,
 * Success Rate and Failure Rate (the API's rates with 2 decimals), the §3 usage counters with the
 * status tooltips, the trend chart per status, the WhatsApp session figures and chart (WhatsApp
 * tab), the Excel exports, and below them whatever `footer` renders (the Monitoring table of 5,
 * composed by the route). Skeletons while loading; a failed call toasts 'Error!' 'Something went
 * wrong or Data Is Empty' once (a 401 is handled globally) and shows a retry; a range with no
 * traffic shows an empty state linking to the API docs.
 */
import { useEffect, type ReactNode } from 'react';
import { Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { IconAlertTriangle, IconBook } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ChannelId } from '@pesan/contracts/channels';
import {
  DASHBOARD_MESSAGES, RATE_GROUPS, STATUS_TOOLTIPS, formatRate,
  type ConversationData, type DashboardQuery, type UsageData,
} from '@pesan/contracts/dashboard';
import { statusLabel, type MessageStatus } from '@pesan/contracts/statuses';
import { EmptyState } from '../../../components/empty-state.tsx';
import { toastError } from '../../../components/toasts.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useConversation } from '../api/get-conversation.ts';
import { useRate } from '../api/get-rate.ts';
import { useUsage } from '../api/get-usage.ts';
import { useUsageRange } from '../api/get-usage-range.ts';
import { downloadConversation } from '../api/download-conversation.ts';
import { downloadUsage } from '../api/download-usage.ts';
import { fieldLabel, fieldStatus, formatCount } from '../utils/format.ts';
import { DASHBOARD_TEXTS } from '../utils/texts.ts';
import { DASHBOARD_TAB_LABELS } from '../utils/channels.ts';
import { ExportButton } from './export-button.tsx';
import { StatCard } from './stat-card.tsx';
import { TrendChart } from './trend-chart.tsx';

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

const groupText = (xs: readonly MessageStatus[]) => xs.map(statusLabel).join(' + ');

/** WhatsApp session figures (§3 field names, spec spelling) with their labels. */
const SESSION_FIGURES: [keyof ConversationData, string, string][] = [
  ['total_all_conversation', 'Total Conversation', 'Every WhatsApp conversation (session) opened in the date range.'],
  ['total_all_bussiness_initiated', 'Business Initiated', 'Conversations your business started with a template message.'],
  ['total_all_customer_initiated', 'Customer Initiated', 'Conversations the customer started by writing to you.'],
  ['total_all_marketing', 'Marketing', 'Conversations opened by a Marketing template.'],
  ['total_all_utility', 'Utility', 'Conversations opened by a Utility template.'],
  ['total_all_authentication', 'Authentication', 'Conversations opened by an Authentication template.'],
];

const SESSION_SERIES_LABELS: Record<string, string> = {
  total: 'Total', business_initiated: 'Business Initiated', customer_initiated: 'Customer Initiated',
  marketing: 'Marketing', utility: 'Utility', authentication: 'Authentication', service: 'Service',
};

function Section({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-label={title} miw={0}>
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}

export function ChannelOverview({ applicationId, channel, range, footer }: ChannelOverviewProps) {
  const query: DashboardQuery = { application_id: applicationId, channel, startDate: range[0], endDate: range[1] };
  const wa = channel === 'whatsapp';
  const rate = useRate(query);
  const usage = useUsage(query);
  const trend = useUsageRange(query);
  const sessions = useConversation({ application_id: applicationId, startDate: range[0], endDate: range[1] }, wa);
  const calls = wa ? [rate, usage, trend, sessions] : [rate, usage, trend];
  const failed = calls.find((q) => q.isError);
  const failedAt = calls.reduce((t, q) => Math.max(t, q.errorUpdatedAt), 0);

  useEffect(() => {
    const err = failed?.error;
    if (!err || (err instanceof ApiError && err.status === 401)) return;
    toastError(DASHBOARD_MESSAGES.loadFailed, DASHBOARD_MESSAGES.loadFailedTitle, 'dashboard-load-error');
  }, [failed?.error, failedAt]);

  const label = DASHBOARD_TAB_LABELS[channel] ?? channel;
  const groups = RATE_GROUPS[channel];
  const empty = rate.data?.total === 0;
  const download = () => downloadUsage({ application_id: applicationId, channel, start_date: range[0], end_date: range[1] });
  const downloadSessions = () => downloadConversation({ application_id: applicationId, start_date: range[0], end_date: range[1] });
  const exports = (
    <Group gap="xs">
      <ExportButton label={`Export ${label} Usage`} download={download} disabled={!rate.data || empty} />
      {wa ? <ExportButton label="Export WA Session" download={downloadSessions} disabled={!sessions.data} /> : null}
    </Group>
  );

  if (failed && !rate.data) {
    return (
      <Stack gap="md">
        <Paper withBorder radius="md" p="md">
          <EmptyState
            icon={<IconAlertTriangle size={30} />}
            title={DASHBOARD_TEXTS.loadFailedInline}
            description={DASHBOARD_MESSAGES.loadFailed}
            action={
              <Button variant="default" mt="xs" onClick={() => calls.forEach((q) => void q.refetch())}>
                Try again
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
      <Section title={`${label} summary`} actions={exports}>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <StatCard label="Total" value={rate.data ? formatCount(rate.data.total) : null} help={DASHBOARD_TEXTS.totalHelp} loading={!rate.data} />
          <StatCard
            label="Success Rate"
            value={rate.data ? formatRate(rate.data.success_rate) : null}
            help={`${DASHBOARD_TEXTS.successHelp} Success: ${groupText(groups.success)}.`}
            loading={!rate.data}
            color="green.9"
          />
          <StatCard
            label="Failure Rate"
            value={rate.data ? formatRate(rate.data.failure_rate) : null}
            help={`${DASHBOARD_TEXTS.failureHelp} Failure: ${groupText(groups.failure)}.`}
            loading={!rate.data}
            color="red.9"
          />
        </SimpleGrid>
      </Section>

      {empty ? (
        <Paper withBorder radius="md" p="md">
          <EmptyState
            title={DASHBOARD_TEXTS.emptyTitle}
            description={DASHBOARD_TEXTS.emptyHint}
            action={
              <Anchor component={Link} to="/docs" fw={600}>
                <Group gap={6} wrap="nowrap">
                  <IconBook size={16} aria-hidden />
                  {DASHBOARD_TEXTS.emptyLink}
                </Group>
              </Anchor>
            }
          />
        </Paper>
      ) : (
        <>
          <Section title={`${label} usage`}>
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
              {usage.data
                ? usageFields(usage.data).map(([field, n]) => (
                    <StatCard key={field} label={fieldLabel(field)} value={formatCount(n)} help={STATUS_TOOLTIPS[fieldStatus(field) as MessageStatus]} />
                  ))
                : Array.from({ length: 8 }, (_, i) => <StatCard key={i} label="…" value={null} loading />)}
            </SimpleGrid>
          </Section>

          <Section title={`${label} trend`}>
            {trend.data ? <TrendChart title={`${label} messages by status`} data={trend.data} /> : <Skeleton height={280} />}
          </Section>

          {wa ? (
            <Section title="WhatsApp sessions">
              <Stack gap="md">
                <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
                  {SESSION_FIGURES.map(([key, name, help]) => (
                    <StatCard key={key} label={name} help={help} value={sessions.data ? formatCount(sessions.data[key] as number) : null} loading={!sessions.data} />
                  ))}
                </SimpleGrid>
                {sessions.data ? (
                  <TrendChart title="WhatsApp sessions" data={sessions.data} seriesLabels={SESSION_SERIES_LABELS} />
                ) : (
                  <Skeleton height={280} />
                )}
              </Stack>
            </Section>
          ) : null}
        </>
      )}
      {footer}
    </Stack>
  );
}
