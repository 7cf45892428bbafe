/**
 * Message retention (ARCHITECTURE.md §4 RETENTION_DAYS, §9): messages, their events and status
 * outbox rows are range-partitioned by month of created_at, and whole months are dropped, so what
 * is kept starts at a month boundary. retentionStart is the one rule: the maintenance job drops the
 * months before it, and the console (Monitoring, Overview, Generate Report) refuses a range that
 * starts before it (refuseBeforeRetention) instead of answering an empty or partial result.
 */
import { RECORDS_MESSAGES, zonedDayStart } from '@pesan/contracts/records';
import { AppError } from './errors.ts';

const DAY_MS = 86_400_000;

/**
 * The first instant whose messages are still kept: 00:00 UTC on the first day of the (UTC) month
 * that contains `now - retentionDays` days. Every month that ends on or before that instant is
 * dropped; the month containing `now - retentionDays` is kept whole, so messages are kept at least
 * `retentionDays` days and less than `retentionDays` + 31 days.
 *
 * Example: now 2026-11-27T23:00Z, 400 days -> now - 400 days is 2025-10-23T23:00Z -> 2025-10-01T00:00Z.
 * Pure: depends only on its arguments (`retentionDays` a positive integer, RETENTION_DAYS).
 */
export function retentionStart(now: Date, retentionDays: number): Date {
  const cut = new Date(now.getTime() - retentionDays * DAY_MS);
  return new Date(Date.UTC(cut.getUTCFullYear(), cut.getUTCMonth(), 1));
}

/** The calendar day 'YYYY-MM-DD' of `instant` in `timeZone`. */
function localDay(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/**
 * The first whole day of `timeZone` ('YYYY-MM-DD') that starts at or after `start`: the first day
 * a console range may begin on. `start` itself in a zone behind UTC (or at UTC), the day after in a
 * zone ahead of it (2025-10-01T00:00Z is 07:00 in Asia/Jakarta, whose first whole kept day is 2025-10-02).
 */
export function firstKeptDay(start: Date, timeZone: string): string {
  const day = localDay(start, timeZone);
  if (zonedDayStart(day, timeZone).getTime() >= start.getTime()) return day;
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** The OpenAPI description of the 422 that refuseBeforeRetention answers (the routes of Monitoring, Overview and Generate Report). */
export const OUTSIDE_RETENTION_RESPONSE =
  '`outside_retention`: the range starts before the oldest kept messages (whole months older than RETENTION_DAYS are dropped); the message names the first day to choose';

/** What refuseBeforeRetention needs: the clock and RETENTION_DAYS (config.retentionDays). */
export interface RetentionDeps {
  now: () => Date;
  retentionDays: number;
}

/**
 * Refuses a console range over messages that starts before retentionStart(deps.now(),
 * deps.retentionDays): 422 `outside_retention` with RECORDS_MESSAGES.olderThanRetention (naming the
 * first whole day of `timeZone` that may be chosen and the retention), also as the detail of
 * `field` (the request's start field) so a form shows it there. A range without a start (`from`
 * undefined) is not refused: it simply holds what is kept.
 * @throws AppError outside_retention (422).
 */
export function refuseBeforeRetention(deps: RetentionDeps, from: Date | undefined, timeZone: string, field: string): void {
  if (!from) return;
  const start = retentionStart(deps.now(), deps.retentionDays);
  if (from.getTime() >= start.getTime()) return;
  const message = RECORDS_MESSAGES.olderThanRetention(firstKeptDay(start, timeZone), deps.retentionDays);
  throw new AppError('outside_retention', message, [{ path: field, message }]);
}
