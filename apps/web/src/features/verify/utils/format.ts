/** Verification page display helpers (issue 27): status colours and durations in words. */
import type { TFunction } from 'i18next';
import { VERIFY_TOKEN_CHANNEL, type VerificationStatus, type VerifyChannel } from '@pesan/contracts/verify';
import { currentLanguage, currentLocale } from '../../../lib/i18n.ts';
import { inDisplayZone } from '../../../lib/format.ts';

/** Badge colour (Mantine) per verification status. */
export const VERIFICATION_STATUS_COLORS: Record<VerificationStatus, string> = {
  pending: 'yellow',
  approved: 'green',
  expired: 'gray',
  failed: 'red',
  canceled: 'orange',
};

/** Shown for a value that does not apply (not approved yet). */
export const NO_VALUE = '–';

/**
 * Seconds in words with the `duration.*` units of the verify catalogue: under 10 s with one
 * decimal ('4.5 s'), under a minute whole seconds ('42 s'), then '2 min 5 s' or '3 min', from an
 * hour '1 h 5 min'. Null is '–'.
 */
export function formatSeconds(seconds: number | null, t: TFunction): string {
  if (seconds === null || !Number.isFinite(seconds)) return NO_VALUE;
  const num = (n: number, digits = 0) => new Intl.NumberFormat(currentLocale(), { maximumFractionDigits: digits }).format(n);
  if (seconds < 10) return t('duration.seconds', { s: num(Math.round(seconds * 10) / 10, 1) });
  const whole = Math.round(seconds);
  if (whole < 60) return t('duration.seconds', { s: num(whole) });
  if (whole < 3600) {
    const m = Math.floor(whole / 60);
    const s = whole % 60;
    return s ? t('duration.minutesSeconds', { m: num(m), s: num(s) }) : t('duration.minutes', { m: num(m) });
  }
  const h = Math.floor(whole / 3600);
  const m = Math.round((whole % 3600) / 60);
  return m ? t('duration.hoursMinutes', { h: num(h), m: num(m) }) : t('duration.hours', { h: num(h) });
}

/** A country code with its name in the interface language: 'Indonesia (ID)'; the code alone when the browser has no name for it. */
export function countryName(code: string): string {
  try {
    const name = new Intl.DisplayNames([currentLanguage()], { type: 'region' }).of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

/**
 * The Monitoring URL that opens a message's detail (monitoring-view.tsx keeps the open message in
 * `?message=`): the application's transactions page on the channel that carried the code (SMS
 * goes over SMS OTP, VERIFY_TOKEN_CHANNEL) and the day it was sent, in the organization's zone.
 */
export function messageDetailUrl(applicationId: string, channel: VerifyChannel, messageId: string, at: string): string {
  const day = inDisplayZone(at).format('YYYY-MM-DD');
  const search = new URLSearchParams({ channel: VERIFY_TOKEN_CHANNEL[channel], start: day, end: day, message: messageId });
  return `/my-application/detail-transaction/${encodeURIComponent(applicationId)}?${search.toString()}`;
}
