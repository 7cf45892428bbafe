/** Logout from the shell (console.md §2 Header): POST logout, clear cache and stored form data, go to /auth/login. */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useLogout } from '../../../features/auth/api/logout.ts';

export function useShellLogout(): () => void {
  const logout = useLogout();
  const navigate = useNavigate();
  const { mutate } = logout;
  return useCallback(() => mutate(undefined, { onSettled: () => navigate('/auth/login', { replace: true }) }), [mutate, navigate]);
}
