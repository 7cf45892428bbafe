/**
 * POST /api/channel/generate/access-token/{applicationId} {channel} -> text/plain token file for one
 * channel, saved as `<applicationId>.txt`; older tokens of that channel become InActive
 * (console.md §2 Application details, §4, §7).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChannelId } from '@pesan/contracts/channels';
import { apiFile, downloadBlob } from '../../../lib/api-client.ts';
import { tokensQueryKey } from './list-tokens.ts';

export interface GenerateAccessTokenInput {
  applicationId: string;
  channel: ChannelId;
}

export async function generateAccessToken({ applicationId, channel }: GenerateAccessTokenInput): Promise<void> {
  const { blob } = await apiFile(`/api/channel/generate/access-token/${encodeURIComponent(applicationId)}`, { body: { channel } });
  downloadBlob(blob, `${applicationId}.txt`);
}

export function useGenerateAccessToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: generateAccessToken,
    onSuccess: (_d, v) => qc.invalidateQueries({ queryKey: tokensQueryKey(v.applicationId) }),
  });
}
