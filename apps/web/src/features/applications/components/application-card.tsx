/**
 * One application on My Application (console.md §2): name (opens the detail page), Edit (to the
 * edit page with the id in navigation state), channel chips, App ID with a copy button ('Copied'
 * for 2 s, console.md §9), 'App Issued' (updated_at as DD/MM/YYYY) and Monitoring.
 */
import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconEdit, IconChartBar } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Application } from '@pesan/contracts/application';
import { formatDate } from '../../../lib/format.ts';
import { ChannelChips } from './channel-chips.tsx';
import { CopyValueButton } from '../../../components/copy-value-button.tsx';
import { useCan } from '../../../lib/use-can.ts';

export function ApplicationCard({ app }: { app: Application }) {
  const { t } = useTranslation('applications');
  const navigate = useNavigate();
  const can = useCan();
  const detail = `/my-application/detail/${app.id}`;
  return (
    <Card withBorder radius="md" padding="lg" style={{ cursor: 'pointer' }} onClick={() => navigate(detail)} data-testid="application-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Anchor component={Link} to={detail} fw={700} size="lg" c="dark.9" onClick={(e) => e.stopPropagation()} style={{ wordBreak: 'break-word', minWidth: 0 }}>
            {app.application_name}
          </Anchor>
          {can('applications.edit') ? (
            <Button
              variant="light"
              size="xs"
              leftSection={<IconEdit size={14} aria-hidden />}
              styles={{ label: { color: 'var(--mantine-color-blue-9)' } }}
              onClick={(e) => {
                e.stopPropagation();
                navigate('/my-application/edit-application', { state: { id: app.id } });
              }}
            >
              {t('card.edit')}
            </Button>
          ) : null}
        </Group>
        <ChannelChips channels={app.channels} />
        <Stack gap={2}>
          <Text size="xs" c="gray.7">
            {t('card.appId')}
          </Text>
          <Group gap={4} wrap="nowrap">
            <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {app.id}
            </Text>
            <CopyValueButton value={app.id} label={t('card.copyAppId')} />
          </Group>
        </Stack>
        <Group justify="space-between" align="flex-end">
          <Stack gap={2}>
            <Text size="xs" c="gray.7">
              {t('card.appIssued')}
            </Text>
            <Text size="sm">{formatDate(app.updated_at)}</Text>
          </Stack>
          <Button
            component={Link}
            to={`/my-application/detail-transaction/${app.id}`}
            variant="outline"
            size="xs"
            leftSection={<IconChartBar size={14} aria-hidden />}
            styles={{ root: { borderColor: 'var(--mantine-color-blue-8)' }, label: { color: 'var(--mantine-color-blue-8)' } }}
            onClick={(e: React.MouseEvent) => e.stopPropagation()}
          >
            {t('card.monitoring')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
