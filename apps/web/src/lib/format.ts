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

/**
 * `d` for formatting only: a UTC dayjs whose fields are the display zone's wall clock at `d`, as
 * inDisplayZone shows it, without dayjs's tz(), which builds an Intl formatter on every call (issue
 * 28: tables format dozens of times per render). The offset comes from the shared formatter of
 * timeZoneOffsetMinutes. An invalid date goes through inDisplayZone ('Invalid Date').
 */
function wallClock(d: string | Date) {
  const day = dayjs(d);
  if (!day.isValid()) return inDisplayZone(d);
  const ms = day.valueOf();
  return dayjs.utc(ms + timeZoneOffsetMinutes(displayZone, new Date(ms)) * 60_000);
}

/** 'App Issued' on cards: DD/MM/YYYY. */
export const formatDate = (d: string | Date) => wallClock(d).format('DD/MM/YYYY');
/** Token cards: DD/MM/YYYY HH:mm. */
export const formatDateTime = (d: string | Date) => wallClock(d).format('DD/MM/YYYY HH:mm');
/** Last Modified: DD MMMM YYYY ('24 November 2026'; Indonesian month names in Indonesian). */
export const formatLongDate = (d: string | Date) => wallClock(d).format('DD MMMM YYYY');
/** Tables: DD-MM-YYYY with 12-hour time and AM/PM in both languages. */
export const formatTableDateTime = (d: string | Date) => wallClock(d).locale('en').format('DD-MM-YYYY hh:mm:ss A');
/** Relative time ('3 minutes ago' / '3 menit yang lalu'). */
export const formatRelative = (d: string | Date) => dayjs(d).fromNow();

/** Built number formatters by locale and options: building one is slow, and tables format many numbers. */
const NUMBER_FORMATS = new Map<string, Intl.NumberFormat>();

/** A shared `new Intl.NumberFormat(locale, options)`, built once per locale and options. */
function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}\u0000${options ? JSON.stringify(options) : ''}`;
  let format = NUMBER_FORMATS.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    NUMBER_FORMATS.set(key, format);
  }
  return format;
}

/** A whole number with the language's grouping ('12,345' / '12.345'). */
export const formatNumber = (n: number) => numberFormat(currentLocale()).format(n);

/** A percentage from a 0–100 value with up to `digits` decimals ('12.5%' / '12,5%'). */
export const formatPercent = (value: number, digits = 2) => numberFormat(currentLocale(), { style: 'percent', maximumFractionDigits: digits }).format(value / 100);

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
