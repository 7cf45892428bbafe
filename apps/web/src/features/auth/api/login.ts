/**
 * POST /api/auth/login {email, password, remember} -> {data: user} (console.md §7 Auth;
 * ARCHITECTURE.md §7.1: remember makes the session cookie last 30 days). Errors: 401 wrong
 * credentials, 403 code 'email_not_verified', 429 too many attempts — shown by the form, so the
 * call opts out of the global 401 handling.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, User } from '@pesan/contracts/auth';
import { api } from '../../../lib/api-client.ts';
import { sessionQueryKey } from './get-session.ts';

export async function login(input: LoginInput): Promise<User> {
  const res = await api<{ data: User }>('/api/auth/login', { method: 'POST', body: input, silent401: true });
  return res.data;
}

/** On success the session query holds the user. */
export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => qc.setQueryData(sessionQueryKey, user),
  });
}
