/**
 * PUT /api/application/{id} {applicationName, channels?, requireSignature?} (console.md §2 Edit
 * application; ARCHITECTURE.md §6 signed requests). Only the name and 'Require signed requests'
 * are edited on the console; channels are left as they are when omitted, and so is
 * requireSignature.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Application } from '@pesan/contracts/application';
import { api } from '../../../lib/api-client.ts';
import { applicationsQueryKey } from './list-applications.ts';

export interface UpdateApplicationInput {
  id: string;
  applicationName: string;
  /** Whether /v1 requests of the application must be signed; unchanged when omitted. */
  requireSignature?: boolean;
}

export function updateApplication({ id, applicationName, requireSignature }: UpdateApplicationInput): Promise<{ data?: Application }> {
  const body = requireSignature === undefined ? { applicationName } : { applicationName, requireSignature };
  return api<{ data?: Application }>(`/api/application/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function useUpdateApplication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateApplication,
    onSuccess: () => qc.invalidateQueries({ queryKey: applicationsQueryKey }),
  });
}
