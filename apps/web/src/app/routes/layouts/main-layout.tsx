/**
 * Main layout (console.md §2 Header, Main layout): the console shell with the left sidebar
 * (Overview, My Application, Generate Report, Whatsapp Template) around the page, the terms check,
 * and the global 401/5xx handling. The loader (requireOrganization) guarantees a session.
 */
import { Center, Loader } from '@mantine/core';
import { Outlet } from 'react-router';
import { ConsoleShell } from '../../../components/layouts/console-shell.tsx';
import { MAIN_NAV } from '../../../components/layouts/shell-nav-items.ts';
import { useSession } from '../../../features/auth/api/get-session.ts';
import { TermsGate } from '../../../features/terms/components/terms-gate.tsx';
import { useApiEvents } from './use-api-events.ts';
import { useShellLogout } from './use-shell-logout.ts';

export default function MainLayout() {
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
      <ConsoleShell user={user} navItems={MAIN_NAV} navLabel="Main" onLogout={onLogout}>
        <Outlet />
      </ConsoleShell>
      <TermsGate userId={user.id} />
    </>
  );
}
