/**
 * Opening the Generate Report pop-up on arrival (templates-dashboard-reports.md §2.7): Monitoring's
 * Export links to `/generate-report?create=1&application_id=…&channel=…[&status=…]&start_date=…&end_date=…`
 * (and also passes the navigation state `{openCreate: true}`). The channel may be a channel id or
 * the spec's value (`voice`, `call-otp`, `sms-otp`); the status 'all', one status or a comma list
 * (absent = All); the dates `YYYY-MM-DD` or ISO date-times (read as the day they fall on in the organization's zone).
 */
import dayjs from 'dayjs';
import { inDisplayZone } from '../../../lib/format.ts';
import { reportChannelSchema, REPORT_STATUSES_BY_CHANNEL } from '@pesan/contracts/reports';
import { STATUS_ALL, type GenerateFormValues } from './generate-form.ts';
import type { DayRange } from './criteria.ts';

/** Search params that only serve the prefill; removed from the address once the pop-up opens. */
export const PREFILL_PARAMS = ['create', 'application_id', 'channel', 'status', 'start_date', 'end_date'] as const;

export interface CreatePrefill {
  /** Whether the pop-up opens on arrival. */
  open: boolean;
  values: Partial<GenerateFormValues>;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day 'YYYY-MM-DD' from a day or an ISO date-time (its day in the organization's zone); null when neither. */
export function toDay(value: string | null): string | null {
  if (!value) return null;
  const v = value.trim();
  if (DAY.test(v)) return dayjs(v).format('YYYY-MM-DD') === v ? v : null;
  if (!/^\d{4}-\d{2}-\d{2}T/.test(v)) return null;
  if (!dayjs(v).isValid()) return null;
  // The day it falls on in the organization's zone, where the server reads the range.
  return inDisplayZone(v).format('YYYY-MM-DD');
}

/** Reads the prefill from the search params and the navigation state (see the module comment). */
export function parseCreatePrefill(params: URLSearchParams, state?: unknown): CreatePrefill {
  const flag = params.get('create');
  const open = flag === '1' || flag === 'true' || (typeof state === 'object' && state !== null && (state as { openCreate?: unknown }).openCreate === true);
  const values: Partial<GenerateFormValues> = {};
  const app = params.get('application_id')?.trim();
  if (app && app.length <= 64) values.application_id = app;
  const channel = reportChannelSchema.safeParse(params.get('channel') ?? undefined);
  if (channel.success) {
    values.channel = channel.data;
    const asked = params.getAll('status').flatMap((s) => s.split(',')).map((s) => s.trim().toLowerCase()).filter(Boolean);
    const allowed = REPORT_STATUSES_BY_CHANNEL[channel.data] as readonly string[];
    const statuses = asked.filter((s) => allowed.includes(s));
    values.status = asked.length === 0 || asked.includes(STATUS_ALL) ? [STATUS_ALL] : [...new Set(statuses)];
  }
  const start = toDay(params.get('start_date'));
  const end = toDay(params.get('end_date'));
  if (start && end) values.range = (start <= end ? [start, end] : [end, start]) as DayRange;
  return { open, values };
}

/** Whether the address carries any prefill parameter. */
export const hasPrefillParams = (params: URLSearchParams): boolean => PREFILL_PARAMS.some((p) => params.has(p));
