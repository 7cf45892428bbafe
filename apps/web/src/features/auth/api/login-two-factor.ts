/**
 * POST /api/auth/login/2fa {challenge, code} or {challenge, recovery_code} -> the session cookie and
 * {data: user} (ARCHITECTURE.md §5.1). A wrong code is refused with the message to show; after 5
 * wrong codes, or 10 minutes, the challenge has ended and sign-in starts again. Like login, it opts
 * out of the global 401 handling (the form shows the refusal).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@pesan/contracts/auth';
import { TEAMS_MESSAGES } from '@pesan/contracts/teams-messages';
import { api, ApiError } from '../../../lib/api-client.ts';
import { localizeMessage } from '../../../lib/i18n.ts';
import { sessionQueryKey } from './get-session.ts';

export type LoginTwoFactorInput = { challenge: string; code: string } | { challenge: string; recovery_code: string };

export async function loginTwoFactor(input: LoginTwoFactorInput): Promise<User> {
  return (await api<{ data: User }>('/api/auth/login/2fa', { method: 'POST', body: input, silent401: true })).data;
}

/** Whether `err` says the challenge has ended (expired or too many wrong codes): sign in again from the start. */
export function isChallengeEnded(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  if (/challenge/i.test(err.code) || err.status === 410) return true;
  return localizeMessage(err.message) === localizeMessage(TEAMS_MESSAGES.challengeEnded) || err.message === TEAMS_MESSAGES.challengeEnded;
}

/** On success the session query holds the user. */
export function useLoginTwoFactor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: loginTwoFactor,
    gcTime: 0,
    onSuccess: (user) => qc.setQueryData(sessionQueryKey, user),
  });
}
