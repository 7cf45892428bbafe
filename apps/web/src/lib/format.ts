/**
 * Display formats of the spec (console.md §2, §9), in the interface language (ARCHITECTURE.md §10):
 * the patterns stay the spec's; month names, relative times and number separators follow the
 * language (dayjs's global locale is switched with it, lib/i18n.ts). The 12-hour marker stays
 * AM/PM in both languages.
 *
 * Every date and time is shown in the organization's time zone (issue 23 item 7), the zone the
 * server reads days in, whatever the browser's: the signed-in shell sets it from the session with
 * setDisplayTimeZone (DEFAULT_TIME_ZONE, Asia/Jakarta, until then). displayTimeZoneNote() is what
 * a screen shows beside its times when that zone is not the browser's.
 */
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { canonicalTimeZone, DEFAULT_TIME_ZONE, timeZoneLabel, timeZoneOffsetMinutes } from '@pesan/contracts/time-zone';
import { currentLocale } from './i18n.ts';

dayjs.extend(relativeTime);
dayjs.extend(utc);
dayjs.extend(timezone);

let displayZone: string = DEFAULT_TIME_ZONE;

/** Sets the zone every format of this module uses (the organization's); an unknown or empty name keeps DEFAULT_TIME_ZONE. */
export function setDisplayTimeZone(timeZone: string | null | undefined): void {
  displayZone = (timeZone && canonicalTimeZone(timeZone)) || DEFAULT_TIME_ZONE;
}

/** The IANA zone dates and times are shown in (the organization's). */
export const displayTimeZone = (): string => displayZone;

/** The browser's own IANA zone. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * What to show beside times when the organization's zone is not the browser's ('WIB, UTC+07:00' in
 * Indonesian, 'UTC+07:00' in English, the zone's abbreviation first where the language has one),
 * or null when both zones tell the same time now.
 */
export function displayTimeZoneNote(now: Date = new Date()): string | null {
  const zone = displayZone;
  if (zone === browserTimeZone() || timeZoneOffsetMinutes(zone, now) === -now.getTimezoneOffset()) return null;
  return timeZoneLabel(zone, currentLocale(), now);
}

/** `d` as a dayjs in the display zone. */
export const inDisplayZone = (d: string | Date) => dayjs(d).tz(displayZone);

/** 'App Issued' on cards: DD/MM/YYYY. */
export const formatDate = (d: string | Date) => inDisplayZone(d).format('DD/MM/YYYY');
/** Token cards: DD/MM/YYYY HH:mm. */
export const formatDateTime = (d: string | Date) => inDisplayZone(d).format('DD/MM/YYYY HH:mm');
/** Last Modified: DD MMMM YYYY ('24 November 2026'; Indonesian month names in Indonesian). */
export const formatLongDate = (d: string | Date) => inDisplayZone(d).format('DD MMMM YYYY');
/** Tables: DD-MM-YYYY with 12-hour time and AM/PM in both languages. */
export const formatTableDateTime = (d: string | Date) => inDisplayZone(d).locale('en').format('DD-MM-YYYY hh:mm:ss A');
/** Relative time ('3 minutes ago' / '3 menit yang lalu'). */
export const formatRelative = (d: string | Date) => dayjs(d).fromNow();

/** A whole number with the language's grouping ('12,345' / '12.345'). */
export const formatNumber = (n: number) => new Intl.NumberFormat(currentLocale()).format(n);

/** A percentage from a 0–100 value with up to `digits` decimals ('12.5%' / '12,5%'). */
export const formatPercent = (value: number, digits = 2) =>
  new Intl.NumberFormat(currentLocale(), { style: 'percent', maximumFractionDigits: digits }).format(value / 100);

/**
 * A label of times with the organization's zone under it when that is not the browser's
 * (displayTimeZoneNote): 'Created At' -> 'Created At\n(UTC+07:00)', unchanged otherwise. Table
 * headers show the note on a second line (white-space: pre, so the column stays narrow); elsewhere
 * the line break reads as a space.
 */
export function withTimeZoneNote(label: string): string {
  const note = displayTimeZoneNote();
  return note ? `${label}\n(${note})` : label;
}
