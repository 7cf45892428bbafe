/**
 * POST /api/auth/invitation/{token}/accept (ARCHITECTURE.md §5.1): signed in as the invited
 * address with `{}`, or anonymous with {fullName, phoneNumber, password, confirmPassword}, which
 * creates the account and signs it in. Answers the signed-in user; a user already in another
 * organization gets 409, another signed-in address 403. Afterwards the session is read again (the
 * user now has an organization and a role).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@pesan/contracts/auth';
import { api } from '../../../lib/api-client.ts';

/** The new account's fields (the register form's, without the e-mail: the invitation has it). */
export interface NewAccountInput {
  fullName: string;
  phoneNumber: string;
  password: string;
  confirmPassword: string;
}

export interface AcceptInvitationInput {
  token: string;
  account?: NewAccountInput;
}

/** The session query's key (features/auth owns the query; only its cache is touched here). */
const SESSION_KEY = ['auth', 'session'] as const;

export function acceptInvitation({ token, account }: AcceptInvitationInput): Promise<{ data?: User; message?: string } | undefined> {
  return api(`/api/auth/invitation/${encodeURIComponent(token)}/accept`, { method: 'POST', body: account ?? {}, silent401: true });
}

export function useAcceptInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: async (res) => {
      if (res?.data && typeof res.data === 'object' && 'id' in res.data) qc.setQueryData(SESSION_KEY, res.data);
      await qc.invalidateQueries({ queryKey: SESSION_KEY });
    },
  });
}
