/**
 * Mobile menu (console.md §2 Header: below 1024 px it replaces the desktop header): a burger
 * 'Open menu' opening a drawer with the navigation, API Documentation and a profile dropdown
 * (Edit Profile, Change Password, Edit Organization, Logout). The drawer's code
 * (shell-mobile-drawer.tsx) is not part of the page's first load (issue 10): it is fetched when
 * the burger is touched, pointed at or focused.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { intentPrefetch } from '../intent-prefetch.ts';
import { ShellLogo } from './shell-logo.tsx';
import type { ShellNavItem } from './shell-nav-items.ts';
import type { ShellUser } from './console-shell.tsx';

const loadDrawer = () => import('./shell-mobile-drawer.tsx');
const ShellMobileDrawer = lazy(loadDrawer);

export function ShellMobileMenu({
  user,
  navItems,
  onLogout,
  languageSwitch,
}: {
  user: ShellUser;
  navItems: readonly ShellNavItem[];
  onLogout: () => void;
  /** The header's language switch, beside the burger. */
  languageSwitch?: ReactNode;
}) {
  const { t } = useTranslation('common');
  const [opened, { open, close }] = useDisclosure(false);
  // Mounted from the first tap on.
  const [mounted, setMounted] = useState(false);
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <ShellLogo />
      <Group gap="xs" wrap="nowrap">
        {languageSwitch}
        <Burger
        {...intentPrefetch(loadDrawer)}
        opened={opened}
        onClick={() => {
          setMounted(true);
          open();
        }}
        aria-label={t('shell.openMenu')}
        aria-expanded={opened}
        size="sm"
        />
      </Group>
      {mounted && (
        <Suspense fallback={null}>
          <ShellMobileDrawer opened={opened} onClose={close} user={user} navItems={navItems} onLogout={onLogout} />
        </Suspense>
      )}
    </Group>
  );
}
