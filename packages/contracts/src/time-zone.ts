/**
 * The organization's time zone (issue 23 item 7; ARCHITECTURE.md §5): every console day, bucket and
 * shown time is read in it. An IANA zone name ('Asia/Jakarta', 'America/New_York', 'UTC'), checked
 * against the runtime's zone database (Intl) and stored in its canonical spelling. No zod here: the
 * web's first load uses the formatting helpers.
 */

/** The organization time zone when none is saved (ARCHITECTURE.md §5); records.ts and dashboard.ts re-export it. */
export const DEFAULT_TIME_ZONE = 'Asia/Jakarta';

/** Longest accepted zone name ('America/Argentina/ComodRivadavia' is 32). */
export const TIME_ZONE_MAX = 64;

const ZONE_RE = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;

/** Built formatters by locale, options and zone: building one is slow (issue 28: the top self-time of the application list). */
const FORMATS = new Map<string, Intl.DateTimeFormat>();
/** FORMATS holds at most this many; past it, it starts over (zone names come from input). */
const FORMATS_MAX = 200;

/**
 * A shared `new Intl.DateTimeFormat(locale, options)`, built once per locale and options (whose
 * key order counts); throws as the constructor does (an unknown zone: RangeError), and then
 * caches nothing.
 */
export function dateTimeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}\u0000${JSON.stringify(options)}`;
  let format = FORMATS.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    if (FORMATS.size >= FORMATS_MAX) FORMATS.clear();
    FORMATS.set(key, format);
  }
  return format;
}

/**
 * The canonical spelling of IANA zone `name` ('asia/jakarta' -> 'Asia/Jakarta'), or null when it
 * is not a zone name the runtime knows (offsets like '+07:00', 'Mars/Olympus', '').
 */
export function canonicalTimeZone(name: string): string | null {
  const v = name.trim();
  if (!v || v.length > TIME_ZONE_MAX || !ZONE_RE.test(v)) return null;
  try {
    return dateTimeFormat('en-US', { timeZone: v }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** Offset of `timeZone` from UTC at `at`, in minutes (Asia/Jakarta: 420, America/New_York in winter: -300). */
export function timeZoneOffsetMinutes(timeZone: string, at: Date = new Date()): number {
  const parts = dateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** 'UTC+07:00', 'UTC-05:00', 'UTC+05:30' for an offset in minutes. */
export function utcOffsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const m = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/**
 * What a screen shows beside its times (issue 23 item 7): the zone's short name when the language
 * has a letter abbreviation for it ('WIB' in Indonesian, 'EST' in English), and its UTC offset at
 * `at`: 'WIB, UTC+07:00', 'UTC+07:00'.
 */
export function timeZoneLabel(timeZone: string, locale: string, at: Date = new Date()): string {
  const offset = utcOffsetText(timeZoneOffsetMinutes(timeZone, at));
  let short = '';
  try {
    short = dateTimeFormat(locale, { timeZone, timeZoneName: 'short' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';
  } catch {
    short = '';
  }
  return /^[A-Z]{2,5}$/.test(short) && short !== 'UTC' && short !== 'GMT' ? `${short}, ${offset}` : offset;
}
