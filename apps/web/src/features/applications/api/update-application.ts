/**
 * PUT /api/application/{id} {applicationName, channels?} (console.md §2 Edit application). Only the
 * name is edited on the console; channels are left as they are when omitted.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Application } from '@pesan/contracts/application';
import { api } from '../../../lib/api-client.ts';
import { applicationsQueryKey } from './list-applications.ts';

export interface UpdateApplicationInput {
  id: string;
  applicationName: string;
}

export function updateApplication({ id, applicationName }: UpdateApplicationInput): Promise<{ data?: Application }> {
  return api<{ data?: Application }>(`/api/application/${encodeURIComponent(id)}`, { method: 'PUT', body: { applicationName } });
}

export function useUpdateApplication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateApplication,
    onSuccess: () => qc.invalidateQueries({ queryKey: applicationsQueryKey }),
  });
}
