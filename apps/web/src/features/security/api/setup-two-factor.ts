/**
 * POST /api/user/2fa/setup -> {data: {secret, otpauth_url}} (ARCHITECTURE.md §5.1): a new TOTP
 * secret for the signed-in user, not yet in force (enable turns it on). The secret stays in React
 * state only: never in browser storage, the URL or the query cache.
 */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The answer's shape (contracts teams.ts twoFactorSetupSchema). */
export interface TwoFactorSetup {
  secret: string;
  otpauth_url: string;
}

export async function setupTwoFactor(): Promise<TwoFactorSetup> {
  return (await api<{ data: TwoFactorSetup }>('/api/user/2fa/setup', { method: 'POST' })).data;
}

/** A mutation (not a query): each call makes a new secret, and nothing about it is cached. */
export const useSetupTwoFactor = () => useMutation({ mutationFn: setupTwoFactor, gcTime: 0 });
