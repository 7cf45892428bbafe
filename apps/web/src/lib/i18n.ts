/**
 * i18next set-up: English complete; the Indonesian resource exists (ARCHITECTURE.md §2). Set up on
 * import; not imported by main.tsx while no page translates (issue 10: first-load JavaScript), so
 * a component that calls useTranslation imports this module first.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: {} }, id: { translation: {} } },
  interpolation: { escapeValue: false },
});

export default i18n;
