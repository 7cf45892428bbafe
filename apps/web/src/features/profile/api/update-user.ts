/** PUT /api/user/:id {fullName, avatar} -> {data: user} (console.md §7 User). */
import { useMutation } from '@tanstack/react-query';
import type { User } from '@pesan/contracts/auth';
import { api } from '../../../lib/api-client.ts';

export interface UpdateUserInput {
  id: string;
  fullName: string;
  avatar: string | null;
}

export function updateUser({ id, ...body }: UpdateUserInput): Promise<{ data?: User; message?: string }> {
  return api(`/api/user/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export const useUpdateUser = () => useMutation({ mutationFn: updateUser });
