/** Desktop avatar menu (console.md §2 Header): full name, e-mail, Settings, Logout. */
import { Box, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconLogout, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ShellAvatar } from './shell-avatar.tsx';
import type { ShellUser } from './console-shell.tsx';

export function ShellAccountMenu({ user, onLogout }: { user: ShellUser; onLogout: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal>
      <Menu.Target>
        {/* Named by its (visually hidden) text, not aria-label: the initials are visible text. */}
        <UnstyledButton style={{ borderRadius: '50%' }}>
          <VisuallyHidden>{t('shell.accountMenu')}</VisuallyHidden>
          <ShellAvatar fullName={user.fullName} email={user.email} avatar={user.avatar} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Box px="sm" py="xs">
          <Text fw={600} size="sm" truncate="end">
            {user.fullName}
          </Text>
          <Text size="xs" c="gray.7" truncate="end">
            {user.email}
          </Text>
        </Box>
        <Menu.Divider />
        <Menu.Item component={Link} to="/profile/edit-profile" leftSection={<IconSettings size={16} />}>
          {t('shell.settings')}
        </Menu.Item>
        <Menu.Item color="red.8" leftSection={<IconLogout size={16} />} onClick={onLogout}>
          {t('shell.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
