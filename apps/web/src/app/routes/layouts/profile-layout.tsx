/**
 * Profile layout (console.md §2 Profile layout): the shell whose side menu is 'Back to home',
 * Edit Profile, Edit Organization and Notification Settings; Members, Security and Audit Log
 * (ARCHITECTURE.md §5.1), each item shown only to a role with its permission.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFILE_NAV } from '../../../components/layouts/shell-nav-items.ts';
import { useCan } from '../../../lib/use-can.ts';
import { SignedInLayout } from './signed-in-layout.tsx';

export default function ProfileLayout() {
  const { t } = useTranslation('common');
  const can = useCan();
  const items = useMemo(() => PROFILE_NAV.filter((item) => !item.permission || can(item.permission)), [can]);
  return <SignedInLayout navItems={items} navLabel={t('shell.profileNav')} />;
}
