/** POST /api/auth/send_verification {email} -> {description}: sends the verification link again (console.md §7 Auth). */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function sendVerification(email: string): Promise<{ description?: string; message?: string }> {
  return api('/api/auth/send_verification', { method: 'POST', body: { email } });
}

export const useSendVerification = () => useMutation({ mutationFn: sendVerification });
