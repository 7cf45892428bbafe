/**
 * Profile layout (console.md §2 Profile layout): the shell whose side menu is 'Back to home',
 * Edit Profile, Edit Organization and Notification Settings.
 */
import { useTranslation } from 'react-i18next';
import { PROFILE_NAV } from '../../../components/layouts/shell-nav-items.ts';
import { SignedInLayout } from './signed-in-layout.tsx';

export default function ProfileLayout() {
  const { t } = useTranslation('common');
  return <SignedInLayout navItems={PROFILE_NAV} navLabel={t('shell.profileNav')} />;
}
