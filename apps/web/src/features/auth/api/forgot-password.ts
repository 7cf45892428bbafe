/** POST /api/auth/forgot_password {email} -> {description} (console.md §4 Forgot password). */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function forgotPassword(email: string): Promise<{ description: string }> {
  return api('/api/auth/forgot_password', { method: 'POST', body: { email } });
}

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
