/**
 * A member's role: a Select of the roles the signed-in user may give (assignableRoles) when the row
 * may be changed, else a read-only badge.
 */
import { Badge, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { assignableRoles, type Role } from '@pesan/contracts/roles';

export interface RoleControlProps {
  role: Role;
  /** The signed-in user's role (what they may give). */
  myRole: Role | null;
  editable: boolean;
  /** The member's name, for the Select's accessible name. */
  name: string;
  busy?: boolean;
  onChange: (role: Role) => void;
}

const ROLE_COLORS: Record<Role, string> = { owner: 'grape', admin: 'blue', developer: 'teal', viewer: 'gray' };

export function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation('members');
  return (
    <Badge variant="light" color={ROLE_COLORS[role]} tt="none" radius="sm" styles={{ label: { color: 'var(--mantine-color-dark-9)', fontWeight: 600 } }}>
      {t(`roles.${role}`)}
    </Badge>
  );
}

export function RoleControl({ role, myRole, editable, name, busy, onChange }: RoleControlProps) {
  const { t } = useTranslation('members');
  if (!editable) return <RoleBadge role={role} />;
  return (
    <Select
      aria-label={t('table.roleOf', { name })}
      data={assignableRoles(myRole).map((r) => ({ value: r, label: t(`roles.${r}`) }))}
      value={role}
      allowDeselect={false}
      disabled={busy}
      size="xs"
      w={140}
      comboboxProps={{ withinPortal: true }}
      onChange={(v) => {
        if (v && v !== role) onChange(v as Role);
      }}
    />
  );
}
