/**
 * Pending invitations (ARCHITECTURE.md §5.1): e-mail, role, invited by, expires, and Revoke with a
 * confirmation. A table from 48em up, cards below. Owners and admins only.
 */
import { useState } from 'react';
import { Alert, Button, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { TEAMS_MESSAGES, type Invitation } from '@pesan/contracts/teams';
import { DataTable } from '../../../components/data-table.tsx';
import { toastApiError, toastSuccess } from '../../../components/toasts.ts';
import { formatTableDateTime, withTimeZoneNote } from '../../../lib/format.ts';
import { useInvitations } from '../api/list-invitations.ts';
import { useRevokeInvitation } from '../api/revoke-invitation.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { RoleBadge } from './role-control.tsx';
import { MEMBERS_CARDS_QUERY } from './members-table.tsx';

export function PendingInvitations() {
  const { t } = useTranslation('members');
  const invitations = useInvitations();
  const revoke = useRevokeInvitation();
  const [confirming, setConfirming] = useState<Invitation | null>(null);
  const narrow = useMediaQuery(MEMBERS_CARDS_QUERY, window.matchMedia?.(MEMBERS_CARDS_QUERY).matches ?? false, { getInitialValueInEffect: false });
  const rows = invitations.data;

  const revokeButton = (inv: Invitation, full?: boolean) => (
    <Button variant="outline" color="red.9" size="xs" fullWidth={full} onClick={() => setConfirming(inv)} aria-label={t('invitations.revokeNamed', { email: inv.email })}>
      {t('invitations.revoke')}
    </Button>
  );

  return (
    <Stack gap="sm" component="section" aria-labelledby="pending-invitations-title">
      <Title order={2} size="h4" id="pending-invitations-title">
        {t('invitations.title')}
      </Title>
      {invitations.isError ? (
        <Alert color="red" variant="light">
          {t('invitations.loadFailed')}
        </Alert>
      ) : rows && rows.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('invitations.empty')}
        </Text>
      ) : narrow ? (
        <Stack component="ul" gap="xs" aria-label={t('invitations.label')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {(rows ?? []).map((inv) => (
            <li key={inv.id}>
              <Paper withBorder radius="md" p="sm" component="article" aria-label={inv.email}>
                <Stack gap="xs">
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {inv.email}
                  </Text>
                  <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
                    <div>
                      <Text size="xs" c="gray.7">
                        {t('invitations.role')}
                      </Text>
                      <RoleBadge role={inv.role} />
                    </div>
                    <div style={{ minWidth: 0 }}>
                      <Text size="xs" c="gray.7">
                        {withTimeZoneNote(t('invitations.expires'))}
                      </Text>
                      <Text size="sm">{formatTableDateTime(inv.expires_at)}</Text>
                    </div>
                    <div style={{ minWidth: 0, gridColumn: '1 / -1' }}>
                      <Text size="xs" c="gray.7">
                        {t('invitations.invitedBy')}
                      </Text>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {inv.invited_by ?? '—'}
                      </Text>
                    </div>
                  </SimpleGrid>
                  {revokeButton(inv, true)}
                </Stack>
              </Paper>
            </li>
          ))}
        </Stack>
      ) : (
        <DataTable
          label={t('invitations.label')}
          columns={[t('invitations.email'), t('invitations.role'), t('invitations.invitedBy'), withTimeZoneNote(t('invitations.expires')), t('invitations.actions')]}
          rows={rows}
          loading={invitations.isPending}
          minWidth={720}
          skeletonRows={2}
          renderRow={(inv) => (
            <Table.Tr key={inv.id}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{inv.email}</Table.Td>
              <Table.Td>
                <RoleBadge role={inv.role} />
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{inv.invited_by ?? '—'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTableDateTime(inv.expires_at)}</Table.Td>
              <Table.Td>{revokeButton(inv)}</Table.Td>
            </Table.Tr>
          )}
        />
      )}
      <ConfirmDialog
        cancelLabel={t('remove.cancel')}
        closeLabel={t('remove.close')}
        danger
        opened={confirming !== null}
        title={t('invitations.revokeTitle')}
        message={confirming ? t('invitations.revokeMessage', { email: confirming.email }) : ''}
        confirmLabel={t('invitations.revokeConfirm')}
        busy={revoke.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          if (!confirming) return;
          revoke.mutate(confirming.id, {
            onSuccess: (res) => {
              toastSuccess(res?.message ?? TEAMS_MESSAGES.invitationRevoked);
              setConfirming(null);
            },
            onError: (err) => {
              toastApiError(err);
              setConfirming(null);
            },
          });
        }}
      />
    </Stack>
  );
}
