/**
 * Profile layout (console.md §2 Profile layout): the console shell whose side menu is 'Back to
 * home', Edit Profile, Edit Organization and Notification Settings. The loader guarantees a session.
 */
import { Center, Loader } from '@mantine/core';
import { Outlet } from 'react-router';
import { ConsoleShell } from '../../../components/layouts/console-shell.tsx';
import { PROFILE_NAV } from '../../../components/layouts/shell-nav-items.ts';
import { useSession } from '../../../features/auth/api/get-session.ts';
import { useApiEvents } from './use-api-events.ts';
import { useShellLogout } from './use-shell-logout.ts';

export default function ProfileLayout() {
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
    <ConsoleShell user={user} navItems={PROFILE_NAV} navLabel="Profile" onLogout={onLogout}>
      <Outlet />
    </ConsoleShell>
  );
}
