/** Which member rows the signed-in role may change (ARCHITECTURE.md §5.1, contracts roles.ts). */
import { assignableRoles, can, type Role } from '@pesan/contracts/roles';
import type { Member } from '@pesan/contracts/teams';

export interface Me {
  id: string;
  role: Role | null;
}

/**
 * Whether `me` may change the role of, or remove, `member`: owners and admins only; never one's
 * own row; an owner row only for an owner.
 */
export function canManageMember(me: Me, member: Member): boolean {
  if (!can(me.role, 'members.manage') || member.user_id === me.id) return false;
  return assignableRoles(me.role).includes(member.role);
}
