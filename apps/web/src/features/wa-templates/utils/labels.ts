/**
 * Labels of the template list in the interface language (ARCHITECTURE.md §10, issue 15): status and
 * category labels keyed by their codes (catalogue 'wa-templates'), and the names of the template
 * languages. Call at render time (they read the current language), from a component that uses
 * `useTranslation('wa-templates')` so it re-renders when the language changes.
 */
import { languageName, WA_TEMPLATE_LANGUAGES } from '@pesan/contracts/wa-template-languages';
import { normaliseTemplateStatus, templateStatusLabel } from '@pesan/contracts/wa-template-status';
import i18n, { currentLanguage } from '../../../lib/i18n.ts';

/**
 * Badge label of a raw status: the catalogue's label of the stored status it stands for
 * ('Reviewed' -> 'In Review' / 'Sedang Ditinjau'), else `label` (the row's) or the raw value in
 * start case ('active-low' -> 'Active Low').
 */
export function templateStatusText(raw: string, label?: string): string {
  const status = normaliseTemplateStatus(raw);
  return status ? i18n.t(`wa-templates:status.${status}`) : (label ?? templateStatusLabel(raw));
}

/** Category label ('MARKETING' -> 'Marketing'); an unknown code as it is. */
export function templateCategoryText(category: string): string {
  const key = `wa-templates:category.${category}.label`;
  return i18n.exists(key) ? i18n.t(key) : category;
}

/** Category meaning ('MARKETING' -> 'Promotions and information.'); '' for an unknown code. */
export function templateCategoryDescription(category: string): string {
  const key = `wa-templates:category.${category}.description`;
  return i18n.exists(key) ? i18n.t(key) : '';
}

const displayNames = new Map<string, Intl.DisplayNames | null>();
function displayNamesOf(locale: string): Intl.DisplayNames | null {
  if (!displayNames.has(locale)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale], { type: 'language', languageDisplay: 'standard', fallback: 'none' });
    } catch {
      names = null;
    }
    displayNames.set(locale, names);
  }
  return displayNames.get(locale)!;
}

/**
 * Name of a template language ('en_US') in the interface language: in English Meta's name
 * ('English (US)'); otherwise the catalogue's name when it has one, else the browser's name for
 * the code (Intl.DisplayNames: 'Inggris (Amerika Serikat)'; a language Meta names without its
 * region, such as 'Kinyarwanda' for rw_RW, by its language alone), else Meta's name. An unknown
 * code comes back as it is.
 */
export function templateLanguageName(code: string): string {
  const english = languageName(code);
  const lang = currentLanguage();
  if (lang === 'en' || english === code) return english;
  const key = `wa-templates:languageNames.${code}`;
  if (i18n.exists(key)) return i18n.t(key);
  const tag = english.includes('(') ? code.replace('_', '-') : code.split('_')[0]!;
  let name: string | undefined;
  try {
    name = displayNamesOf(lang)?.of(tag);
  } catch {
    name = undefined;
  }
  return name && name !== tag ? name.charAt(0).toLocaleUpperCase(lang) + name.slice(1) : english;
}

/** Every template language as a select option: value the code, label its name in the interface language (Meta's order in English, by name otherwise). */
export function templateLanguageOptions(): { value: string; label: string }[] {
  const options = WA_TEMPLATE_LANGUAGES.map((l) => ({ value: l.code as string, label: templateLanguageName(l.code) }));
  const lang = currentLanguage();
  return lang === 'en' ? options : options.sort((a, b) => a.label.localeCompare(b.label, lang));
}
