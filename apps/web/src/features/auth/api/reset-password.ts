/** PATCH /api/auth/reset_password/:token {password, confirmPassword} (console.md §4 Reset password). */
import { useMutation } from '@tanstack/react-query';
import type { PasswordPairInput } from '@pesan/contracts/auth';
import { api } from '../../../lib/api-client.ts';

export function resetPassword({ token, ...body }: PasswordPairInput & { token: string }): Promise<{ message?: string; description?: string }> {
  return api(`/api/auth/reset_password/${encodeURIComponent(token)}`, { method: 'PATCH', body, silent401: true });
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
