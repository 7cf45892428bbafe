/**
 * Country data for the phone button (templates-dashboard-reports.md §2.4 "Call phone number": a
 * country picker; the default country is Indonesia, a new phone button starts at United States
 * +1). The number is stored in E.164 ('+6281234567890').
 *
 * The calling codes are libphonenumber-js's (its 245 regions), kept here as a table so the editor
 * does not carry the whole numbering metadata; country names come from Intl.DisplayNames in the
 * interface language (currentLanguage()).
 */
import { currentLanguage } from '../../../../lib/i18n.ts';

/** ISO country and calling code, 'ID62', space-separated (libphonenumber-js 1.13 getCountries / getCountryCallingCode). */
const DIAL_TABLE =
  'AC247 AD376 AE971 AF93 AG1 AI1 AL355 AM374 AO244 AR54 AS1 AT43 AU61 AW297 AX358 AZ994 BA387 BB1 ' +
  'BD880 BE32 BF226 BG359 BH973 BI257 BJ229 BL590 BM1 BN673 BO591 BQ599 BR55 BS1 BT975 BW267 BY375 ' +
  'BZ501 CA1 CC61 CD243 CF236 CG242 CH41 CI225 CK682 CL56 CM237 CN86 CO57 CR506 CU53 CV238 CW599 ' +
  'CX61 CY357 CZ420 DE49 DJ253 DK45 DM1 DO1 DZ213 EC593 EE372 EG20 EH212 ER291 ES34 ET251 FI358 ' +
  'FJ679 FK500 FM691 FO298 FR33 GA241 GB44 GD1 GE995 GF594 GG44 GH233 GI350 GL299 GM220 GN224 GP590 ' +
  'GQ240 GR30 GT502 GU1 GW245 GY592 HK852 HN504 HR385 HT509 HU36 ID62 IE353 IL972 IM44 IN91 IO246 ' +
  'IQ964 IR98 IS354 IT39 JE44 JM1 JO962 JP81 KE254 KG996 KH855 KI686 KM269 KN1 KP850 KR82 KW965 KY1 ' +
  'KZ7 LA856 LB961 LC1 LI423 LK94 LR231 LS266 LT370 LU352 LV371 LY218 MA212 MC377 MD373 ME382 MF590 ' +
  'MG261 MH692 MK389 ML223 MM95 MN976 MO853 MP1 MQ596 MR222 MS1 MT356 MU230 MV960 MW265 MX52 MY60 ' +
  'MZ258 NA264 NC687 NE227 NF672 NG234 NI505 NL31 NO47 NP977 NR674 NU683 NZ64 OM968 PA507 PE51 ' +
  'PF689 PG675 PH63 PK92 PL48 PM508 PR1 PS970 PT351 PW680 PY595 QA974 RE262 RO40 RS381 RU7 RW250 ' +
  'SA966 SB677 SC248 SD249 SE46 SG65 SH290 SI386 SJ47 SK421 SL232 SM378 SN221 SO252 SR597 SS211 ' +
  'ST239 SV503 SX1 SY963 SZ268 TA290 TC1 TD235 TG228 TH66 TJ992 TK690 TL670 TM993 TN216 TO676 TR90 ' +
  'TT1 TV688 TW886 TZ255 UA380 UG256 US1 UY598 UZ998 VA39 VC1 VE58 VG1 VI1 VN84 VU678 WF681 WS685 ' +
  'XK383 YE967 YT262 ZA27 ZM260 ZW263';

/** The main country of a calling code several countries share (libphonenumber-js's first). */
const MAIN_COUNTRY: Record<string, string> = { 1: 'US', 7: 'RU', 39: 'IT', 44: 'GB', 47: 'NO', 61: 'AU', 212: 'MA', 262: 'RE', 290: 'SH', 358: 'FI', 590: 'GP', 599: 'CW' };

const DIAL = new Map(DIAL_TABLE.split(' ').map((e) => [e.slice(0, 2), e.slice(2)] as const));

export interface CountryOption {
  /** ISO 3166-1 alpha-2, e.g. 'ID'. */
  value: string;
  /** 'Indonesia (+62)'. */
  label: string;
  /** '+62'. */
  dial: string;
}

/** Country a loaded number falls back to (§2.4: Indonesia). */
export const DEFAULT_PHONE_COUNTRY = 'ID';
/** Country of a new phone button (§2.4: United States +1). */
export const NEW_PHONE_COUNTRY = 'US';

const cached = new Map<string, CountryOption[]>();

/** Every country with its calling code, by its name in the interface language ('Indonesia (+62)'). */
export function countryOptions(): CountryOption[] {
  const lang = currentLanguage();
  const hit = cached.get(lang);
  if (hit) return hit;
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([lang], { type: 'region' });
  } catch {
    names = null;
  }
  const list = [...DIAL]
    .map(([iso, code]) => {
      const dial = `+${code}`;
      return { value: iso, label: `${names?.of(iso) ?? iso} (${dial})`, dial };
    })
    .sort((a, b) => a.label.localeCompare(b.label, lang));
  cached.set(lang, list);
  return list;
}

/** The calling code of a country ('+62'), or '' for an unknown one. */
export function dialCode(iso: string): string {
  const code = DIAL.get(iso);
  return code ? `+${code}` : '';
}

/**
 * E.164 of a national number typed for a country: digits only, a leading trunk 0 dropped
 * ('0812 3456' in ID -> '+628123456'). A number typed with '+' is taken as international.
 * '' when no digit is typed.
 */
export function toE164(iso: string, typed: string): string {
  const digits = typed.replace(/\D/g, '');
  if (!digits) return '';
  if (typed.trim().startsWith('+')) return `+${digits}`;
  return `${dialCode(iso)}${digits.replace(/^0+/, '')}`;
}

/** The country of an international number's digits: its calling code (1 to 3 digits), the code's main country. */
function countryOfDigits(digits: string): { country: string; code: string } | null {
  for (const length of [1, 2, 3]) {
    const code = digits.slice(0, length);
    if (MAIN_COUNTRY[code]) return { country: MAIN_COUNTRY[code]!, code };
    for (const [iso, c] of DIAL) if (c === code) return { country: iso, code };
  }
  return null;
}

/**
 * Country and national digits of a stored number ('+6281234567890' -> ID, '81234567890'; a code
 * several countries share goes to its main country: '+1…' -> US); digits that match no calling
 * code stay under Indonesia (§2.4).
 */
export function fromE164(value: string | undefined): { country: string; national: string } {
  const digits = (value ?? '').replace(/\D/g, '');
  if (!digits) return { country: DEFAULT_PHONE_COUNTRY, national: '' };
  const found = countryOfDigits(digits);
  if (found) return { country: found.country, national: digits.slice(found.code.length) };
  return { country: DEFAULT_PHONE_COUNTRY, national: digits };
}
