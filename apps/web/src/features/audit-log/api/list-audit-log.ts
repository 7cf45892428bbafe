/**
 * POST /api/organization/audit-log {actor_id?, action?[], start_date, end_date, page, limit}
 * -> {data: AuditEntry[], page, limit, pages, total} (ARCHITECTURE.md §5.1; owners and admins only).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditAction, AuditEntry } from '@pesan/contracts/teams';
import { api } from '../../../lib/api-client.ts';

export interface AuditLogFilters {
  actorId: string | null;
  actions: AuditAction[];
  /** Inclusive days, 'YYYY-MM-DD', in the organization's time zone. */
  start: string;
  end: string;
}

export interface AuditLogPage {
  data: AuditEntry[];
  page: number;
  limit: number;
  pages: number;
  total: number;
}

/** Entries per page. */
export const AUDIT_PAGE_SIZE = 20;

/** The call's body (and, as a query, the download's) for `filters` and `page`. */
export function auditLogBody(filters: AuditLogFilters, page: number) {
  return {
    ...(filters.actorId ? { actor_id: filters.actorId } : {}),
    ...(filters.actions.length ? { action: filters.actions } : {}),
    start_date: filters.start,
    end_date: filters.end,
    page,
    limit: AUDIT_PAGE_SIZE,
  };
}

export function listAuditLog(filters: AuditLogFilters, page: number, signal?: AbortSignal): Promise<AuditLogPage> {
  return api<AuditLogPage>('/api/organization/audit-log', { method: 'POST', body: auditLogBody(filters, page), signal });
}

export const auditLogQueryOptions = (filters: AuditLogFilters, page: number, enabled = true) =>
  queryOptions({
    queryKey: ['audit-log', 'list', filters, page] as const,
    queryFn: ({ signal }) => listAuditLog(filters, page, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useAuditLog = (filters: AuditLogFilters, page: number, enabled = true) => useQuery(auditLogQueryOptions(filters, page, enabled));
