/**
 * WhatsApp template languages and the per-language default texts the template editor needs
 * (templates-dashboard-reports.md §2.3 Language, §2.4 button defaults, §2.5 authentication, §3
 * Languages). Codes are Meta's (case-sensitive, underscore: `en_US`, `pt_BR`, `zh_CN`), names are
 * Meta's English names, in the order of Meta's "Supported languages" page.
 */
import { z } from './zod.ts';
import { WA_TEMPLATE_MESSAGES } from './wa-template-messages.ts';

/**
 * Every language Meta's Cloud API takes for a message template: code and English name (Meta's
 * "Supported Languages" reference). The spec's list (§3: af, sq, ar, … en, en_GB, en_US, id, …
 * zh_CN, zh_HK, zh_TW, pt_BR, pt_PT, fil, … pa) is a subset of it.
 */
export const WA_TEMPLATE_LANGUAGES = [
  { code: 'af', name: 'Afrikaans' },
  { code: 'sq', name: 'Albanian' },
  { code: 'ar', name: 'Arabic' },
  { code: 'ar_EG', name: 'Arabic (EGY)' },
  { code: 'ar_AE', name: 'Arabic (UAE)' },
  { code: 'ar_LB', name: 'Arabic (LBN)' },
  { code: 'ar_MA', name: 'Arabic (MAR)' },
  { code: 'ar_QA', name: 'Arabic (QAT)' },
  { code: 'az', name: 'Azerbaijani' },
  { code: 'be_BY', name: 'Belarusian' },
  { code: 'bn', name: 'Bengali' },
  { code: 'bn_IN', name: 'Bengali (IND)' },
  { code: 'bg', name: 'Bulgarian' },
  { code: 'ca', name: 'Catalan' },
  { code: 'zh_CN', name: 'Chinese (CHN)' },
  { code: 'zh_HK', name: 'Chinese (HKG)' },
  { code: 'zh_TW', name: 'Chinese (TAI)' },
  { code: 'hr', name: 'Croatian' },
  { code: 'cs', name: 'Czech' },
  { code: 'da', name: 'Danish' },
  { code: 'prs_AF', name: 'Dari' },
  { code: 'nl', name: 'Dutch' },
  { code: 'nl_BE', name: 'Dutch (BEL)' },
  { code: 'en', name: 'English' },
  { code: 'en_GB', name: 'English (UK)' },
  { code: 'en_US', name: 'English (US)' },
  { code: 'en_AE', name: 'English (UAE)' },
  { code: 'en_AU', name: 'English (AUS)' },
  { code: 'en_CA', name: 'English (CAN)' },
  { code: 'en_GH', name: 'English (GHA)' },
  { code: 'en_IE', name: 'English (IRL)' },
  { code: 'en_IN', name: 'English (IND)' },
  { code: 'en_JM', name: 'English (JAM)' },
  { code: 'en_MY', name: 'English (MYS)' },
  { code: 'en_NZ', name: 'English (NZL)' },
  { code: 'en_QA', name: 'English (QAT)' },
  { code: 'en_SG', name: 'English (SGP)' },
  { code: 'en_UG', name: 'English (UGA)' },
  { code: 'en_ZA', name: 'English (ZAF)' },
  { code: 'et', name: 'Estonian' },
  { code: 'fil', name: 'Filipino' },
  { code: 'fi', name: 'Finnish' },
  { code: 'fr', name: 'French' },
  { code: 'fr_BE', name: 'French (BEL)' },
  { code: 'fr_CA', name: 'French (CAN)' },
  { code: 'fr_CH', name: 'French (CHE)' },
  { code: 'fr_CI', name: 'French (CIV)' },
  { code: 'fr_MA', name: 'French (MAR)' },
  { code: 'ka', name: 'Georgian' },
  { code: 'de', name: 'German' },
  { code: 'de_AT', name: 'German (AUT)' },
  { code: 'de_CH', name: 'German (CHE)' },
  { code: 'el', name: 'Greek' },
  { code: 'gu', name: 'Gujarati' },
  { code: 'ha', name: 'Hausa' },
  { code: 'he', name: 'Hebrew' },
  { code: 'hi', name: 'Hindi' },
  { code: 'hu', name: 'Hungarian' },
  { code: 'id', name: 'Indonesian' },
  { code: 'ga', name: 'Irish' },
  { code: 'it', name: 'Italian' },
  { code: 'ja', name: 'Japanese' },
  { code: 'kn', name: 'Kannada' },
  { code: 'kk', name: 'Kazakh' },
  { code: 'rw_RW', name: 'Kinyarwanda' },
  { code: 'ko', name: 'Korean' },
  { code: 'ky_KG', name: 'Kyrgyz (Kyrgyzstan)' },
  { code: 'lo', name: 'Lao' },
  { code: 'lv', name: 'Latvian' },
  { code: 'lt', name: 'Lithuanian' },
  { code: 'mk', name: 'Macedonian' },
  { code: 'ms', name: 'Malay' },
  { code: 'ml', name: 'Malayalam' },
  { code: 'mr', name: 'Marathi' },
  { code: 'nb', name: 'Norwegian' },
  { code: 'ps_AF', name: 'Pashto' },
  { code: 'fa', name: 'Persian' },
  { code: 'pl', name: 'Polish' },
  { code: 'pt_BR', name: 'Portuguese (BR)' },
  { code: 'pt_PT', name: 'Portuguese (POR)' },
  { code: 'pa', name: 'Punjabi' },
  { code: 'ro', name: 'Romanian' },
  { code: 'ru', name: 'Russian' },
  { code: 'sr', name: 'Serbian' },
  { code: 'si_LK', name: 'Sinhala' },
  { code: 'sk', name: 'Slovak' },
  { code: 'sl', name: 'Slovenian' },
  { code: 'es', name: 'Spanish' },
  { code: 'es_AR', name: 'Spanish (ARG)' },
  { code: 'es_CL', name: 'Spanish (CHL)' },
  { code: 'es_CO', name: 'Spanish (COL)' },
  { code: 'es_CR', name: 'Spanish (CRI)' },
  { code: 'es_DO', name: 'Spanish (DOM)' },
  { code: 'es_EC', name: 'Spanish (ECU)' },
  { code: 'es_HN', name: 'Spanish (HND)' },
  { code: 'es_MX', name: 'Spanish (MEX)' },
  { code: 'es_PA', name: 'Spanish (PAN)' },
  { code: 'es_PE', name: 'Spanish (PER)' },
  { code: 'es_ES', name: 'Spanish (SPA)' },
  { code: 'es_UY', name: 'Spanish (URY)' },
  { code: 'sw', name: 'Swahili' },
  { code: 'sv', name: 'Swedish' },
  { code: 'ta', name: 'Tamil' },
  { code: 'te', name: 'Telugu' },
  { code: 'th', name: 'Thai' },
  { code: 'tr', name: 'Turkish' },
  { code: 'uk', name: 'Ukrainian' },
  { code: 'ur', name: 'Urdu' },
  { code: 'uz', name: 'Uzbek' },
  { code: 'vi', name: 'Vietnamese' },
  { code: 'zu', name: 'Zulu' },
] as const;

