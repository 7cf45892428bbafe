/**
 * Main layout (console.md §2 Main layout): the shell with the sidebar (Overview, My Application,
 * Generate Report, Whatsapp Template), and the terms-agreement check. The check starts once the
 * page has painted and the browser is idle, and the terms gate (the modal, the acceptance) loads
 * only for a user who has to accept the terms or when the check failed (issue 10).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIN_NAV } from '../../../components/layouts/shell-nav-items.ts';
import { whenIdle } from '../../../components/when-idle.ts';
import { useTermsAccepted } from '../../../features/terms/api/check-terms.ts';
import { SignedInLayout } from './signed-in-layout.tsx';

const TermsGate = lazy(() => import('../../../features/terms/components/terms-gate.tsx').then((m) => ({ default: m.TermsGate })));

function TermsCheck({ userId }: { userId: string }) {
  const check = useTermsAccepted(userId);
  // Once needed, the gate stays (it remembers on which page the modal was dismissed).
  const [needed, setNeeded] = useState(false);
  if (!needed && (check.data === false || check.isError)) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <TermsGate userId={userId} />
    </Suspense>
  ) : null;
}

export default function MainLayout() {
  const { t } = useTranslation('common');
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return (
    <SignedInLayout navItems={MAIN_NAV} navLabel={t('shell.mainNav')}>
      {(user) => idle && <TermsCheck userId={user.id} />}
    </SignedInLayout>
  );
}
