/**
 * Phone numbers: E.164 normalising and country (ARCHITECTURE.md §6).
 * A leading 0 is Indonesian (0812… -> +62812…); a leading 62 without '+' is also Indonesian.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

export interface NormalisedPhone {
  /** E.164, e.g. '+6281234567890'. */
  e164: string;
  /** ISO 3166-1 alpha-2, e.g. 'ID'; null when the number belongs to no single country. */
  country: string | null;
}

/**
 * Normalises a recipient number to E.164 and finds its country.
 * Accepts '+62 812-3456-7890', '081234567890', '6281234567890'. Returns null when the input is
 * not a possible phone number (the caller answers `invalid_request`).
 */
export function normalisePhone(input: string): NormalisedPhone | null {
  const raw = input.trim().replace(/[\s().-]/g, '');
  if (!/^\+?[0-9]{6,16}$/.test(raw)) return null;
  let candidate = raw;
  if (raw.startsWith('0')) candidate = `+62${raw.slice(1)}`;
  else if (!raw.startsWith('+')) candidate = `+${raw}`;
  const parsed = parsePhoneNumberFromString(candidate);
  if (!parsed || !parsed.isPossible()) return null;
  return { e164: parsed.number, country: parsed.country ?? null };
}

/**
 * Rewrites a leading 0 in a list search to 62 (console.md §5: template and report lists).
 */
export function searchPhonePrefix(search: string): string {
  return search.replace(/^0/, '62');
}
