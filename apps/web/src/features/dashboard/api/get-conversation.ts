/**
 * POST /api/whatsapp-api/conversation {application_id, startDate, endDate} -> {data:
 * ConversationData}: the WhatsApp session figures of templates-dashboard-reports.md §3 (spec
 * spelling `total_all_bussiness_initiated`) and their series (ARCHITECTURE.md §5; contracts/dashboard.ts).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConversationData, ConversationQuery } from '@pesan/contracts/dashboard';
import { api } from '../../../lib/api-client.ts';

export async function getConversation(query: ConversationQuery, signal?: AbortSignal): Promise<ConversationData> {
  return (await api<{ data: ConversationData }>('/api/whatsapp-api/conversation', { body: query, signal })).data;
}

export const conversationQueryOptions = (query: ConversationQuery) =>
  queryOptions({ queryKey: ['dashboard', 'conversation', query], queryFn: ({ signal }) => getConversation(query, signal) });

export const useConversation = (query: ConversationQuery, enabled = true) => useQuery({ ...conversationQueryOptions(query), enabled });
