/**
 * Navigation of the console shell (console.md §2 Main layout, Profile layout, Header mobile menu).
 * Each item knows which paths make it active. `label` is the English name; the shell shows
 * `labelKey` (a common.json key) in the interface language.
 */
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import {
  IconApps,
  IconArrowLeft,
  IconBell,
  IconBrandWhatsapp,
  IconBuilding,
  IconLayoutDashboard,
  IconLock,
  IconListDetails,
  IconReportAnalytics,
  IconShieldLock,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import type { Permission } from '@pesan/contracts/roles';

export interface ShellNavItem {
  label: string;
  /** common.json key of the shown name (`nav.…`). */
  labelKey: string;
  to: string;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
  /** True when `pathname` belongs to this item. */
  isActive: (pathname: string) => boolean;
  /**
   * Render as a button that navigates rather than a link: 'Back to home' in the profile menu, so the
   * change-password page's own 'Back' link is the only link named Back on that page.
   */
  asButton?: boolean;
  /** Shown only to a role with this permission (contracts roles.ts `can`); the layout filters. */
  permission?: Permission;
}

const under = (...prefixes: string[]) => (p: string) => prefixes.some((x) => p === x || p.startsWith(`${x}/`));

/** Left sidebar and mobile menu of the main layout. */
export const MAIN_NAV: readonly ShellNavItem[] = [
  { label: 'Overview', labelKey: 'nav.overview', to: '/dashboard', icon: IconLayoutDashboard, isActive: under('/dashboard') },
  { label: 'My Application', labelKey: 'nav.myApplication', to: '/my-application', icon: IconApps, isActive: (p) => p === '/' || under('/my-application')(p) },
  { label: 'Generate Report', labelKey: 'nav.generateReport', to: '/generate-report', icon: IconReportAnalytics, isActive: under('/generate-report') },
  {
    label: 'Whatsapp Template',
    labelKey: 'nav.whatsappTemplate',
    to: '/whatsapp-template',
    icon: IconBrandWhatsapp,
    isActive: under('/whatsapp-template', '/new-whatsapp-template'),
  },
];

/** Side menu of the profile layout. Change Password is reached from Edit Profile. */
export const PROFILE_NAV: readonly ShellNavItem[] = [
  { label: 'Back to home', labelKey: 'nav.backToHome', to: '/my-application', icon: IconArrowLeft, isActive: () => false, asButton: true },
  {
    label: 'Edit Profile',
    labelKey: 'nav.editProfile',
    to: '/profile/edit-profile',
    icon: IconUserCircle,
    isActive: under('/profile/edit-profile', '/profile/change-password'),
  },
  { label: 'Edit Organization', labelKey: 'nav.editOrganization', to: '/profile/edit-organization', icon: IconBuilding, isActive: under('/profile/edit-organization') },
  {
    label: 'Notification Settings',
    labelKey: 'nav.notificationSettings',
    to: '/profile/notification-settings',
    icon: IconBell,
    isActive: under('/profile/notification-settings'),
  },
  { label: 'Members', labelKey: 'nav.members', to: '/profile/members', icon: IconUsers, isActive: under('/profile/members') },
  { label: 'Security', labelKey: 'nav.security', to: '/profile/security', icon: IconShieldLock, isActive: under('/profile/security') },
  { label: 'Audit Log', labelKey: 'nav.auditLog', to: '/profile/audit-log', icon: IconListDetails, isActive: under('/profile/audit-log'), permission: 'audit.read' },
];

/** The profile dropdown of the mobile menu (console.md §2 Header). Logout is added by the menu. */
export const MOBILE_PROFILE_LINKS = [
  { label: 'Edit Profile', labelKey: 'nav.editProfile', to: '/profile/edit-profile', icon: IconUserCircle },
  { label: 'Change Password', labelKey: 'nav.changePassword', to: '/profile/change-password', icon: IconLock },
  { label: 'Edit Organization', labelKey: 'nav.editOrganization', to: '/profile/edit-organization', icon: IconBuilding },
  { label: 'Members', labelKey: 'nav.members', to: '/profile/members', icon: IconUsers },
  { label: 'Security', labelKey: 'nav.security', to: '/profile/security', icon: IconShieldLock },
] as const;

/** Width, in px, from which the desktop header and sidebar show (console.md §9: 1024 px). */
export const DESKTOP_MIN_WIDTH = 1024;

/** NavLink props for `item`: a router link, or a button that navigates (see ShellNavItem.asButton). */
export function navTarget(item: ShellNavItem, navigate: (to: string) => void): Record<string, unknown> {
  return item.asButton
    ? { component: 'button', type: 'button', onClick: () => navigate(item.to) }
    : { component: Link, to: item.to };
}
