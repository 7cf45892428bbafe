/**
 * The signed-in console frame (console.md §2 Header, Main layout, Profile layout): header with
 * logo, 'API Documentation' and the avatar menu; a collapsible left sidebar; the page in <main>.
 * Below 1024 px (§9) the header and sidebar give way to the mobile menu.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { ActionIcon, AppShell, Button, Group, NavLink, ScrollArea, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBook, IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { UiLanguage } from '@pesan/contracts/ui-language';
import { LanguageSwitch } from './language-switch.tsx';
import { ShellAccountMenu } from './shell-account-menu.tsx';
import { ShellLogo } from './shell-logo.tsx';
import { ShellMobileMenu } from './shell-mobile-menu.tsx';
import { DESKTOP_MIN_WIDTH, navTarget, type ShellNavItem } from './shell-nav-items.ts';
import { useRouteFocus } from './use-route-focus.ts';

const MAIN_ID = 'main-content';
const COLLAPSED_KEY = 'pesan.sidebar-collapsed';

const readCollapsed = () => {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
};

/**
 * Whether the desktop sidebar is collapsed: a UI preference kept in localStorage (no secret), read
 * only while the desktop layout shows (a page's first localStorage access can take several ms;
 * phones never need it).
 */
function useSidebarCollapsed(isDesktop: boolean): [collapsed: boolean, toggle: () => void] {
  const [collapsed, setCollapsed] = useState(() => isDesktop && readCollapsed());
  useEffect(() => {
    if (isDesktop) setCollapsed(readCollapsed());
  }, [isDesktop]);
  const toggle = () => {
    setCollapsed(!collapsed);
    try {
      localStorage.setItem(COLLAPSED_KEY, JSON.stringify(!collapsed));
    } catch {
      /* storage unavailable: the preference lasts for this page */
    }
  };
  return [collapsed, toggle];
}

/** What the shell shows of the user; no secret. */
export interface ShellUser {
  fullName: string;
  email: string;
  avatar: string | null;
}

export interface ConsoleShellProps {
  user: ShellUser;
  /** Sidebar items (desktop) and the first items of the mobile menu. */
  navItems: readonly ShellNavItem[];
  /** Accessible name of the sidebar <nav>. */
  navLabel: string;
  onLogout: () => void;
  /** Called after the header's language switch changes the language (the layout saves it on the user). */
  onLanguageChange?: (lang: UiLanguage) => void;
  children: ReactNode;
}

export function ConsoleShell({ user, navItems, navLabel, onLogout, onLanguageChange, children }: ConsoleShellProps) {
  const isDesktop = useMediaQuery(`(min-width: ${DESKTOP_MIN_WIDTH}px)`, window.innerWidth >= DESKTOP_MIN_WIDTH, {
    getInitialValueInEffect: false,
  });
  const { t } = useTranslation('common');
  const [collapsed, toggleCollapsed] = useSidebarCollapsed(isDesktop);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useRouteFocus(MAIN_ID);

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={isDesktop ? { width: collapsed ? 76 : 248, breakpoint: 0 } : undefined}
      padding="lg"
    >
      <AppShell.Header>
        <a href={`#${MAIN_ID}`} className="pesan-skip-link">
          {t('shell.skipToMain')}
        </a>
        {isDesktop ? (
          <Group h="100%" px="lg" justify="space-between" wrap="nowrap">
            <ShellLogo />
            <Group gap="md" wrap="nowrap">
              <LanguageSwitch onChange={onLanguageChange} />
              <Button component={Link} to="/docs" variant="default" leftSection={<IconBook size={18} />}>
                {t('shell.apiDocumentation')}
              </Button>
              <ShellAccountMenu user={user} onLogout={onLogout} />
            </Group>
          </Group>
        ) : (
          <ShellMobileMenu user={user} navItems={navItems} onLogout={onLogout} languageSwitch={<LanguageSwitch onChange={onLanguageChange} />} />
        )}
      </AppShell.Header>

      {isDesktop && (
        <AppShell.Navbar p="sm" aria-label={navLabel}>
          <AppShell.Section grow component={ScrollArea}>
            {navItems.map((item) => {
              const label = t(item.labelKey);
              const link = (
                <NavLink
                  key={item.to + item.label}
                  {...navTarget(item, navigate)}
                  label={collapsed ? undefined : label}
                  aria-label={collapsed ? label : undefined}
                  leftSection={<item.icon size={20} stroke={1.6} />}
                  active={item.isActive(pathname)}
                  aria-current={item.isActive(pathname) ? 'page' : undefined}
                  variant="filled"
                  style={{ borderRadius: 8, marginBottom: 4 }}
                />
              );
              return collapsed ? (
                <Tooltip key={item.to + item.label} label={label} position="right" withArrow>
                  {link}
                </Tooltip>
              ) : (
                link
              );
            })}
          </AppShell.Section>
          <AppShell.Section>
            <Group justify={collapsed ? 'center' : 'flex-end'}>
              <ActionIcon
                variant="subtle"
                color="gray.8"
                size="lg"
                onClick={toggleCollapsed}
                aria-label={collapsed ? t('shell.expandSidebar') : t('shell.collapseSidebar')}
                aria-expanded={!collapsed}
              >
                {collapsed ? <IconLayoutSidebarLeftExpand size={20} /> : <IconLayoutSidebarLeftCollapse size={20} />}
              </ActionIcon>
            </Group>
          </AppShell.Section>
        </AppShell.Navbar>
      )}

      <AppShell.Main id={MAIN_ID} bg="gray.0">
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
