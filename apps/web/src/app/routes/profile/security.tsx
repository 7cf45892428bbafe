/**
 * /profile/security (ARCHITECTURE.md §5.1): two-factor sign-in, the organization's require_2fa
 * switch (owners and admins) and the user's sessions. A member whose organization requires 2FA and
 * who lacks it is sent here from every other console page (guards.ts, signed-in-layout.tsx) and
 * sees why at the top; once 2FA is on, the refreshed session opens the console again.
 */
import { Alert, Stack } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { can } from '@pesan/contracts/roles';
import { PageHeader } from '../../../components/page-header.tsx';
import { sessionQueryKey, useSession } from '../../../features/auth/api/get-session.ts';
import { TwoFactorSection } from '../../../features/security/components/two-factor-section.tsx';
import { OrganizationSecuritySection } from '../../../features/security/components/organization-security-section.tsx';
import { SessionsSection } from '../../../features/security/components/sessions-section.tsx';
import { useSecuritySettings } from '../../../features/security/api/get-security-settings.ts';

export default function SecurityPage() {
  const { t } = useTranslation('security');
  const { data: user } = useSession();
  const queryClient = useQueryClient();
  const manages = can(user?.role, 'security.manage');
  // Whether 2FA may be turned off: the organization's rule (any member may read it; a member still
  // to set 2FA up is refused every organization route, and knows the rule from the session).
  const settings = useSecuritySettings(Boolean(user?.organizationId) && !user?.twoFactorSetupRequired);
  if (!user) return null;
  const required = user.twoFactorSetupRequired || settings.data?.require_2fa === true;
  return (
    <Stack gap="lg" maw={960}>
      <PageHeader title={t('page.title')} description={t('page.description')} />
      {user.twoFactorSetupRequired && (
        <Alert color="orange" variant="light" icon={<IconShieldLock size={18} aria-hidden />} title={t('page.setupRequiredTitle')} role="alert" styles={{ title: { color: 'var(--mantine-color-dark-9)' } }}>
          {t('page.setupRequired')}
        </Alert>
      )}
      <TwoFactorSection
        enabled={user.twoFactorEnabled}
        required={required}
        onChanged={() => void queryClient.invalidateQueries({ queryKey: sessionQueryKey })}
      />
      {manages && !user.twoFactorSetupRequired && <OrganizationSecuritySection />}
      <SessionsSection />
    </Stack>
  );
}
