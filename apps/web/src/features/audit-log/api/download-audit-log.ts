/**
 * GET /api/organization/audit-log/download?actor_id&action&start_date&end_date -> CSV of the
 * entries matching the list's filters (ARCHITECTURE.md §5.1), saved as a download.
 */
import { useMutation } from '@tanstack/react-query';
import { apiFile, downloadBlob } from '../../../lib/api-client.ts';
import type { AuditLogFilters } from './list-audit-log.ts';

/** The download's query string: the filters, `action` once per chosen action. */
export function auditDownloadQuery(filters: AuditLogFilters): string {
  const q = new URLSearchParams();
  if (filters.actorId) q.set('actor_id', filters.actorId);
  for (const a of filters.actions) q.append('action', a);
  q.set('start_date', filters.start);
  q.set('end_date', filters.end);
  return q.toString();
}

export async function downloadAuditLog(filters: AuditLogFilters): Promise<void> {
  const { blob, filename } = await apiFile(`/api/organization/audit-log/download?${auditDownloadQuery(filters)}`);
  downloadBlob(blob, filename ?? `audit-log-${filters.start}-${filters.end}.csv`);
}

export const useDownloadAuditLog = () => useMutation({ mutationFn: downloadAuditLog });
