/**
 * The countries the Verify settings card offers (issue 27): every region libphonenumber-js knows
 * (getCountries(), ISO 3166-1 alpha-2), named by Intl.DisplayNames in the interface language and
 * sorted by that name. The numbering metadata loads on demand, in its own chunk, so the
 * application page does not carry it until the card asks.
 */
import type { UiLanguage } from '@pesan/contracts/ui-language';

export interface CountryOption {
  /** 'ID'. */
  value: string;
  /** 'Indonesia' / 'Indonesia'; the code itself when the browser has no name for it. */
  label: string;
}

/** Names `codes` in `lang` and sorts them by name. */
export function namedCountries(codes: readonly string[], lang: UiLanguage): CountryOption[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([lang], { type: 'region' });
  } catch {
    names = null;
  }
  const name = (code: string) => {
    try {
      return names?.of(code) ?? code;
    } catch {
      return code;
    }
  };
  return codes.map((value) => ({ value, label: name(value) })).sort((a, b) => a.label.localeCompare(b.label, lang));
}

/** Every country Verify can be limited to, named in `lang`. */
export async function loadCountryOptions(lang: UiLanguage): Promise<CountryOption[]> {
  const { getCountries } = await import('libphonenumber-js/min');
  return namedCountries(getCountries(), lang);
}
