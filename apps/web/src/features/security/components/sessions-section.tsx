/**
 * The signed-in user's sessions on the Security page (ARCHITECTURE.md §5.1): device (browser and
 * system read from the user agent), IP address, signed in, last seen, a 'This device' badge on the
 * current one, End on each other row and 'End all other sessions', each after a confirmation. A
 * table from 48em, cards below (nothing scrolls sideways at 375 px).
 */
import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SessionInfo } from '@pesan/contracts/teams';
import { TEAMS_MESSAGES } from '@pesan/contracts/teams-messages';
import { DataTable } from '../../../components/data-table.tsx';
import { toastApiError, toastSuccess } from '../../../components/toasts.ts';
import { formatDateTime, formatRelative, withTimeZoneNote } from '../../../lib/format.ts';
import { useSessions } from '../api/list-sessions.ts';
import { useEndSession } from '../api/end-session.ts';
import { useEndOtherSessions } from '../api/end-other-sessions.ts';
import { describeUserAgent } from '../utils/user-agent.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

/** Widths below this show the sessions as cards. */
export const SESSIONS_CARDS_QUERY = '(max-width: 47.99em)';

/** The current session first, then the most recently seen. */
const ordered = (rows: SessionInfo[]) =>
  [...rows].sort((a, b) => Number(b.current) - Number(a.current) || Date.parse(b.last_seen_at) - Date.parse(a.last_seen_at));

export function SessionsSection() {
  const { t } = useTranslation('security');
  const narrow = useMediaQuery(SESSIONS_CARDS_QUERY, window.matchMedia?.(SESSIONS_CARDS_QUERY).matches ?? false, { getInitialValueInEffect: false });
  const sessions = useSessions();
  const endOne = useEndSession();
  const endAll = useEndOtherSessions();
  const [ending, setEnding] = useState<SessionInfo | null>(null);
  const [endingAll, setEndingAll] = useState(false);

  const device = (s: SessionInfo) => describeUserAgent(s.user_agent, (browser, system) => t('sessions.deviceOn', { browser, system })) ?? t('sessions.unknownDevice');
  const rows = sessions.data ? ordered(sessions.data) : undefined;
  const others = rows?.filter((s) => !s.current).length ?? 0;

  const endButton = (s: SessionInfo) => (
    <Button
      size="xs"
      variant="outline"
      color="red.9"
      onClick={() => setEnding(s)}
      aria-label={t('sessions.endLabel', { device: device(s), date: formatDateTime(s.created_at) })}
    >
      {t('sessions.end')}
    </Button>
  );
  const thisDevice = (
    <Badge color="green" variant="light" size="sm" style={{ flexShrink: 0 }} styles={{ label: { color: 'var(--mantine-color-dark-9)' } }}>
      {t('sessions.thisDevice')}
    </Badge>
  );
  const lastSeen = (s: SessionInfo) => (
    <Text size="sm" component="span" title={formatDateTime(s.last_seen_at)}>
      {formatRelative(s.last_seen_at)}
    </Text>
  );

  let list;
  if (sessions.isError) {
    list = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('sessions.loadFailed')}</Text>
          <Button size="xs" variant="outline" color="red.9" onClick={() => sessions.refetch()}>
            {t('sessions.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (narrow) {
    list = !rows ? (
      <Stack gap="xs" aria-busy aria-label={t('sessions.loading')}>
        {Array.from({ length: 2 }, (_, i) => (
          <Skeleton key={i} height={112} radius="md" />
        ))}
      </Stack>
    ) : (
      <Stack component="ul" gap="xs" aria-label={t('sessions.tableLabel')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {rows.map((s) => (
          <li key={s.id}>
            <Paper withBorder radius="md" p="sm" component="article" aria-label={device(s)} data-testid="session-card">
              <Stack gap={6}>
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                    {device(s)}
                  </Text>
                  {s.current ? thisDevice : endButton(s)}
                </Group>
                <CardField label={t('sessions.ip')}>{s.ip || '—'}</CardField>
                <CardField label={withTimeZoneNote(t('sessions.signedIn'))}>{formatDateTime(s.created_at)}</CardField>
                <CardField label={t('sessions.lastSeen')}>{lastSeen(s)}</CardField>
              </Stack>
            </Paper>
          </li>
        ))}
      </Stack>
    );
  } else {
    list = (
      <DataTable
        label={t('sessions.tableLabel')}
        columns={[t('sessions.device'), t('sessions.ip'), withTimeZoneNote(t('sessions.signedIn')), t('sessions.lastSeen'), t('sessions.actions')]}
        rows={rows}
        loading={sessions.isPending}
        minWidth={720}
        skeletonRows={2}
        skeletonTestId="session-skeleton-row"
        renderRow={(s) => (
          <Table.Tr key={s.id} data-testid="session-row">
            <Table.Td maw={320}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} title={s.user_agent}>
                {device(s)}
              </Text>
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{s.ip || '—'}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(s.created_at)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{lastSeen(s)}</Table.Td>
            <Table.Td>{s.current ? thisDevice : endButton(s)}</Table.Td>
          </Table.Tr>
        )}
      />
    );
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="security-sessions-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Stack gap={4} style={{ flex: '1 1 16rem' }}>
            <Title order={2} size="h3" id="security-sessions-title">
              {t('sessions.title')}
            </Title>
            <Text size="sm" c="gray.7">
              {t('sessions.description')}
            </Text>
          </Stack>
          {rows && others > 0 && (
            <Button variant="outline" color="red.9" leftSection={<IconLogout size={16} aria-hidden />} onClick={() => setEndingAll(true)}>
              {t('sessions.endAll')}
            </Button>
          )}
        </Group>
        {list}
        {rows && others === 0 && (
          <Text size="sm" c="gray.7">
            {t('sessions.onlyThis')}
          </Text>
        )}
      </Stack>
      <ConfirmDialog
        cancelLabel={t('sessions.cancel')}
        closeLabel={t('sessions.close')}
        danger
        opened={ending !== null}
        title={t('sessions.endTitle')}
        message={ending ? t('sessions.endText', { device: device(ending), ip: ending.ip || '—' }) : ''}
        confirmLabel={t('sessions.end')}
        busy={endOne.isPending}
        onClose={() => setEnding(null)}
        onConfirm={() =>
          ending &&
          endOne.mutate(ending.id, {
            onSuccess: () => toastSuccess(TEAMS_MESSAGES.sessionRevoked),
            onError: (err) => toastApiError(err),
            onSettled: () => setEnding(null),
          })
        }
      />
      <ConfirmDialog
        cancelLabel={t('sessions.cancel')}
        closeLabel={t('sessions.close')}
        danger
        opened={endingAll}
        title={t('sessions.endAllTitle')}
        message={t('sessions.endAllText')}
        confirmLabel={t('sessions.endAll')}
        busy={endAll.isPending}
        onClose={() => setEndingAll(false)}
        onConfirm={() =>
          endAll.mutate(undefined, {
            onSuccess: () => toastSuccess(TEAMS_MESSAGES.otherSessionsRevoked),
            onError: (err) => toastApiError(err),
            onSettled: () => setEndingAll(false),
          })
        }
      />
    </Paper>
  );
}

function CardField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="xs" c="gray.7" miw={88} style={{ whiteSpace: 'pre-line' }}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {children}
      </Text>
    </Group>
  );
}