export type WaLanguageCode = (typeof WA_TEMPLATE_LANGUAGES)[number]['code'];

/** The codes of WA_TEMPLATE_LANGUAGES, in the same order. */
export const WA_TEMPLATE_LANGUAGE_CODES = WA_TEMPLATE_LANGUAGES.map((l) => l.code) as unknown as readonly [WaLanguageCode, ...WaLanguageCode[]];

/** 'Language is required' (§5.2) when absent or empty; 'Unsupported language' for a code Meta does not take. */
export const waLanguageSchema = z.enum(WA_TEMPLATE_LANGUAGE_CODES, {
  error: (issue) => (issue.input === undefined || issue.input === '' ? WA_TEMPLATE_MESSAGES.languageRequired : WA_TEMPLATE_MESSAGES.languageUnsupported(String(issue.input))),
});

/** English name of a language code ('English (US)'), or the code itself when unknown. */
export function languageName(code: string): string {
  return WA_TEMPLATE_LANGUAGES.find((l) => l.code === code)?.name ?? code;
}

/** Whether a code is English: `en` or any `en_*` (§2.4 defaults: "for English"; en, en_US, en_GB). */
export function isEnglishLanguage(code: string): boolean {
  return code === 'en' || code.startsWith('en_');
}

/**
 * Default footer of the marketing opt-out ("marketing disapproval") button (§2.4): 'Not interested?
 * Tap stop promotions' for English, 'Hentikan promosi' otherwise.
 */
