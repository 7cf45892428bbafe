/**
 * POST /api/auth/rsa/generate-token {application} -> text/plain token file for every channel of a new
 * application, saved as `<applicationId>.txt` (console.md §2 Create application, §7).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFile, downloadBlob } from '../../../lib/api-client.ts';
import { tokensQueryKey } from './list-tokens.ts';

export async function generateKeyFile(applicationId: string): Promise<void> {
  const { blob } = await apiFile('/api/auth/rsa/generate-token', { body: { application: applicationId } });
  downloadBlob(blob, `${applicationId}.txt`);
}

export function useGenerateKeyFile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: generateKeyFile,
    onSuccess: (_d, applicationId) => qc.invalidateQueries({ queryKey: tokensQueryKey(applicationId) }),
  });
}
