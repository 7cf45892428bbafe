/**
 * The drawer of the mobile menu (console.md §2 Header): the navigation, API Documentation and a
 * profile dropdown (Edit Profile, Change Password, Edit Organization, Members, Security, Logout). Loaded by
 * ShellMobileMenu, apart from the page's first load.
 */
import { Divider, Drawer, Group, Menu, NavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBook, IconChevronDown, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ShellAvatar } from './shell-avatar.tsx';
import { MOBILE_PROFILE_LINKS, navTarget, type ShellNavItem } from './shell-nav-items.ts';
import type { ShellUser } from './console-shell.tsx';

export interface ShellMobileDrawerProps {
  opened: boolean;
  onClose: () => void;
  user: ShellUser;
  navItems: readonly ShellNavItem[];
  onLogout: () => void;
}

export default function ShellMobileDrawer({ opened, onClose: close, user, navItems, onLogout }: ShellMobileDrawerProps) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <Drawer opened={opened} onClose={close} position="right" size={320} title={t('shell.menu')} closeButtonProps={{ 'aria-label': t('shell.closeMenu') }}>
      <Stack gap="xs" component="nav" aria-label={t('shell.mobileNav')}>
        {navItems.map((item) => (
          <NavLink
            key={item.to + item.label}
            {...navTarget(item, navigate)}
            label={t(item.labelKey)}
            leftSection={<item.icon size={18} />}
            active={item.isActive(pathname)}
            variant="filled"
            onClick={() => {
              close();
              if (item.asButton) navigate(item.to);
            }}
          />
        ))}
        <NavLink component={Link} to="/docs" label={t('shell.apiDocumentation')} leftSection={<IconBook size={18} />} onClick={close} />
      </Stack>
      <Divider my="md" />
      <Menu position="bottom-start" width={260} withinPortal>
        <Menu.Target>
          <UnstyledButton w="100%" p="xs">
            <Group wrap="nowrap" gap="sm">
              <ShellAvatar fullName={user.fullName} email={user.email} avatar={user.avatar} />
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={600} truncate="end">
                  {user.fullName}
                </Text>
                <Text size="xs" c="gray.7" truncate="end">
                  {user.email}
                </Text>
              </div>
              <IconChevronDown size={16} aria-hidden />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          {MOBILE_PROFILE_LINKS.map((l) => (
            <Menu.Item key={l.to} component={Link} to={l.to} leftSection={<l.icon size={16} />} onClick={close}>
              {t(l.labelKey)}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item
            color="red.8"
            leftSection={<IconLogout size={16} />}
            onClick={() => {
              close();
              onLogout();
            }}
          >
            {t('shell.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Drawer>
  );
}
