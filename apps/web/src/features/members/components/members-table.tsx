/**
 * The members (ARCHITECTURE.md §5.1): name, e-mail, role (a Select where the signed-in user may
 * change it), 2FA on/off, last seen, joined and Remove. A table from 48em up, cards below (at 375 px
 * nothing scrolls sideways).
 */
import type { ReactNode } from 'react';
import { ActionIcon, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Member, Role } from '@pesan/contracts/teams';
import { DataTable } from '../../../components/data-table.tsx';
import { formatDate, formatRelative, formatTableDateTime } from '../../../lib/format.ts';
import { canManageMember, type Me } from '../utils/roles.ts';
import { RoleControl } from './role-control.tsx';

/** Widths below this show the members as cards. */
export const MEMBERS_CARDS_QUERY = '(max-width: 47.99em)';

export interface MembersTableProps {
  members: Member[] | undefined;
  loading: boolean;
  me: Me;
  /** Whether the Actions column shows (owners and admins). */
  manage: boolean;
  /** The member whose role or removal is being saved. */
  busyId?: string | null;
  onRoleChange: (member: Member, role: Role) => void;
  onRemove: (member: Member) => void;
}

function TwoFactorBadge({ on }: { on: boolean }) {
  const { t } = useTranslation('members');
  return (
    <Badge variant={on ? 'light' : 'outline'} color={on ? 'green' : 'gray.7'} tt="none" radius="sm" styles={{ label: { color: 'var(--mantine-color-dark-9)', fontWeight: 600 } }} title={t(on ? 'table.twoFactorOnLabel' : 'table.twoFactorOffLabel')}>
      {t(on ? 'table.twoFactorOn' : 'table.twoFactorOff')}
    </Badge>
  );
}

function LastSeen({ at }: { at: string | null }) {
  const { t } = useTranslation('members');
  if (!at) return <Text size="sm" c="gray.7">{t('table.never')}</Text>;
  return (
    <Tooltip label={formatTableDateTime(at)} withArrow>
      <Text size="sm" component="span" tabIndex={0}>
        {formatRelative(at)}
      </Text>
    </Tooltip>
  );
}

function NameCell({ member, me }: { member: Member; me: Me }) {
  const { t } = useTranslation('members');
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {member.full_name || member.email}
      </Text>
      {member.user_id === me.id ? (
        <Badge size="xs" variant="outline" color="blue.8" tt="none" styles={{ label: { color: 'var(--mantine-color-dark-9)', fontWeight: 600 } }}>
          {t('table.you')}
        </Badge>
      ) : null}
    </Group>
  );
}

function RemoveButton({ member, busy, onRemove, full }: { member: Member; busy: boolean; onRemove: (m: Member) => void; full?: boolean }) {
  const { t } = useTranslation('members');
  const name = member.full_name || member.email;
  if (full)
    return (
      <Button variant="outline" color="red.9" size="xs" leftSection={<IconTrash size={14} aria-hidden />} onClick={() => onRemove(member)} disabled={busy} aria-label={t('table.removeNamed', { name })}>
        {t('table.remove')}
      </Button>
    );
  return (
    <Tooltip label={t('table.removeNamed', { name })} withArrow>
      <ActionIcon variant="subtle" color="red.9" onClick={() => onRemove(member)} disabled={busy} aria-label={t('table.removeNamed', { name })}>
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      <div>{children}</div>
    </div>
  );
}

export function MembersTable({ members, loading, me, manage, busyId, onRoleChange, onRemove }: MembersTableProps) {
  const { t } = useTranslation('members');
  const narrow = useMediaQuery(MEMBERS_CARDS_QUERY, window.matchMedia?.(MEMBERS_CARDS_QUERY).matches ?? false, { getInitialValueInEffect: false });

  if (narrow) {
    if (loading && !members)
      return (
        <Stack gap="xs" aria-busy>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} height={150} radius="md" />
          ))}
        </Stack>
      );
    return (
      <Stack component="ul" gap="xs" aria-label={t('table.label')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {(members ?? []).map((m) => {
          const editable = canManageMember(me, m);
          const busy = busyId === m.user_id;
          return (
            <li key={m.user_id}>
              <Paper withBorder radius="md" p="sm" component="article" aria-label={m.full_name || m.email}>
                <Stack gap="xs">
                  <div style={{ minWidth: 0 }}>
                    <NameCell member={m} me={me} />
                    <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                      {m.email}
                    </Text>
                  </div>
                  <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
                    <Field label={t('table.role')}>
                      <RoleControl role={m.role} myRole={me.role} editable={editable} name={m.full_name || m.email} busy={busy} onChange={(r) => onRoleChange(m, r)} />
                    </Field>
                    <Field label={t('table.twoFactor')}>
                      <TwoFactorBadge on={m.two_factor} />
                    </Field>
                    <Field label={t('table.lastSeen')}>
                      <LastSeen at={m.last_seen_at} />
                    </Field>
                    <Field label={t('table.joined')}>
                      <Text size="sm">{m.joined_at ? formatDate(m.joined_at) : '—'}</Text>
                    </Field>
                  </SimpleGrid>
                  {editable ? <RemoveButton member={m} busy={busy} onRemove={onRemove} full /> : null}
                </Stack>
              </Paper>
            </li>
          );
        })}
      </Stack>
    );
  }

  const columns = [t('table.name'), t('table.email'), t('table.role'), t('table.twoFactor'), t('table.lastSeen'), t('table.joined'), ...(manage ? [t('table.actions')] : [])];
  return (
    <DataTable
      label={t('table.label')}
      columns={columns}
      rows={members}
      loading={loading}
      minWidth={manage ? 860 : 780}
      skeletonRows={3}
      skeletonTestId="member-skeleton"
      renderRow={(m) => {
        const editable = canManageMember(me, m);
        const busy = busyId === m.user_id;
        return (
          <Table.Tr key={m.user_id}>
            <Table.Td>
              <NameCell member={m} me={me} />
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{m.email}</Table.Td>
            <Table.Td>
              <RoleControl role={m.role} myRole={me.role} editable={editable} name={m.full_name || m.email} busy={busy} onChange={(r) => onRoleChange(m, r)} />
            </Table.Td>
            <Table.Td>
              <TwoFactorBadge on={m.two_factor} />
            </Table.Td>
            <Table.Td>
              <LastSeen at={m.last_seen_at} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{m.joined_at ? formatDate(m.joined_at) : '—'}</Table.Td>
            {manage ? <Table.Td>{editable ? <RemoveButton member={m} busy={busy} onRemove={onRemove} /> : null}</Table.Td> : null}
          </Table.Tr>
        );
      }}
    />
  );
}
