/**
 * POST /api/user/2fa/enable {code} -> {data: {recovery_codes}} (ARCHITECTURE.md §5.1): turns
 * two-factor sign-in on with a code from the app; the 10 recovery codes are shown once. A wrong code
 * is a 400 with the message to show. `onEnabled` (the page's) refreshes the session user.
 */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The answer's shape (contracts teams.ts recoveryCodesSchema). */
export interface RecoveryCodes {
  recovery_codes: string[];
}

export async function enableTwoFactor(code: string): Promise<RecoveryCodes> {
  return (await api<{ data: RecoveryCodes }>('/api/user/2fa/enable', { method: 'POST', body: { code } })).data;
}

/** The answer is not kept by the mutation cache longer than the component needs it. */
export const useEnableTwoFactor = () => useMutation({ mutationFn: enableTwoFactor, gcTime: 0 });
