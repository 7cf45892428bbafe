import { describe, expect, it } from 'vitest';
import type { Member } from '@pesan/contracts/teams';
import { canManageMember } from './roles.ts';

const member = (user_id: string, role: Member['role']): Member => ({
  user_id,
  role,
  full_name: user_id,
  email: `${user_id}@x.test`,
  two_factor: false,
  last_seen_at: null,
  joined_at: null,
});

describe('canManageMember', () => {
  it('lets an owner change every other row', () => {
    expect(canManageMember({ id: 'me', role: 'owner' }, member('a', 'owner'))).toBe(true);
    expect(canManageMember({ id: 'me', role: 'owner' }, member('b', 'viewer'))).toBe(true);
  });
  it('keeps owner rows read-only for an admin', () => {
    expect(canManageMember({ id: 'me', role: 'admin' }, member('a', 'owner'))).toBe(false);
    expect(canManageMember({ id: 'me', role: 'admin' }, member('b', 'developer'))).toBe(true);
  });
  it('never the own row, never for developers and viewers', () => {
    expect(canManageMember({ id: 'me', role: 'owner' }, member('me', 'owner'))).toBe(false);
    expect(canManageMember({ id: 'me', role: 'developer' }, member('b', 'viewer'))).toBe(false);
    expect(canManageMember({ id: 'me', role: 'viewer' }, member('b', 'viewer'))).toBe(false);
  });
});
