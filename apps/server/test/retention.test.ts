/**
 * The retention rule (lib/retention.ts): the first kept instant is 00:00 UTC of the month containing
 * now - RETENTION_DAYS days; whole older months are dropped. Pure functions, no database.
 */
import { describe, expect, it } from 'vitest';
import { RECORDS_MESSAGES } from '@pesan/contracts/records';
import { AppError } from '../src/lib/errors.ts';
import { firstKeptDay, refuseBeforeRetention, retentionStart } from '../src/lib/retention.ts';

const iso = (d: Date) => d.toISOString();
const at = (s: string) => new Date(s);

describe('retentionStart', () => {
  it('is the start of the month containing now - retentionDays', () => {
    expect(iso(retentionStart(at('2026-11-27T23:09:56Z'), 400))).toBe('2025-10-01T00:00:00.000Z'); // now - 400 d = 2025-10-23
    expect(iso(retentionStart(at('2026-01-05T00:00:00Z'), 400))).toBe('2024-12-01T00:00:00.000Z'); // exactly 2024-12-01
    expect(iso(retentionStart(at('2026-06-15T12:00:00Z'), 31))).toBe('2026-05-01T00:00:00.000Z');
  });

  it('keeps the month whose first instant is exactly now - retentionDays, and the month before one millisecond earlier', () => {
    expect(iso(retentionStart(at('2026-03-31T00:00:00Z'), 30))).toBe('2026-03-01T00:00:00.000Z');
    expect(iso(retentionStart(at('2026-03-30T23:59:59.999Z'), 30))).toBe('2026-02-01T00:00:00.000Z');
  });

  it('counts 29 February in leap years', () => {
    // 2024 is a leap year: 31 days before 2024-03-31 is 2024-02-29, still February.
    expect(iso(retentionStart(at('2024-03-31T00:00:00Z'), 31))).toBe('2024-02-01T00:00:00.000Z');
    expect(iso(retentionStart(at('2024-04-01T00:00:00Z'), 31))).toBe('2024-03-01T00:00:00.000Z');
    // 2023 is not: 31 days before 2023-03-31 is 2023-02-28; before 2023-04-01, 2023-03-01.
    expect(iso(retentionStart(at('2023-03-31T00:00:00Z'), 31))).toBe('2023-02-01T00:00:00.000Z');
    expect(iso(retentionStart(at('2023-04-01T00:00:00Z'), 31))).toBe('2023-03-01T00:00:00.000Z');
    // 366 days across 2024-02-29: 2025-02-28 - 366 d = 2024-02-28.
    expect(iso(retentionStart(at('2025-02-28T00:00:00Z'), 366))).toBe('2024-02-01T00:00:00.000Z');
    expect(iso(retentionStart(at('2025-03-01T00:00:00Z'), 366))).toBe('2024-02-01T00:00:00.000Z'); // 2024-02-29
    expect(iso(retentionStart(at('2025-03-02T00:00:00Z'), 366))).toBe('2024-03-01T00:00:00.000Z');
  });

  it('crosses December and January', () => {
    expect(iso(retentionStart(at('2026-01-15T10:00:00Z'), 31))).toBe('2025-12-01T00:00:00.000Z');
    expect(iso(retentionStart(at('2026-01-31T23:59:59.999Z'), 31))).toBe('2025-12-01T00:00:00.000Z');
    expect(iso(retentionStart(at('2026-02-01T00:00:00Z'), 31))).toBe('2026-01-01T00:00:00.000Z');
    expect(iso(retentionStart(at('2027-01-01T00:00:00Z'), 365))).toBe('2026-01-01T00:00:00.000Z');
    expect(iso(retentionStart(at('2026-12-31T23:59:59.999Z'), 365))).toBe('2025-12-01T00:00:00.000Z');
  });

  it('keeps at least retentionDays and less than retentionDays + 31 days, from a month start, for any now', () => {
    for (let i = 0; i < 2000; i++) {
      const now = new Date(Date.UTC(2000, 0, 1) + Math.floor(((i * 7919) % 36_500) * 86_400_000 + ((i * 104_729) % 86_400_000)));
      const days = 31 + ((i * 31) % 1000);
      const start = retentionStart(now, days);
      const cut = now.getTime() - days * 86_400_000;
      expect(start.getUTCDate()).toBe(1);
      expect(start.getTime() % 86_400_000).toBe(0);
      expect(start.getTime()).toBeLessThanOrEqual(cut);
      expect(cut - start.getTime()).toBeLessThan(31 * 86_400_000);
    }
  });
});

describe('firstKeptDay', () => {
  it('is the first whole day of the zone that starts at or after the retention start', () => {
    const start = at('2025-10-01T00:00:00Z');
    expect(firstKeptDay(start, 'UTC')).toBe('2025-10-01');
    // 07:00 on 2025-10-01 in Jakarta: that day began before the kept messages.
    expect(firstKeptDay(start, 'Asia/Jakarta')).toBe('2025-10-02');
    // 20:00 on 2025-09-30 in New York: 2025-10-01 starts after it.
    expect(firstKeptDay(start, 'America/New_York')).toBe('2025-10-01');
    expect(firstKeptDay(at('2025-12-31T17:00:00Z'), 'Asia/Jakarta')).toBe('2026-01-01');
  });
});

describe('refuseBeforeRetention', () => {
  const deps = { now: () => at('2026-11-27T12:00:00Z'), retentionDays: 400 };
  it('lets a range from the retention start on, or without a start, through', () => {
    expect(() => refuseBeforeRetention(deps, at('2025-10-01T00:00:00Z'), 'UTC', 'startDate')).not.toThrow();
    expect(() => refuseBeforeRetention(deps, undefined, 'UTC', 'startDate')).not.toThrow();
  });
  it('refuses an earlier start with 422 outside_retention naming the first day to choose', () => {
    let error: unknown;
    try {
      refuseBeforeRetention(deps, at('2025-09-30T23:59:59.999Z'), 'Asia/Jakarta', 'start_date');
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(AppError);
    const e = error as AppError;
    const message = 'Messages older than 2025-10-02 are no longer kept (retention: 400 days). Choose a range from 2025-10-02.';
    expect(RECORDS_MESSAGES.olderThanRetention('2025-10-02', 400)).toBe(message);
    expect({ code: e.code, status: e.statusCode, message: e.message, details: e.details }).toEqual({ code: 'outside_retention', status: 422, message, details: [{ path: 'start_date', message }] });
  });
});
