/**
 * Audit log filters kept in the URL search params (as the Overview keeps its own), so a reload or
 * Back restores them: `actor` (a member's id), `action` (one per chosen action), `start` and `end`
 * (inclusive 'YYYY-MM-DD' days) and `page`. Missing or invalid values fall back: every member,
 * every action, the last 7 days, page 1. Any filter change goes back to page 1.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import { AUDIT_ACTIONS, type AuditAction } from '@pesan/contracts/teams';
import { defaultDateRange, rangeError, zonedToday, type DateRange } from '../../../components/date-range-picker.tsx';
import type { AuditLogFilters } from '../api/list-audit-log.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isDay = (s: string | null): s is string => Boolean(s && DAY.test(s) && dayjs(s).format('YYYY-MM-DD') === s);
const isAction = (s: string): s is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(s);

export interface AuditParams extends AuditLogFilters {
  page: number;
}

/** The filters and page the search params hold (pure; `today` in the organization's zone by default). */
export function resolveAuditParams(params: URLSearchParams, today: Date = zonedToday()): AuditParams {
  const actor = params.get('actor');
  const actions = [...new Set(params.getAll('action').filter(isAction))];
  const start = params.get('start');
  const end = params.get('end');
  const todayDay = dayjs(today).format('YYYY-MM-DD');
  const [s, e]: DateRange = isDay(start) && isDay(end) && end <= todayDay && !rangeError(start, end) ? [start, end] : defaultDateRange(today);
  const page = Number(params.get('page'));
  return { actorId: actor && UUID.test(actor) ? actor : null, actions, start: s, end: e, page: Number.isInteger(page) && page >= 1 ? page : 1 };
}

export function useAuditParams() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const resolved = useMemo(() => resolveAuditParams(params), [key]);
  const update = useCallback(
    (patch: { actor?: string | null; action?: string[]; start?: string; end?: string; page?: number }) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if ('actor' in patch) {
          if (patch.actor) next.set('actor', patch.actor);
          else next.delete('actor');
        }
        if (patch.action) {
          next.delete('action');
          for (const a of patch.action) next.append('action', a);
        }
        if (patch.start && patch.end) {
          next.set('start', patch.start);
          next.set('end', patch.end);
        }
        if (patch.page && patch.page > 1) next.set('page', String(patch.page));
        else next.delete('page');
        return next;
      }),
    [setParams],
  );
  const filters: AuditLogFilters = useMemo(
    () => ({ actorId: resolved.actorId, actions: resolved.actions, start: resolved.start, end: resolved.end }),
    [resolved],
  );
  return {
    filters,
    page: resolved.page,
    setActor: (actor: string | null) => update({ actor }),
    setActions: (action: AuditAction[]) => update({ action }),
    setRange: ([start, end]: DateRange) => update({ start, end }),
    setPage: (page: number) => update({ page }),
    clear: () => update({ actor: null, action: [] }),
  };
}