export function optOutFooterDefault(language: string): string {
  return isEnglishLanguage(language) ? 'Not interested? Tap stop promotions' : 'Hentikan promosi';
}

/** Default text of the marketing opt-out button: Meta's 'Stop promotions' ('Hentikan promosi' otherwise, as §2.4's footer). */
export function optOutButtonDefault(language: string): string {
  return isEnglishLanguage(language) ? 'Stop promotions' : 'Hentikan promosi';
}

/** Default text of the copy promo code button (§2.4): 'Copy Promo Code' for English, 'Salin Kode Promo' otherwise. */
export function copyPromoCodeButtonDefault(language: string): string {
  return isEnglishLanguage(language) ? 'Copy Promo Code' : 'Salin Kode Promo';
}

/** Languages of the authentication form (§2.5): English, English UK, English US, Indonesian. */
export const AUTH_TEMPLATE_LANGUAGES = ['en', 'en_GB', 'en_US', 'id'] as const satisfies readonly WaLanguageCode[];
export type AuthTemplateLanguage = (typeof AUTH_TEMPLATE_LANGUAGES)[number];

/** The wording of an authentication template in one language (§2.5): Meta's preset texts. */
export interface AuthTemplateTexts {
  /** Sentence after the code: '<code> is your verification code.' */
  code: string;
  /** 'Add security recommendation' sentence. */
  security: string;
  /** 'Add expiry time for the code' footer, for a number of minutes. */
  expiry: (minutes: number) => string;
  /** Copy code button text. */
  copyCode: string;
  /** One-tap autofill button text. */
  autofill: string;
}

const ENGLISH_AUTH: AuthTemplateTexts = {
  code: 'is your verification code.',
  security: 'For your security, do not share this code.',
  expiry: (minutes) => `This code expires in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  copyCode: 'Copy code',
  autofill: 'Autofill',
};

/**
 * Authentication wording per language of §2.5 (the spec names the parts but not their words;
 * these are Meta's preset English and Indonesian texts).
 */
export const AUTH_TEMPLATE_TEXTS: Record<AuthTemplateLanguage, AuthTemplateTexts> = {
  en: ENGLISH_AUTH,
  en_GB: ENGLISH_AUTH,
  en_US: ENGLISH_AUTH,
  id: {
    code: 'adalah kode verifikasi Anda.',
    security: 'Demi keamanan, jangan bagikan kode ini.',
    expiry: (minutes) => `Kode ini kedaluwarsa dalam ${minutes} menit.`,
    copyCode: 'Salin kode',
    autofill: 'Isi otomatis',
  },
};

/** The authentication wording of a language; English for a language §2.5 does not list. */
export function authTemplateTexts(language: string): AuthTemplateTexts {
  return (AUTH_TEMPLATE_TEXTS as Record<string, AuthTemplateTexts>)[language] ?? ENGLISH_AUTH;
}

/** The code placeholder the authentication body is built around (§3 Authentication payload details). */
export const AUTH_CODE_PLACEHOLDER = '[123456]';

/**
 * The authentication body the console shows and sends (§3): the code placeholder and the code
 * sentence, then the security sentence when `security` is on. E.g. '[123456] is your verification
 * code. For your security, do not share this code.'
 */
export function authBodyText(language: string, security: boolean): string {
  const t = authTemplateTexts(language);
  return `${AUTH_CODE_PLACEHOLDER} ${t.code}${security ? ` ${t.security}` : ''}`;
}

/** The authentication footer for an expiry in minutes (§2.5, §3): 'This code expires in 10 minutes.' */
export function authFooterText(language: string, minutes: number): string {
  return authTemplateTexts(language).expiry(minutes);
}
