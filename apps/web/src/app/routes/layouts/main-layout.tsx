/**
 * Main layout (console.md §2 Main layout): the shell with the sidebar (Overview, My Application,
 * Generate Report, Whatsapp Template), and the terms-agreement check.
 */
import { MAIN_NAV } from '../../../components/layouts/shell-nav-items.ts';
import { TermsGate } from '../../../features/terms/components/terms-gate.tsx';
import { SignedInLayout } from './signed-in-layout.tsx';

export default function MainLayout() {
  return (
    <SignedInLayout navItems={MAIN_NAV} navLabel="Main">
      {(user) => <TermsGate userId={user.id} />}
    </SignedInLayout>
  );
}
