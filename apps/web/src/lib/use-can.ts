/**
 * What the signed-in user's role may do (ARCHITECTURE.md §5.1, contracts roles.ts): the console
 * hides a button the role lacks; the server refuses the call anyway. Reads the session query from
 * the cache (the route guards have loaded it), so features need not import each other.
 */
import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { User } from '@pesan/contracts/auth';
import { can, type Permission, type Role } from '@pesan/contracts/roles';

/** The session query's key (features/auth/api/get-session.ts); only read from the cache here. */
const SESSION_KEY = ['auth', 'session'] as const;

/** The session as cached: undefined when not loaded yet, null when anonymous. */
function useCachedSession(): User | null | undefined {
  return useQuery<User | null>({ queryKey: SESSION_KEY, enabled: false }).data;
}

/** The signed-in user's role, or null (anonymous, no organization, or the session not loaded). */
export function useRole(): Role | null {
  return useCachedSession()?.role ?? null;
}

/**
 * `can(permission)` for the signed-in user. With no session in the cache (a component rendered
 * alone, as in its unit test) nothing is hidden: hiding is a courtesy, the server decides.
 */
export function useCan(): (permission: Permission) => boolean {
  const session = useCachedSession();
  const known = session !== undefined;
  const role = session?.role ?? null;
  return useCallback((permission: Permission) => (known ? can(role, permission) : true), [known, role]);
}
