/**
 * Verify tab display helpers (issue 27; ARCHITECTURE.md §6.4): the order and names of the Verify
 * channels, and the median time to approve in words.
 */
import type { TFunction } from 'i18next';
import { VERIFY_CHANNELS, type VerifyChannel } from '@pesan/contracts/verify';
import { currentLocale } from '../../../lib/i18n.ts';

/** The Verify channels in table and chart order. */
export const VERIFY_TAB_CHANNELS: readonly VerifyChannel[] = VERIFY_CHANNELS;

/** Shown for a figure with no value (no verification started, none approved). */
export const NO_VALUE = '–';

/**
 * Seconds (the API's 1-decimal median) in words, in the interface language, with the catalogue's
 * `verify.duration.*` units: under 10 s with one decimal ('4.5 s'), under a minute whole seconds
 * ('42 s'), then minutes and seconds ('2 min 5 s', '3 min'), from an hour hours and minutes
 * ('1 h 5 min'). Null (nothing approved) is '–'.
 */
export function formatApproveSeconds(seconds: number | null, t: TFunction): string {
  if (seconds === null || !Number.isFinite(seconds)) return NO_VALUE;
  const num = (n: number, digits = 0) => new Intl.NumberFormat(currentLocale(), { maximumFractionDigits: digits }).format(n);
  if (seconds < 10) return t('verify.duration.seconds', { s: num(Math.round(seconds * 10) / 10, 1) });
  const whole = Math.round(seconds);
  if (whole < 60) return t('verify.duration.seconds', { s: num(whole) });
  if (whole < 3600) {
    const m = Math.floor(whole / 60);
    const s = whole % 60;
    return s ? t('verify.duration.minutesSeconds', { m: num(m), s: num(s) }) : t('verify.duration.minutes', { m: num(m) });
  }
  const h = Math.floor(whole / 3600);
  const m = Math.round((whole % 3600) / 60);
  return m ? t('verify.duration.hoursMinutes', { h: num(h), m: num(m) }) : t('verify.duration.hours', { h: num(h) });
}
