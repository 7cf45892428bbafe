/**
 * GET /api/whatsapp-api/conversation/download?application_id&start_date&end_date -> the WhatsApp
 * session .xlsx, named `Report_Session_WA_{start}-{end}.xlsx` (templates-dashboard-reports.md §7.2,
 * §9; ARCHITECTURE.md §5). Resolves to the file and its name (the server's, else sessionFileName()).
 */
import { sessionFileName, type ConversationDownloadQuery } from '@pesan/contracts/dashboard';
import { apiFile } from '../../../lib/api-client.ts';

export async function downloadConversation(query: ConversationDownloadQuery): Promise<{ blob: Blob; filename: string }> {
  const params = new URLSearchParams({ application_id: query.application_id, start_date: query.start_date, end_date: query.end_date });
  const { blob, filename } = await apiFile(`/api/whatsapp-api/conversation/download?${params.toString()}`);
  return { blob, filename: filename ?? sessionFileName(query.start_date, query.end_date) };
}
