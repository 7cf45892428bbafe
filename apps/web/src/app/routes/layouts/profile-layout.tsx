/**
 * Profile layout (console.md §2 Profile layout): the shell whose side menu is 'Back to home',
 * Edit Profile, Edit Organization and Notification Settings.
 */
import { PROFILE_NAV } from '../../../components/layouts/shell-nav-items.ts';
import { SignedInLayout } from './signed-in-layout.tsx';

export default function ProfileLayout() {
  return <SignedInLayout navItems={PROFILE_NAV} navLabel="Profile" />;
}
