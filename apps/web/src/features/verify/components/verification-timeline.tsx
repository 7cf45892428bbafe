/**
 * A Verify verification (issue 27; ARCHITECTURE.md §6.4): a header with the recipient (copyable),
 * its status, channel, application (linked to its detail page), created, expires and approved
 * times, the checks used and left, the sends and the time to approve; then its events as a
 * vertical timeline, oldest first, each `sent` event linking to that message's detail in
 * Monitoring (by URL, `?message=`). VerificationSkeleton stands in while it loads.
 */
import type { ReactNode } from 'react';
import { Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Timeline } from '@mantine/core';
import { IconBan, IconCircleCheck, IconClockX, IconPlayerPlay, IconSend, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { VerificationTimeline as Verification } from '@pesan/contracts/verify-console';
import { CopyValueButton } from '../../../components/copy-value-button.tsx';
import { LabelledField } from '../../../components/labelled-field.tsx';
import { ReasonBadge } from '../../../components/status-badge.tsx';
import { formatNumber, formatTableDateTime, withTimeZoneNote } from '../../../lib/format.ts';
import { countryName, formatSeconds, messageDetailUrl, NO_VALUE, VERIFICATION_STATUS_COLORS } from '../utils/format.ts';
import { SectionCard } from '../../../components/section-card.tsx';

type EventKind = Verification['events'][number]['kind'];

const EVENT_ICONS: Record<EventKind, ReactNode> = {
  started: <IconPlayerPlay size={12} aria-hidden />,
  sent: <IconSend size={12} aria-hidden />,
  approved: <IconCircleCheck size={12} aria-hidden />,
  expired: <IconClockX size={12} aria-hidden />,
  failed: <IconX size={12} aria-hidden />,
  canceled: <IconBan size={12} aria-hidden />,
};

const EVENT_COLORS: Record<EventKind, string> = { started: 'blue', sent: 'blue', approved: 'green', expired: 'gray', failed: 'red', canceled: 'orange' };

/** The verification's status as a badge in the interface language. */
export function VerificationStatusBadge({ status }: { status: Verification['status'] }) {
  const { t } = useTranslation('verify');
  return <ReasonBadge label={t(`status.${status}`)} color={VERIFICATION_STATUS_COLORS[status]} />;
}


export function VerificationTimeline({ verification: v }: { verification: Verification }) {
  const { t } = useTranslation('verify');
  const channel = (c: Verification['channel']) => t(`channels.${c}`);
  return (
    <Stack gap="md" data-testid="verification-timeline">
      <SectionCard title={t('header.title')}>
        <Stack gap="md">
          <Stack gap={4}>
            <Text size="xs" c="gray.7" fw={600}>
              {t('header.recipient')}
            </Text>
            <Group gap={4} wrap="nowrap" align="center">
              <Text fw={700} fz="lg" style={{ overflowWrap: 'anywhere', minWidth: 0 }} data-testid="verification-recipient">
                {v.recipient}
              </Text>
              <CopyValueButton value={v.recipient} label={t('header.copyRecipient')} />
            </Group>
          </Stack>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm" verticalSpacing="md">
            <LabelledField label={t('header.status')}>
              <VerificationStatusBadge status={v.status} />
            </LabelledField>
            <LabelledField label={t('header.channel')}>{channel(v.channel)}</LabelledField>
            <LabelledField label={t('header.application')}>
              <Anchor component={Link} to={`/my-application/detail/${encodeURIComponent(v.application_id)}`} size="sm">
                {v.application_name}
              </Anchor>
            </LabelledField>
            <LabelledField label={t('header.country')}>{v.country ? countryName(v.country) : NO_VALUE}</LabelledField>
            <LabelledField label={withTimeZoneNote(t('header.created'))}>{formatTableDateTime(v.created_at)}</LabelledField>
            <LabelledField label={withTimeZoneNote(t('header.expires'))}>{formatTableDateTime(v.expires_at)}</LabelledField>
            <LabelledField label={withTimeZoneNote(t('header.approved'))}>{v.approved_at ? formatTableDateTime(v.approved_at) : NO_VALUE}</LabelledField>
            <LabelledField label={t('header.timeToApprove')}>{formatSeconds(v.seconds_to_approve, t)}</LabelledField>
            <LabelledField label={t('header.checks')}>
              {t('header.checksValue', { used: formatNumber(v.attempts), left: formatNumber(v.attempts_left) })}
            </LabelledField>
            <LabelledField label={t('header.sends')}>{formatNumber(v.send_count)}</LabelledField>
            <LabelledField label={t('header.language')}>{t(`locales.${v.locale}`)}</LabelledField>
            {v.template ? <LabelledField label={t('header.template')}>{v.template}</LabelledField> : null}
          </SimpleGrid>
        </Stack>
      </SectionCard>

      <SectionCard title={t('events.title')}>
        {v.events.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t('events.none')}
          </Text>
        ) : (
          <Timeline active={v.events.length - 1} bulletSize={24} lineWidth={2} aria-label={t('events.label')} color="blue">
            {v.events.map((e, i) => {
              const via = e.channel ?? v.channel;
              return (
                <Timeline.Item
                  key={`${e.kind}-${e.at}-${i}`}
                  bullet={
                    <ThemeIcon size={24} radius="xl" color={EVENT_COLORS[e.kind]} aria-hidden>
                      {EVENT_ICONS[e.kind]}
                    </ThemeIcon>
                  }
                  title={<Text fw={600} size="sm">{t(`events.${e.kind}`, { channel: channel(via) })}</Text>}
                  data-testid="verification-event"
                >
                  <Text size="xs" c="gray.7">
                    {formatTableDateTime(e.at)}
                  </Text>
                  {e.kind === 'sent' && e.message_id ? (
                    <Anchor component={Link} to={messageDetailUrl(v.application_id, via, e.message_id, e.at)} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {t('events.viewMessage', { id: e.message_id })}
                    </Anchor>
                  ) : null}
                </Timeline.Item>
              );
            })}
          </Timeline>
        )}
      </SectionCard>
    </Stack>
  );
}

/** Stands in for the page while the verification loads. */
export function VerificationSkeleton() {
  const { t } = useTranslation('verify');
  return (
    <Stack gap="md" aria-busy="true" aria-label={t('loading')}>
      <Paper withBorder radius="md" p="md">
        <Skeleton height={20} width="50%" mb="md" />
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} height={36} />
          ))}
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Skeleton height={180} />
      </Paper>
    </Stack>
  );
}
