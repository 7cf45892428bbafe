/**
 * POST /api/auth/change_password/:userId {oldPassword, password, confirmPassword}
 * (console.md §4 Password change). A wrong current password comes back as a field error.
 */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface ChangePasswordInput {
  userId: string;
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

export function changePassword({ userId, ...body }: ChangePasswordInput): Promise<{ message?: string; description?: string }> {
  return api(`/api/auth/change_password/${encodeURIComponent(userId)}`, { method: 'POST', body });
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
