/** PUT /api/user/:id {fullName, avatar?, language?} -> {data: user} (console.md §7 User; ARCHITECTURE.md §10). */
import { useMutation } from '@tanstack/react-query';
import type { UiLanguage, User } from '@pesan/contracts/auth';
import { api } from '../../../lib/api-client.ts';

export interface UpdateUserInput {
  id: string;
  fullName: string;
  /** Omitted: unchanged; null: removed. */
  avatar?: string | null;
  /** Omitted: unchanged; null: follow the browser. */
  language?: UiLanguage | null;
}

export function updateUser({ id, ...body }: UpdateUserInput): Promise<{ data?: User; message?: string }> {
  return api(`/api/user/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export const useUpdateUser = () => useMutation({ mutationFn: updateUser });
