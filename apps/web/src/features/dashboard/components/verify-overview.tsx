/**
 * The Overview's "Verify" tab (issue 27; ARCHITECTURE.md §6.4): for the selected application and
 * range, the verifications started, approved, the conversion rate (percent, 2 decimals) and the
 * median time to approve (in words, '–' when nothing was approved); the pending, expired, failed
 * and canceled counts; a table per Verify channel (SMS, WhatsApp, Voice call, E-mail) and a chart
 * of started and approved per hour (one day) or per day. Skeletons while loading; a failed call
 * toasts once and shows a retry (loadFailedText, as the channel tabs); a range where nothing
 * started shows an empty state linking to the docs.
 */
import { useEffect } from 'react';
import { Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Table } from '@mantine/core';
import { IconAlertTriangle, IconBook, IconShieldCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_MESSAGES } from '@pesan/contracts/dashboard';
import type { VerifyChannelFigures } from '@pesan/contracts/verify-console';
import { DataTable } from '../../../components/data-table.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { toastError } from '../../../components/toasts.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { localizeMessage } from '../../../lib/i18n.ts';
import { useVerifyReport } from '../api/get-verify-report.ts';
import { formatCount, formatRateValue } from '../utils/format.ts';
import { formatApproveSeconds, NO_VALUE, VERIFY_TAB_CHANNELS } from '../utils/verify.ts';
import { loadFailedText } from './channel-overview.tsx';
import { StatCard } from './stat-card.tsx';
import { VerifyChart } from './verify-chart.tsx';
import { SectionCard } from '../../../components/section-card.tsx';

export interface VerifyOverviewProps {
  applicationId: string;
  /** Inclusive days 'YYYY-MM-DD'. */
  range: [string, string];
}

const rateText = (rate: number | null) => (rate === null ? NO_VALUE : formatRateValue(rate));


export function VerifyOverview({ applicationId, range }: VerifyOverviewProps) {
  const { t } = useTranslation('dashboard');
  const report = useVerifyReport({ application_id: applicationId, startDate: range[0], endDate: range[1] });
  const data = report.data;

  useEffect(() => {
    const err = report.error;
    if (!err || (err instanceof ApiError && err.status === 401)) return;
    toastError(loadFailedText(err), localizeMessage(DASHBOARD_MESSAGES.loadFailedTitle), 'dashboard-load-error');
  }, [report.error, report.errorUpdatedAt]);

  if (report.isError && !data) {
    return (
      <Paper withBorder radius="md" p="md">
        <EmptyState
          icon={<IconAlertTriangle size={30} />}
          title={t('loadFailedInline')}
          description={loadFailedText(report.error)}
          action={
            <Button variant="default" mt="xs" onClick={() => void report.refetch()} loading={report.isFetching}>
              {t('tryAgain')}
            </Button>
          }
        />
      </Paper>
    );
  }

  const loading = !data;
  const seconds = (s: number | null) => formatApproveSeconds(s, t);
  const counts = (['pending', 'expired', 'failed', 'canceled'] as const).map((k) => ({ key: k, value: data?.[k] }));
  const channelRows: VerifyChannelFigures[] | undefined = data
    ? VERIFY_TAB_CHANNELS.map((c) => data.per_channel.find((r) => r.channel === c) ?? { channel: c, started: 0, approved: 0, conversion_rate: null, median_seconds_to_approve: null })
    : undefined;

  return (
    <Stack gap="md">
      <SectionCard title={t('verify.sections.summary')}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
            <StatCard label={t('verify.stats.started')} help={t('verify.stats.startedHelp')} value={data ? formatCount(data.started) : null} loading={loading} />
            <StatCard label={t('verify.stats.approved')} help={t('verify.stats.approvedHelp')} value={data ? formatCount(data.approved) : null} loading={loading} color="green.9" />
            <StatCard label={t('verify.stats.conversion')} help={t('verify.stats.conversionHelp')} value={data ? rateText(data.conversion_rate) : null} loading={loading} />
            <StatCard label={t('verify.stats.median')} help={t('verify.stats.medianHelp')} value={data ? seconds(data.median_seconds_to_approve) : null} loading={loading} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
            {counts.map(({ key, value }) => (
              <StatCard key={key} label={t(`verify.stats.${key}`)} help={t(`verify.stats.${key}Help`)} value={value === undefined ? null : formatCount(value)} loading={loading} />
            ))}
          </SimpleGrid>
        </Stack>
      </SectionCard>

      {data && data.started === 0 ? (
        <Paper withBorder radius="md" p="md">
          <EmptyState
            icon={<IconShieldCheck size={30} />}
            title={t('verify.empty.title')}
            description={t('verify.empty.hint')}
            action={
              <Anchor component={Link} to="/docs" fw={600}>
                <Group gap={6} wrap="nowrap">
                  <IconBook size={16} aria-hidden />
                  {t('verify.empty.link')}
                </Group>
              </Anchor>
            }
          />
        </Paper>
      ) : (
        <>
          <SectionCard title={t('verify.sections.channels')}>
            <DataTable
              label={t('verify.sections.channels')}
              columns={[t('verify.table.channel'), t('verify.table.started'), t('verify.table.approved'), t('verify.table.conversion'), t('verify.table.median')]}
              rows={channelRows}
              loading={loading}
              minWidth={520}
              skeletonRows={4}
              renderRow={(r) => (
                <Table.Tr key={r.channel} data-testid="verify-channel-row">
                  <Table.Th scope="row" fw={600}>
                    {t(`verify.channels.${r.channel}`)}
                  </Table.Th>
                  <Table.Td>{formatCount(r.started)}</Table.Td>
                  <Table.Td>{formatCount(r.approved)}</Table.Td>
                  <Table.Td>{rateText(r.conversion_rate)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{seconds(r.median_seconds_to_approve)}</Table.Td>
                </Table.Tr>
              )}
            />
          </SectionCard>

          <SectionCard title={t('verify.sections.trend')}>{data ? <VerifyChart data={data} /> : <Skeleton height={280} />}</SectionCard>
        </>
      )}
    </Stack>
  );
}
