/**
 * The Members page (ARCHITECTURE.md §5.1): the members table; for owners and admins the role
 * Select per row, Remove (with a confirmation naming the person and the organization), 'Invite
 * member' and the pending invitations. Developers and viewers see the table read-only. Server
 * refusals (the last owner, 409; an owner touched by an admin, 403) show as toasts and the list is
 * read again.
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { can, ROLES } from '@pesan/contracts/roles';
import { TEAMS_MESSAGES, type Member } from '@pesan/contracts/teams';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { toastApiError, toastSuccess } from '../../../components/toasts.ts';
import { useMembers } from '../api/list-members.ts';
import { useRemoveMember } from '../api/remove-member.ts';
import { useUpdateMember } from '../api/update-member.ts';
import type { Me } from '../utils/roles.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { InviteMemberModal } from './invite-member-modal.tsx';
import { MembersTable } from './members-table.tsx';
import { PendingInvitations } from './pending-invitations.tsx';

export interface MembersViewProps {
  me: Me;
  organizationName?: string;
}

export function MembersView({ me, organizationName }: MembersViewProps) {
  const { t } = useTranslation('members');
  const manage = can(me.role, 'members.manage');
  const members = useMembers();
  // Owners first, then admins, developers and viewers; by name within a role.
  const sorted = useMemo(
    () => members.data && [...members.data].sort((a, b) => ROLES.indexOf(a.role) - ROLES.indexOf(b.role) || (a.full_name || a.email).localeCompare(b.full_name || b.email)),
    [members.data],
  );
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<Member | null>(null);
  const busyId = update.isPending ? update.variables?.userId : remove.isPending ? remove.variables : null;
  const orgName = organizationName || t('remove.yourOrganization');

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('page.title')}
        description={organizationName ? t('page.description', { organization: organizationName }) : t('page.descriptionNoName')}
        actions={
          manage ? (
            <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setInviting(true)}>
              {t('invite.button')}
            </Button>
          ) : null
        }
      />
      {!manage ? (
        <Text size="sm" c="gray.7">
          {t('page.readOnly')}
        </Text>
      ) : null}
      {members.isError ? (
        <Alert color="red" variant="light" title={t('table.loadFailed')}>
          <Button size="xs" variant="outline" color="red.9" onClick={() => void members.refetch()}>
            {t('table.retry')}
          </Button>
        </Alert>
      ) : members.data && members.data.length === 0 ? (
        <EmptyState title={t('table.empty')} />
      ) : (
        <MembersTable
          members={sorted}
          loading={members.isPending}
          me={me}
          manage={manage}
          busyId={busyId}
          onRoleChange={(m, role) =>
            update.mutate(
              { userId: m.user_id, role },
              {
                onSuccess: (res) => toastSuccess(res?.message ?? TEAMS_MESSAGES.roleChanged),
                onError: (err) => toastApiError(err),
              },
            )
          }
          onRemove={setRemoving}
        />
      )}
      {manage ? <PendingInvitations /> : null}
      {manage ? <InviteMemberModal opened={inviting} onClose={() => setInviting(false)} myRole={me.role} organizationName={organizationName} /> : null}
      <ConfirmDialog
        cancelLabel={t('remove.cancel')}
        closeLabel={t('remove.close')}
        danger
        opened={removing !== null}
        title={t('remove.title')}
        message={removing ? t('remove.message', { name: removing.full_name || removing.email, email: removing.email, organization: orgName }) : ''}
        confirmLabel={t('remove.confirm')}
        busy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.user_id, {
            onSuccess: (res) => {
              toastSuccess(res?.message ?? TEAMS_MESSAGES.memberRemoved);
              setRemoving(null);
            },
            onError: (err) => {
              toastApiError(err);
              setRemoving(null);
            },
          });
        }}
      />
    </Stack>
  );
}
