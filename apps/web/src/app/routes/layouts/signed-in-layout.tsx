/**
 * The console shell for a signed-in user (console.md §2 Header): header, avatar menu, side menu
 * `navItems` around the page, plus the global 401/5xx handling. `children` adds what a layout runs
 * beside the page (the main layout's terms check). The route loaders guarantee a session.
 */
import { useEffect, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { SECURITY_PAGE } from '../../guards.ts';
import { ConsoleShell } from '../../../components/layouts/console-shell.tsx';
import type { ShellNavItem } from '../../../components/layouts/shell-nav-items.ts';
import { sessionQueryKey, useSession } from '../../../features/auth/api/get-session.ts';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@pesan/contracts/auth';
import { useUpdateUser } from '../../../features/profile/api/update-user.ts';
import { toastError } from '../../../components/toasts.ts';
import i18n, { applyUserLanguage } from '../../../lib/i18n.ts';
import { setDisplayTimeZone } from '../../../lib/format.ts';
import { useApiEvents } from './use-api-events.ts';
import { useShellLogout } from './use-shell-logout.ts';

export interface SignedInLayoutProps {
  navItems: readonly ShellNavItem[];
  navLabel: string;
  children?: (user: User) => ReactNode;
}

export function SignedInLayout({ navItems, navLabel, children }: SignedInLayoutProps) {
  useApiEvents();
  const { t } = useTranslation('common');
  const { data: user } = useSession();
  const onLogout = useShellLogout();
  const saveUser = useUpdateUser();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  // The user's saved language wins over the browser's (ARCHITECTURE.md §10).
  useEffect(() => applyUserLanguage(user?.language), [user?.language]);
  if (!user) {
    return (
      <Center h="100dvh">
        <Loader aria-label={t('shell.loading')} />
      </Center>
    );
  }
  // The organization requires 2FA and this user lacks it: only the Security page (guards.ts; also
  // for navigation inside the profile area, which runs no guard, and a session refreshed meanwhile).
  if (user.twoFactorSetupRequired && pathname !== SECURITY_PAGE) return <Navigate to={SECURITY_PAGE} replace />;
  // Before the page renders: every date and time shows in the organization's zone (issue 23 item 7).
  setDisplayTimeZone(user.timeZone);
  return (
    <>
      <ConsoleShell
        user={user}
        navItems={navItems}
        navLabel={navLabel}
        onLogout={onLogout}
        onLanguageChange={(language) =>
          saveUser.mutate(
            { id: user.id, fullName: user.fullName, language },
            {
              onSuccess: () => queryClient.setQueryData<User | null>(sessionQueryKey, (u) => (u ? { ...u, language } : u)),
              onError: () => toastError(i18n.t('common:language.saveFailed')),
            },
          )
        }
      >
        <Outlet />
      </ConsoleShell>
      {children?.(user)}
    </>
  );
}
