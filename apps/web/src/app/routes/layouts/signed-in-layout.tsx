/**
 * The console shell for a signed-in user (console.md §2 Header): header, avatar menu, side menu
 * `navItems` around the page, plus the global 401/5xx handling. `children` adds what a layout runs
 * beside the page (the main layout's terms check). The route loaders guarantee a session.
 */
import type { ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { Outlet } from 'react-router';
import type { User } from '@pesan/contracts/auth';
import { ConsoleShell } from '../../../components/layouts/console-shell.tsx';
import type { ShellNavItem } from '../../../components/layouts/shell-nav-items.ts';
import { useSession } from '../../../features/auth/api/get-session.ts';
import { useApiEvents } from './use-api-events.ts';
import { useShellLogout } from './use-shell-logout.ts';

export interface SignedInLayoutProps {
  navItems: readonly ShellNavItem[];
  navLabel: string;
  children?: (user: User) => ReactNode;
}

export function SignedInLayout({ navItems, navLabel, children }: SignedInLayoutProps) {
  useApiEvents();
  const { data: user } = useSession();
  const onLogout = useShellLogout();
  if (!user) {
    return (
      <Center h="100dvh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  return (
    <>
      <ConsoleShell user={user} navItems={navItems} navLabel={navLabel} onLogout={onLogout}>
        <Outlet />
      </ConsoleShell>
      {children?.(user)}
    </>
  );
}
