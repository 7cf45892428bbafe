/**
 * The console's languages (ARCHITECTURE.md §10, issue 15): English and Indonesian through
 * i18next. Catalogues are `src/locales/{en,id}/<namespace>.json`, one namespace per feature plus
 * `common` (shell and shared components); each is its own chunk, loaded when a page needs it.
 *
 * The language is the signed-in user's saved choice (applied by `applyUserLanguage` when the
 * session loads), else the last choice made with the switch on this browser, else the browser's
 * language, else English. A change re-renders every translated component at once (form input
 * stays), sets `<html lang>`, switches dayjs's locale and loads the Indonesian texts of the
 * contract messages (validation and toasts) that `localizeMessage` uses.
 */
import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { isUiLanguage, pickLanguage, type UiLanguage } from '@pesan/contracts/ui-language';

/** Where the switch's last choice is kept on this browser (not a secret: 'en' or 'id'). */
export const LANGUAGE_STORAGE_KEY = 'pesan.language';

/** The namespaces, one per catalogue file. */
export const NAMESPACES = [
  'common',
  'auth',
  'terms',
  'profile',
  'organization',
  'applications',
  'tokens',
  'webhooks',
  'quota',
  'dashboard',
  'monitoring',
  'reports',
  'wa-templates',
  'wa-template-editor',
  'api-docs',
  'members',
  'audit-log',
  'security',
  'verify',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

const catalogues = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

type MessageTranslator = (text: string, to: UiLanguage) => string;
let translator: MessageTranslator | null = null;
let translatorLoading: Promise<void> | null = null;

/** Loads the contract messages' translator once (it carries the Indonesian twins, so only when Indonesian is used). */
function loadTranslator(): Promise<void> {
  translatorLoading ??= import('@pesan/contracts/message-translate').then((m) => {
    translator = m.translateMessage;
  });
  return translatorLoading;
}

const dayjsLocales: Record<UiLanguage, () => Promise<unknown>> = {
  en: () => Promise.resolve(),
  id: () => import('dayjs/locale/id'),
};

/** The current interface language ('en' unless Indonesian is active). */
export const currentLanguage = (): UiLanguage => (i18n.resolvedLanguage === 'id' || i18n.language?.startsWith('id') ? 'id' : 'en');

/** BCP 47 locale of the current language for Intl formatting: 'en-US' or 'id-ID'. */
export const currentLocale = (): string => (currentLanguage() === 'id' ? 'id-ID' : 'en-US');

/**
 * A contract message (a validation text, a server message) in the current language: recognised by
 * its text in either language; text the catalogue does not know comes back unchanged. English
 * until the translator has loaded (it loads with Indonesian, before the page shows it).
 */
export function localizeMessage(text: string): string {
  return translator ? translator(text, currentLanguage()) : text;
}

const asUiLanguage = (lng: string): UiLanguage => (lng.startsWith('id') ? 'id' : 'en');

let dayjsLocalised = false;
/**
 * Loads what `lang` needs beyond its catalogues: dayjs's month names and relative times, and the
 * contract messages' translator. Nothing for English until Indonesian has been used (dayjs's own
 * locale is English, and the first load has no bytes to spare, issue 10).
 */
async function prepareLanguage(lang: UiLanguage): Promise<void> {
  if (lang === 'id' || dayjsLocalised) {
    const [{ default: dayjs }] = await Promise.all([import('dayjs'), dayjsLocales[lang](), loadTranslator()]);
    dayjs.locale(lang);
    dayjsLocalised = true;
  }
}

/** `<html lang>` follows the language (screen readers pronounce the page by it). */
function syncDocument(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = asUiLanguage(lng);
}

/**
 * The language to start in: the switch's last choice on this browser, else the browser's
 * languages in order (`navigator.languages`, read as an Accept-Language list), else English. The
 * signed-in user's saved choice replaces it once the session loads (`applyUserLanguage`).
 * Ours, not i18next-browser-languagedetector: the order is the rule of ARCHITECTURE.md §10, and
 * the first load has no 2 KB to spare (issue 10).
 */
export function detectLanguage(): UiLanguage {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Storage may be blocked.
  }
  if (isUiLanguage(stored)) return stored;
  const browser = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  return pickLanguage(browser.filter(Boolean).join(',')) ?? 'en';
}

/** Resolves when i18next is set up and the first language's `common` texts are loaded. */
export const i18nReady: Promise<unknown> = i18n
  .use(
    resourcesToBackend((lng: string, ns: string) => {
      const load = catalogues[`../locales/${lng}/${ns}.json`];
      return load ? load().then((m) => m.default) : Promise.resolve({});
    }),
  )
  .use(initReactI18next)
  .init({
    lng: detectLanguage(),
    supportedLngs: ['en', 'id'],
    load: 'languageOnly',
    fallbackLng: 'en',
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
    showSupportNotice: false,
  })
  .then(() => {
    syncDocument(i18n.language);
    return prepareLanguage(asUiLanguage(i18n.language));
  });

i18n.on('languageChanged', (lng) => {
  syncDocument(lng);
  void prepareLanguage(asUiLanguage(lng));
});

/**
 * Switches the interface to `lang` at once (translated components re-render; form input stays)
 * and remembers it on this browser. A signed-in user's choice is also saved on the user by the
 * caller (PUT /api/user/{id}).
 */
export async function setUiLanguage(lang: UiLanguage): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Storage may be blocked; the choice still holds for this page.
  }
  await prepareLanguage(lang);
  await i18n.changeLanguage(lang);
}

/** Applies a signed-in user's saved language (null: keep the browser's). */
export function applyUserLanguage(lang: UiLanguage | null | undefined): void {
  if (lang && lang !== currentLanguage()) void setUiLanguage(lang);
}

/** Loads the namespaces a page needs, so its first render does not wait on them one by one. */
export function loadNamespaces(ns: readonly Namespace[]): Promise<void> {
  return i18n.loadNamespaces([...ns]).then(() => undefined);
}

export default i18n;
