/**
 * Roles and what each may do (ARCHITECTURE.md §5.1). The server checks a route's permission before
 * its handler runs (plugins/permissions.ts: 403 `forbidden`, nothing changed); the console hides
 * what the signed-in role lacks with `can(role, permission)`.
 *
 * No zod here (issue 28): the console's signed-in shell checks roles on every page, and importing
 * zod (with the zod setup of zod.ts) would add it to every page's first load. The role schema is
 * in roles-schema.ts.
 */

/** Roles from most to least powerful. */
export const ROLES = ['owner', 'admin', 'developer', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/**
 * What a console route may need. `read` is any member; the rest follow §5.1's table:
 * - developer: applications (create, edit, not delete), tokens, webhooks, templates, reports,
 *   quota warning settings, message bodies;
 * - viewer: read only, and reports (list, generate, download).
 * Owners and admins have every permission; what only an owner may do to other owners is a rule of
 * the members service, not a permission.
 */
const VIEWER = ['read', 'reports.generate'] as const;
const DEVELOPER = [
  ...VIEWER,
  'messages.body',
  'applications.create',
  'applications.edit',
  'tokens.generate',
  'webhooks.manage',
  'templates.manage',
  'quota.settings',
] as const;
export const PERMISSIONS = [...DEVELOPER, 'applications.delete', 'organization.edit', 'members.manage', 'security.manage', 'audit.read'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The permissions of each role (ARCHITECTURE.md §5.1). */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  owner: PERMISSIONS,
  admin: PERMISSIONS,
  developer: DEVELOPER,
  viewer: VIEWER,
};

/** Whether `role` (null: no organization yet) has `permission`. */
export function can(role: Role | null | undefined, permission: Permission): boolean {
  return role ? ROLE_PERMISSIONS[role].includes(permission) : false;
}

/** The roles `actor` may give, change or remove: only an owner touches owners (§5.1). */
export function assignableRoles(actor: Role | null | undefined): readonly Role[] {
  if (actor === 'owner') return ROLES;
  if (actor === 'admin') return ['admin', 'developer', 'viewer'];
  return [];
}
