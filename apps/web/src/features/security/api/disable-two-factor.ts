/**
 * POST /api/user/2fa/disable {password, code} (ARCHITECTURE.md §5.1): turns two-factor sign-in
 * off. Refused (400/403 with the message to show) for a wrong password or code, or when the
 * organization requires 2FA.
 */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The body (contracts teams.ts twoFactorDisableSchema). */
export interface TwoFactorDisableInput {
  password: string;
  code: string;
}

export async function disableTwoFactor(input: TwoFactorDisableInput): Promise<void> {
  await api<unknown>('/api/user/2fa/disable', { method: 'POST', body: input });
}

export const useDisableTwoFactor = () => useMutation({ mutationFn: disableTwoFactor, gcTime: 0 });
