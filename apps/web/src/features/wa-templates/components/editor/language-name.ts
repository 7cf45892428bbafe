/**
 * A template language's name in the interface language: Meta's English name in English
 * ('English (US)', contracts languageName), the name Intl.DisplayNames gives in Indonesian
 * ('Inggris (Amerika Serikat)'); the English name when Intl does not know the code.
 */
import { languageName } from '@pesan/contracts/wa-template-languages';
import { currentLanguage } from '../../../../lib/i18n.ts';

const displayNames = new Map<string, Intl.DisplayNames | null>();

function namesIn(lang: string): Intl.DisplayNames | null {
  if (!displayNames.has(lang)) {
    try {
      displayNames.set(lang, new Intl.DisplayNames([lang], { type: 'language', fallback: 'none' }));
    } catch {
      displayNames.set(lang, null);
    }
  }
  return displayNames.get(lang) ?? null;
}

/** The name of a template language code ('en_US') for the current interface language. */
export function templateLanguageName(code: string): string {
  const lang = currentLanguage();
  if (lang === 'en') return languageName(code);
  try {
    return namesIn(lang)?.of(code.replace(/_/g, '-')) ?? languageName(code);
  } catch {
    return languageName(code);
  }
}
