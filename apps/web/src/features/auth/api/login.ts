/**
 * POST /api/auth/login {email, password, remember} -> {data: user} (console.md §7 Auth;
 * ARCHITECTURE.md §7.1: remember makes the session cookie last 30 days), or, with two-factor
 * sign-in on, {data: {two_factor_required: true, challenge}} and no session yet (§5.1: the second
 * step, login-two-factor.ts). Errors: 401 wrong credentials, 403 code 'email_not_verified', 429 too
 * many attempts — shown by the form, so the call opts out of the global 401 handling.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, User } from '@pesan/contracts/auth';
import { api } from '../../../lib/api-client.ts';
import { sessionQueryKey } from './get-session.ts';

/** The answer when the account has two-factor sign-in: the challenge for the second step (kept in React state only). */
export interface LoginChallenge {
  two_factor_required: true;
  challenge: string;
}

export const isLoginChallenge = (r: User | LoginChallenge): r is LoginChallenge => (r as LoginChallenge).two_factor_required === true;

export async function login(input: LoginInput): Promise<User | LoginChallenge> {
  const res = await api<{ data: User | LoginChallenge }>('/api/auth/login', { method: 'POST', body: input, silent401: true });
  return res.data;
}

/** On success the session query holds the user (not after a challenge: nobody is signed in yet). */
export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => {
      if (!isLoginChallenge(result)) qc.setQueryData(sessionQueryKey, result);
    },
  });
}
