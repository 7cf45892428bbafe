/**
 * The role check of ARCHITECTURE.md §5.1 as a function: plugins/permissions.ts runs it before a
 * route's body is read; a service whose route must first answer 404 for another organization's id
 * (PUT /api/organization/{id}) runs it after that check.
 */
import { can, type Permission, type Role } from '@pesan/contracts/roles';
import { TEAMS_MESSAGES } from '@pesan/contracts/teams-messages';
import { AppError } from './errors.ts';

/**
 * @throws 403 `forbidden` TEAMS_MESSAGES.twoFactorSetupFirst while the organization requires 2FA
 *   and the member has none; 403 `forbidden` TEAMS_MESSAGES.roleForbidden when `role` lacks `permission`.
 */
export function assertPermission(member: { role: Role | null; twoFactorSetupRequired: boolean }, permission: Permission): void {
  if (member.twoFactorSetupRequired) throw new AppError('forbidden', TEAMS_MESSAGES.twoFactorSetupFirst);
  if (!can(member.role, permission)) throw new AppError('forbidden', TEAMS_MESSAGES.roleForbidden);
}
