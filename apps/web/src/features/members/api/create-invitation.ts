/**
 * POST /api/organization/invitations {email, role} -> 201 {data: {id, email, role, expires_at}}:
 * sends the invitation e-mail with its /auth/invitation/{token} link (7 days, single use;
 * ARCHITECTURE.md §5.1). Refused: a member already (409), a pending invitation (409), a role the
 * sender may not give (403); field errors name `email` or `role`.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateInvitationInput, Invitation } from '@pesan/contracts/teams';
import { api } from '../../../lib/api-client.ts';
import { invitationsQueryKey } from './list-invitations.ts';

export function createInvitation(input: CreateInvitationInput): Promise<{ data: Pick<Invitation, 'id' | 'email' | 'role' | 'expires_at'>; message?: string }> {
  return api('/api/organization/invitations', { method: 'POST', body: input });
}

export function useCreateInvitation() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createInvitation, onSettled: () => qc.invalidateQueries({ queryKey: invitationsQueryKey }) });
}
