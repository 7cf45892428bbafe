/** GET /api/channel -> {data: [{id, name}]}: the channels a user can pick (console.md §7 Channel). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChannelId } from '@pesan/contracts/channels';
import { api } from '../../../lib/api-client.ts';

export interface ChannelOption {
  id: ChannelId;
  name: string;
}

export async function getChannels(): Promise<ChannelOption[]> {
  const res = await api<{ data: ChannelOption[] }>('/api/channel');
  return res.data;
}

export const channelsQueryOptions = () => queryOptions({ queryKey: ['channels'], queryFn: getChannels, staleTime: 5 * 60_000 });
export const useChannels = () => useQuery(channelsQueryOptions());
