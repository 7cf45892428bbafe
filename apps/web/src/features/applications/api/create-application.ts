/**
 * POST /api/application {applicationName, channels: [{channel, senderName?, senderNumber?, senderImageUrl?}]}
 * -> 201 {id, data} (console.md §2 Create application; ARCHITECTURE.md §5). Field errors come back as
 * ApiError details with paths 'applicationName', 'channels', 'channels.N.senderName'.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Application, CreateApplicationInput } from '@pesan/contracts/application';
import { api } from '../../../lib/api-client.ts';
import { applicationsQueryKey } from './list-applications.ts';

export interface CreateApplicationResult {
  id: string;
  data?: Application;
}

export function createApplication(input: CreateApplicationInput): Promise<CreateApplicationResult> {
  return api<CreateApplicationResult>('/api/application', { body: input });
}

export function useCreateApplication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createApplication,
    onSuccess: () => qc.invalidateQueries({ queryKey: applicationsQueryKey }),
  });
}
