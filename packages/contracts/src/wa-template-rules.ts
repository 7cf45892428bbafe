/**
 * The rules of a WhatsApp template (templates-dashboard-reports.md §5.1, §5.3, §5.4, §9, and Meta's
 * format rules for templates), checked on the stored content in Meta's model (wa-template-model.ts):
 * `validateTemplate` lists every broken rule; `formBlockers` / `canSaveDraft` / `canSubmit` say when
 * the editor's buttons are disabled (§5.3); `addButtonRule` says why a button kind cannot be added.
 * The console runs them on consoleToMeta(payload); the server runs them before it stores a
 * submitted template or sends one to Meta. Texts: WA_TEMPLATE_MESSAGES.
 */
import { validatePhoneNumberLength } from 'libphonenumber-js/min';
import { z } from './zod.ts';
import { AUTH_CODE_PLACEHOLDER, authTemplateTexts } from './wa-template-languages.ts';
import { WA_TEMPLATE_MESSAGES as M } from './wa-template-messages.ts';
import {
  MEDIA_HEADER_FORMATS,
  WA_TEMPLATE_LIMITS as L,
  findComponent,
  sanitizeTemplateName,
  type NamedSample,
  type TemplateCategory,
  type WaButton,
  type WaTemplate,
} from './wa-template-model.ts';
import { isBlankText, scanVariables, wordsOutsideVariables, type VariableToken } from './wa-template-variables.ts';

// ---------------------------------------------------------------------------------------------
// Issues
// ---------------------------------------------------------------------------------------------

/** Stable codes of the rules (a client may key its own texts by them). */
export const TEMPLATE_RULES = [
  'name.required',
  'name.too_long',
  'name.format',
  'header.text_required',
  'header.too_long',
  'header.too_many_variables',
  'header.media_sample_required',
  'header.not_in_auth',
  'body.required',
  'body.too_long',
  'body.starts_with_variable',
  'body.ends_with_variable',
  'body.adjacent_variables',
  'body.too_many_variables',
  'body.custom_in_auth',
  'footer.required',
  'footer.too_long',
  'footer.variables',
  'footer.custom_in_auth',
  'footer.code_expiry_range',
  'variables.malformed',
  'variables.forbidden_chars',
  'variables.unclosed',
  'variables.sequence',
  'variables.mixed',
  'variables.format_mismatch',
  'variables.sample_required',
  'buttons.empty',
  'buttons.too_many',
  'buttons.url_max',
  'buttons.phone_max',
  'buttons.copy_code_max',
  'buttons.opt_out_max',
  'buttons.otp_max',
  'buttons.grouping',
  'buttons.auth_otp',
  'button.text_required',
  'button.text_too_long',
  'button.autofill_text_too_long',
  'button.url_required',
  'button.url_invalid',
  'button.url_too_long',
  'button.url_variable',
  'button.url_sample_required',
  'button.url_sample_invalid',
  'button.phone_required',
  'button.phone_invalid',
  'button.promo_code_required',
  'button.promo_code_too_long',
  'button.opt_out_marketing_only',
  'button.opt_out_terms',
  'button.otp_auth_only',
  'button.supported_apps_required',
  'button.supported_apps_too_many',
  'button.package_name_invalid',
  'button.signature_hash_invalid',
  'button.zero_tap_terms',
] as const;
export type TemplateRule = (typeof TEMPLATE_RULES)[number];

export const ISSUE_COMPONENTS = ['NAME', 'HEADER', 'BODY', 'FOOTER', 'BUTTONS'] as const;
export type IssueComponent = (typeof ISSUE_COMPONENTS)[number];

/**
 * One broken rule: `path` into the template ('name', 'components.1.text',
 * 'components.3.buttons.0.url') or the key of a missing component ('BODY'); the component it is
 * about; the rule's code; its message.
 */
export const templateIssueSchema = z.object({
  path: z.string(),
  component: z.enum(ISSUE_COMPONENTS),
  rule: z.enum(TEMPLATE_RULES),
  message: z.string(),
});
export type TemplateIssue = z.infer<typeof templateIssueSchema>;

// ---------------------------------------------------------------------------------------------
// Buttons: kinds and labels
// ---------------------------------------------------------------------------------------------

/** Button kinds the editor offers (§2.4, §2.5). */
export const BUTTON_KINDS = ['QUICK_REPLY', 'MARKETING_OPT_OUT', 'URL', 'PHONE_NUMBER', 'COPY_CODE', 'OTP'] as const;
export type ButtonKind = (typeof BUTTON_KINDS)[number];

/** Names of the kinds as the editor shows them (§2.4). */
export const BUTTON_KIND_LABELS: Record<ButtonKind, string> = {
  QUICK_REPLY: 'Quick reply',
  MARKETING_OPT_OUT: 'Marketing opt-out',
  URL: 'Visit website',
  PHONE_NUMBER: 'Call phone number',
  COPY_CODE: 'Copy promo code',
  OTP: 'One-time password',
};

/** A button in Meta's model (QUICK_REPLY with `marketing_opt_out`) or the console's (MARKETING_OPT_OUT). */
export interface AnyButton {
  type: string;
  text?: string;
  marketing_opt_out?: boolean;
}

/** The kind of a button of either model. */
export function buttonKind(b: AnyButton): ButtonKind {
  if (b.type === 'QUICK_REPLY' && b.marketing_opt_out) return 'MARKETING_OPT_OUT';
  return (BUTTON_KINDS as readonly string[]).includes(b.type) ? (b.type as ButtonKind) : 'QUICK_REPLY';
}

const isQuickReplyKind = (k: ButtonKind) => k === 'QUICK_REPLY' || k === 'MARKETING_OPT_OUT';

/** 'Button 2 (Visit website)': the label of the `index`-th button in messages. */
export function buttonLabel(index: number, kind: ButtonKind): string {
  return `Button ${index + 1} (${BUTTON_KIND_LABELS[kind]})`;
}

/** How many buttons of a kind a template may have (§5.3, Meta); undefined = only the total of 10 applies. */
const KIND_MAX: Partial<Record<ButtonKind, { max: number; rule: TemplateRule; message: string }>> = {
  URL: { max: L.urlButtons, rule: 'buttons.url_max', message: M.buttonsUrlMax },
  PHONE_NUMBER: { max: L.phoneButtons, rule: 'buttons.phone_max', message: M.buttonsPhoneMax },
  COPY_CODE: { max: L.copyCodeButtons, rule: 'buttons.copy_code_max', message: M.buttonsCopyCodeMax },
  MARKETING_OPT_OUT: { max: L.optOutButtons, rule: 'buttons.opt_out_max', message: M.buttonsOptOutMax },
  OTP: { max: 1, rule: 'buttons.otp_max', message: M.buttonsOtpMax },
};

// ---------------------------------------------------------------------------------------------
// Small checks
// ---------------------------------------------------------------------------------------------

/**
 * An http(s) URL with a domain, an optional port and an optional path, query or fragment (§5.3).
 * A dynamic URL is checked with its `{{1}}` replaced by a sample value.
 */
export function isValidWebsiteUrl(url: string): boolean {
  return /^https?:\/\/(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(?::\d{1,5})?(?:[/?#]\S*)?$/i.test(url.trim());
}

/** Meta's Android package name: two or more dot-separated segments, each a letter then letters, digits or underscores; at most 224. */
export function isValidPackageName(name: string | undefined): boolean {
  return !!name && name.length <= L.packageName && /^[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)+$/.test(name);
}

/** Meta's app signature hash: exactly 11 letters, digits, +, / or =. */
export function isValidSignatureHash(hash: string | undefined): boolean {
  return !!hash && /^[A-Za-z0-9+/=]{11}$/.test(hash);
}

/**
 * A phone button's number (§2.4 'Call phone number', §5.3): digits with the country code, an
 * optional '+', spaces, brackets or dashes allowed, and a number of digits the country's numbering
 * plan allows (libphonenumber's possible lengths for the calling code: '+1' takes 10 national
 * digits, so '+1 202 555 01234' is refused). Not libphonenumber's stricter isValid: Meta's own
 * examples use the fictional 555 range ('15550051310'), which Meta accepts.
 */
export function isValidButtonPhone(phone: string): boolean {
  const raw = phone.replace(/[\s()-]/g, '');
  if (!/^\+?[0-9]{6,20}$/.test(raw)) return false;
  return validatePhoneNumberLength(raw.startsWith('+') ? raw : `+${raw}`) === undefined;
}

/**
 * Whether `sample` is a valid sample of the dynamic website URL `url` (one `{{1}}` at its end,
 * Meta's `example`): either the whole sample URL ('https://shop.example/p?promo=summer2023') or,
 * as Meta's own examples give it, the value of `{{1}}` alone ('summer2023'), which must make a
 * valid URL in place of `{{1}}`.
 */
export function isValidUrlSample(url: string, sample: string): boolean {
  const s = sample.trim();
  return isValidWebsiteUrl(s) || isValidWebsiteUrl(url.trim().replace('{{1}}', s));
}

const wellFormed = (t: VariableToken) => t.kind === 'positional' || t.kind === 'named';

type Push = (issue: TemplateIssue) => void;

/**
 * Checks the variables of one text (§5.4, Meta's format): well formed, no #/$/% inside braces,
 * nothing unclosed, numbered from {{1}} without gaps. Returns the well-formed tokens.
 */
function checkVariables(text: string | undefined, where: string, path: string, component: IssueComponent, push: Push): VariableToken[] {
  const { tokens, unclosed } = scanVariables(text);
  if (unclosed) push({ path, component, rule: 'variables.unclosed', message: M.variableUnclosed(where) });
  for (const t of tokens) {
    if (t.kind === 'forbidden') push({ path, component, rule: 'variables.forbidden_chars', message: M.variableForbiddenChars(where, t.raw) });
    else if (t.kind === 'malformed') push({ path, component, rule: 'variables.malformed', message: M.variableMalformed(where, t.raw) });
  }
  const valid = tokens.filter(wellFormed);
  const numbers = new Set(valid.filter((t) => t.kind === 'positional').map((t) => Number(t.name)));
  const max = Math.max(0, ...numbers);
  for (let n = 1; n <= max; n++) {
    if (!numbers.has(n)) {
      push({ path, component, rule: 'variables.sequence', message: M.variableSequence(where, String(n)) });
      break;
    }
  }
  return valid;
}

/** Checks that each variable of a text has a non-blank sample (positional by number, named by name). */
function checkSamples(
  tokens: VariableToken[],
  positional: readonly string[] | undefined,
  named: readonly NamedSample[] | undefined,
  where: string,
  path: string,
  component: IssueComponent,
  push: Push,
) {
  const seen = new Set<string>();
  for (const t of tokens) {
    if (seen.has(t.name)) continue;
    seen.add(t.name);
    const sample = t.kind === 'positional' ? (positional?.[Number(t.name) - 1] ?? named?.find((s) => s.param_name === t.name)?.example) : named?.find((s) => s.param_name === t.name)?.example;
    if (isBlankText(sample)) push({ path, component, rule: 'variables.sample_required', message: M.variableSample(where, t.raw) });
  }
}

// ---------------------------------------------------------------------------------------------
// validateTemplate
// ---------------------------------------------------------------------------------------------

function checkName(t: WaTemplate, push: Push) {
  if (isBlankText(t.name)) push({ path: 'name', component: 'NAME', rule: 'name.required', message: M.nameRequired });
  else if (t.name.length > L.name) push({ path: 'name', component: 'NAME', rule: 'name.too_long', message: M.nameTooLong });
  else if (sanitizeTemplateName(t.name) !== t.name) push({ path: 'name', component: 'NAME', rule: 'name.format', message: M.nameFormat });
}

/** Variables of the header text and body, for the template-wide format rules. */
interface TextVariables {
  header: { tokens: VariableToken[]; path: string } | undefined;
  body: { tokens: VariableToken[]; path: string } | undefined;
}

function checkHeader(t: WaTemplate, push: Push): TextVariables['header'] {
  const { component: h, index } = findComponent(t, 'HEADER');
  if (!h) return undefined;
  const at = `components.${index}`;
  if (h.format === 'TEXT') {
    const path = `${at}.text`;
    if (isBlankText(h.text)) push({ path, component: 'HEADER', rule: 'header.text_required', message: M.headerTextRequired });
    else if (h.text!.length > L.headerText) push({ path, component: 'HEADER', rule: 'header.too_long', message: M.headerTooLong });
    const tokens = checkVariables(h.text, 'Header', path, 'HEADER', push);
    if (tokens.length > L.headerVariables) push({ path, component: 'HEADER', rule: 'header.too_many_variables', message: M.headerOneVariable });
    checkSamples(tokens, h.example?.header_text, h.example?.header_text_named_params, 'Header', `${at}.example`, 'HEADER', push);
    return { tokens, path };
  }
  if ((MEDIA_HEADER_FORMATS as readonly string[]).includes(h.format) && isBlankText(h.example?.header_handle?.[0])) {
    push({ path: `${at}.example.header_handle`, component: 'HEADER', rule: 'header.media_sample_required', message: M.headerMediaSample(h.format) });
  }
  return undefined;
}

function checkBody(t: WaTemplate, push: Push): TextVariables['body'] {
  const { component: b, index } = findComponent(t, 'BODY');
  if (!b || isBlankText(b.text)) {
    push({ path: b ? `components.${index}.text` : 'BODY', component: 'BODY', rule: 'body.required', message: M.bodyRequired });
    return undefined;
  }
  const text = b.text!;
  const path = `components.${index}.text`;
  if (text.length > L.body) push({ path, component: 'BODY', rule: 'body.too_long', message: M.bodyTooLong });
  const tokens = checkVariables(text, 'Body', path, 'BODY', push);
  const all = scanVariables(text).tokens;
  if (all.length) {
    const lead = text.length - text.trimStart().length;
    const trail = text.trimEnd().length;
    if (all[0]!.start === lead) push({ path, component: 'BODY', rule: 'body.starts_with_variable', message: M.bodyStartsWithVariable });
    if (all[all.length - 1]!.end === trail) push({ path, component: 'BODY', rule: 'body.ends_with_variable', message: M.bodyEndsWithVariable });
    for (let i = 1; i < all.length; i++) {
      const between = text.slice(all[i - 1]!.end, all[i]!.start);
      if (!/[\p{L}\p{N}]/u.test(between)) {
        push({ path, component: 'BODY', rule: 'body.adjacent_variables', message: M.bodyAdjacentVariables(all[i - 1]!.raw, all[i]!.raw) });
        break;
      }
    }
    const words = wordsOutsideVariables(text);
    if (words < 2 * all.length + 1) push({ path, component: 'BODY', rule: 'body.too_many_variables', message: M.bodyTooManyVariables(all.length, words) });
  }
  checkSamples(tokens, b.example?.body_text?.[0], b.example?.body_text_named_params, 'Body', `components.${index}.example`, 'BODY', push);
  return { tokens, path };
}

function checkFooter(t: WaTemplate, push: Push) {
  const { component: f, index } = findComponent(t, 'FOOTER');
  if (!f) return;
  const path = `components.${index}.text`;
  if (isBlankText(f.text)) {
    if (f.code_expiration_minutes === undefined) push({ path, component: 'FOOTER', rule: 'footer.required', message: M.footerRequired });
    return;
  }
  if (f.text!.length > L.footer) push({ path, component: 'FOOTER', rule: 'footer.too_long', message: M.footerTooLong });
  if (scanVariables(f.text).tokens.length || f.text!.includes('{{')) push({ path, component: 'FOOTER', rule: 'footer.variables', message: M.footerVariables });
}

/** Never mixed positional and named; when `parameter_format` is given, every variable follows it. */
function checkFormat(t: WaTemplate, vars: TextVariables, push: Push) {
  const parts = [vars.header && { ...vars.header, component: 'HEADER' as const }, vars.body && { ...vars.body, component: 'BODY' as const }].filter((p) => !!p);
  const kinds = new Set(parts.flatMap((p) => p.tokens.map((tk) => tk.kind)));
  if (kinds.size > 1) {
    const at = parts.find((p) => p.component === 'BODY' && p.tokens.length) ?? parts.find((p) => p.tokens.length)!;
    push({ path: at.path, component: at.component, rule: 'variables.mixed', message: M.variablesMixed });
    return;
  }
  if (!t.parameter_format || !kinds.size) return;
  const expected = t.parameter_format === 'NAMED' ? 'named' : 'positional';
  const off = parts.find((p) => p.tokens.some((tk) => tk.kind !== expected));
  if (off) push({ path: off.path, component: off.component, rule: 'variables.format_mismatch', message: M.variablesFormat(t.parameter_format) });
}

function checkUrlButton(b: Extract<WaButton, { type: 'URL' }>, label: string, at: string, push: Push) {
  const path = `${at}.url`;
  if (isBlankText(b.url)) {
    push({ path, component: 'BUTTONS', rule: 'button.url_required', message: M.urlRequired(label) });
    return;
  }
  const url = b.url!.trim();
  if (url.length > L.url) push({ path, component: 'BUTTONS', rule: 'button.url_too_long', message: M.urlTooLong });
  const { tokens, unclosed } = scanVariables(url);
  const dynamic = tokens.length > 0;
  if (unclosed || (dynamic && (tokens.length !== 1 || tokens[0]!.name !== '1' || !url.endsWith('{{1}}')))) {
    push({ path, component: 'BUTTONS', rule: 'button.url_variable', message: M.urlVariable(label) });
  } else if (!isValidWebsiteUrl(dynamic ? url.replace('{{1}}', 'sample') : url)) {
    push({ path, component: 'BUTTONS', rule: 'button.url_invalid', message: M.invalidUrl });
  }
  if (!dynamic) return;
  const sample = b.example?.[0];
  if (isBlankText(sample)) push({ path: `${at}.example`, component: 'BUTTONS', rule: 'button.url_sample_required', message: M.sampleUrlRequired });
  else if (!isValidUrlSample(url, sample!)) push({ path: `${at}.example`, component: 'BUTTONS', rule: 'button.url_sample_invalid', message: M.invalidUrl });
}

function checkOtpButton(b: Extract<WaButton, { type: 'OTP' }>, label: string, at: string, push: Push) {
  if ((b.autofill_text ?? '').length > L.buttonText) push({ path: `${at}.autofill_text`, component: 'BUTTONS', rule: 'button.autofill_text_too_long', message: M.autofillTextTooLong(label) });
  if (b.otp_type === 'COPY_CODE') return;
  const apps = b.supported_apps ?? [];
  if (!apps.length) push({ path: `${at}.supported_apps`, component: 'BUTTONS', rule: 'button.supported_apps_required', message: M.supportedAppsRequired(label) });
  if (apps.length > L.supportedApps) push({ path: `${at}.supported_apps`, component: 'BUTTONS', rule: 'button.supported_apps_too_many', message: M.supportedAppsTooMany(label) });
  apps.forEach((app, j) => {
    if (!isValidPackageName(app.package_name)) push({ path: `${at}.supported_apps.${j}.package_name`, component: 'BUTTONS', rule: 'button.package_name_invalid', message: M.packageNameInvalid(label) });
    if (!isValidSignatureHash(app.signature_hash)) push({ path: `${at}.supported_apps.${j}.signature_hash`, component: 'BUTTONS', rule: 'button.signature_hash_invalid', message: M.signatureHashInvalid(label) });
  });
  if (b.otp_type === 'ZERO_TAP' && b.zero_tap_terms_accepted !== true) push({ path: `${at}.zero_tap_terms_accepted`, component: 'BUTTONS', rule: 'button.zero_tap_terms', message: M.zeroTapTerms(label) });
}

function checkButtons(t: WaTemplate, push: Push) {
  const { component: c, index } = findComponent(t, 'BUTTONS');
  if (!c) return;
  const at = `components.${index}.buttons`;
  const buttons = c.buttons;
  if (!buttons.length) push({ path: at, component: 'BUTTONS', rule: 'buttons.empty', message: M.buttonsEmpty });
  if (buttons.length > L.buttons) push({ path: at, component: 'BUTTONS', rule: 'buttons.too_many', message: M.buttonsTooMany });
  const kinds = buttons.map(buttonKind);
  for (const [kind, limit] of Object.entries(KIND_MAX) as [ButtonKind, NonNullable<(typeof KIND_MAX)[ButtonKind]>][]) {
    if (kinds.filter((k) => k === kind).length > limit.max) push({ path: at, component: 'BUTTONS', rule: limit.rule, message: limit.message });
  }
  // Quick replies in one run: the sequence of groups (quick reply / call to action) changes at most once.
  let changes = 0;
  for (let i = 1; i < kinds.length; i++) if (isQuickReplyKind(kinds[i]!) !== isQuickReplyKind(kinds[i - 1]!)) changes++;
  if (changes > 1) push({ path: at, component: 'BUTTONS', rule: 'buttons.grouping', message: M.buttonsGrouping });

  buttons.forEach((b, i) => {
    const kind = kinds[i]!;
    const label = buttonLabel(i, kind);
    const bat = `${at}.${i}`;
    const textOptional = b.type === 'COPY_CODE' || b.type === 'OTP';
    if (isBlankText(b.text)) {
      if (!textOptional) push({ path: `${bat}.text`, component: 'BUTTONS', rule: 'button.text_required', message: M.buttonTextRequired(label) });
    } else if (b.text!.length > L.buttonText) push({ path: `${bat}.text`, component: 'BUTTONS', rule: 'button.text_too_long', message: M.buttonTextTooLong(label) });
    switch (b.type) {
      case 'URL':
        checkUrlButton(b, label, bat, push);
        break;
      case 'PHONE_NUMBER':
        if (isBlankText(b.phone_number)) push({ path: `${bat}.phone_number`, component: 'BUTTONS', rule: 'button.phone_required', message: M.phoneRequired(label) });
        else if (!isValidButtonPhone(b.phone_number!)) push({ path: `${bat}.phone_number`, component: 'BUTTONS', rule: 'button.phone_invalid', message: M.phoneInvalid(label) });
        break;
      case 'COPY_CODE':
        if (isBlankText(b.example)) push({ path: `${bat}.example`, component: 'BUTTONS', rule: 'button.promo_code_required', message: M.promoCodeRequired(label) });
        else if (b.example!.length > L.promoCode) push({ path: `${bat}.example`, component: 'BUTTONS', rule: 'button.promo_code_too_long', message: M.promoCodeTooLong });
        break;
      case 'QUICK_REPLY':
        if (b.marketing_opt_out) {
          if (t.category !== 'MARKETING') push({ path: bat, component: 'BUTTONS', rule: 'button.opt_out_marketing_only', message: M.optOutMarketingOnly });
          if (b.term_condition !== true) push({ path: `${bat}.term_condition`, component: 'BUTTONS', rule: 'button.opt_out_terms', message: M.optOutTerms });
        }
        break;
      case 'OTP':
        if (t.category !== 'AUTHENTICATION') push({ path: bat, component: 'BUTTONS', rule: 'button.otp_auth_only', message: M.otpAuthOnly });
        else checkOtpButton(b, label, bat, push);
        break;
    }
  });
}

/** Squashed for comparing preset wording: no bold stars, single spaces, no ends. */
const squash = (s: string) => s.replace(/\*/g, '').replace(/\s+/g, ' ').trim();

/** Whether an authentication body text is Meta's preset ('{{1}} is your verification code.' [+ security]) in the template's language. */
function isPresetAuthBody(text: string, language: string): boolean {
  const w = authTemplateTexts(language);
  const given = squash(text);
  return ['{{1}}', AUTH_CODE_PLACEHOLDER].some((code) => given === `${code} ${w.code}` || given === `${code} ${w.code} ${w.security}`);
}

function checkAuthentication(t: WaTemplate, push: Push) {
  const header = findComponent(t, 'HEADER');
  if (header.component) push({ path: `components.${header.index}`, component: 'HEADER', rule: 'header.not_in_auth', message: M.headerInAuth });

  const body = findComponent(t, 'BODY');
  if (!body.component) push({ path: 'BODY', component: 'BODY', rule: 'body.required', message: M.bodyRequired });
  else if (!isBlankText(body.component.text) && !isPresetAuthBody(body.component.text!, t.language)) {
    push({ path: `components.${body.index}.text`, component: 'BODY', rule: 'body.custom_in_auth', message: M.bodyCustomInAuth });
  }

  const footer = findComponent(t, 'FOOTER');
  const f = footer.component;
  if (f) {
    const minutes = f.code_expiration_minutes;
    if (minutes !== undefined && (minutes < L.codeExpiryMin || minutes > L.codeExpiryMax)) {
      push({ path: `components.${footer.index}.code_expiration_minutes`, component: 'FOOTER', rule: 'footer.code_expiry_range', message: M.codeExpiryRange });
    }
    if (!isBlankText(f.text) && (minutes === undefined || squash(f.text!) !== squash(authTemplateTexts(t.language).expiry(minutes)))) {
      push({ path: `components.${footer.index}.text`, component: 'FOOTER', rule: 'footer.custom_in_auth', message: M.footerCustomInAuth });
    }
  }

  const buttons = findComponent(t, 'BUTTONS');
  const list = buttons.component?.buttons ?? [];
  const at = buttons.component ? `components.${buttons.index}.buttons` : 'BUTTONS';
  if (list.length !== 1 || list[0]!.type !== 'OTP') push({ path: at, component: 'BUTTONS', rule: 'buttons.auth_otp', message: M.buttonsAuthOtp });
  list.forEach((b, i) => {
    if (b.type !== 'OTP') return;
    const label = buttonLabel(i, 'OTP');
    if ((b.text ?? '').length > L.buttonText) push({ path: `${at}.${i}.text`, component: 'BUTTONS', rule: 'button.text_too_long', message: M.buttonTextTooLong(label) });
    checkOtpButton(b, label, `${at}.${i}`, push);
  });
}

/**
 * Every rule the template breaks, in component order (name, header, body, footer, variables,
 * buttons); [] when it can be submitted to Meta. Marketing and utility templates: §5.1 name,
 * §5.3/§9 limits (header 60 with at most one variable, body 1024, footer 60 without variables,
 * button text 25, promo code 15, URL 2000 with one `{{1}}` at its end and a sample (isValidUrlSample),
 * a phone number the country's numbering plan allows (isValidButtonPhone), at most 10
 * buttons, 2 URL, 1 phone, 1 copy code, 1 marketing opt-out, quick replies grouped), §5.4 and
 * Meta's variable rules (well formed, from {{1}} without gaps, never mixed, no #/$/% in braces, body
 * not starting or ending with a variable, no adjacent variables, at least 2n+1 words for n
 * variables, a sample for each), media headers with their sample. Authentication templates: no
 * header, Meta's preset body and footer, code expiry 1–90 minutes, exactly one OTP button whose
 * one-tap / zero-tap form names Android apps (package name, 11-character signature hash).
 */
export function validateTemplate(t: WaTemplate): TemplateIssue[] {
  const issues: TemplateIssue[] = [];
  const push: Push = (i) => issues.push(i);
  checkName(t, push);
  if (t.category === 'AUTHENTICATION') {
    checkAuthentication(t, push);
    return issues;
  }
  const header = checkHeader(t, push);
  const body = checkBody(t, push);
  checkFooter(t, push);
  checkFormat(t, { header, body }, push);
  checkButtons(t, push);
  return issues;
}

// ---------------------------------------------------------------------------------------------
// The editor (§5.3)
// ---------------------------------------------------------------------------------------------

/**
 * Why Save as Draft and Submit are disabled (§5.3): no template name; the last button of a kind
 * without text; a URL button without URL; a phone button without number; no buttons and an empty
 * body. Texts count as empty by isBlankText. [] when neither is blocked by these.
 */
export function formBlockers(t: WaTemplate): TemplateIssue[] {
  const out: TemplateIssue[] = [];
  if (isBlankText(t.name)) out.push({ path: 'name', component: 'NAME', rule: 'name.required', message: M.nameRequired });
  const { component: c, index } = findComponent(t, 'BUTTONS');
  const buttons = c?.buttons ?? [];
  const kinds = buttons.map(buttonKind);
  const lastOfKind = new Map<ButtonKind, number>();
  kinds.forEach((k, i) => lastOfKind.set(k, i));
  buttons.forEach((b, i) => {
    const at = `components.${index}.buttons.${i}`;
    const label = buttonLabel(i, kinds[i]!);
    if (lastOfKind.get(kinds[i]!) === i && b.type !== 'OTP' && b.type !== 'COPY_CODE' && isBlankText(b.text)) {
      out.push({ path: `${at}.text`, component: 'BUTTONS', rule: 'button.text_required', message: M.buttonTextRequired(label) });
    }
    if (b.type === 'URL' && isBlankText(b.url)) out.push({ path: `${at}.url`, component: 'BUTTONS', rule: 'button.url_required', message: M.urlRequired(label) });
    if (b.type === 'PHONE_NUMBER' && isBlankText(b.phone_number)) out.push({ path: `${at}.phone_number`, component: 'BUTTONS', rule: 'button.phone_required', message: M.phoneRequired(label) });
  });
  const body = findComponent(t, 'BODY');
  if (!buttons.length && t.category !== 'AUTHENTICATION' && isBlankText(body.component?.text)) {
    out.push({ path: body.component ? `components.${body.index}.text` : 'BODY', component: 'BODY', rule: 'body.required', message: M.bodyRequired });
  }
  return out;
}

/** Whether Save as Draft is enabled (§5.3): no formBlockers. A draft may break other rules. */
export function canSaveDraft(t: WaTemplate): boolean {
  return formBlockers(t).length === 0;
}

/** Whether Submit is enabled: no formBlockers (§5.3) and no broken rule (validateTemplate). */
export function canSubmit(t: WaTemplate): boolean {
  return canSaveDraft(t) && validateTemplate(t).length === 0;
}

/**
 * Why a button of `kind` cannot be added to `existing` (buttons of either model, in order), or
 * null when it can (§5.3, §2.4): the last button of the same section (quick replies, or calls to
 * action) has no text -> 'Please fill every field with valid value!'; 10 buttons already; the
 * kind's limit reached (Visit website 'max 2 button', the others 'max 1 button'); a marketing
 * opt-out outside a marketing template, or a one-time password button outside (or a second one in)
 * an authentication template.
 */
export function addButtonRule(existing: readonly AnyButton[], kind: ButtonKind, category?: TemplateCategory): { rule: TemplateRule; message: string } | null {
  if (category === 'AUTHENTICATION' && kind !== 'OTP') return { rule: 'buttons.auth_otp', message: M.buttonsAuthOtp };
  if (kind === 'OTP' && category !== undefined && category !== 'AUTHENTICATION') return { rule: 'button.otp_auth_only', message: M.otpAuthOnly };
  if (kind === 'MARKETING_OPT_OUT' && category !== undefined && category !== 'MARKETING') return { rule: 'button.opt_out_marketing_only', message: M.optOutMarketingOnly };
  const kinds = existing.map(buttonKind);
  const sameSection = existing.filter((_, i) => isQuickReplyKind(kinds[i]!) === isQuickReplyKind(kind));
  const last = sameSection[sameSection.length - 1];
  if (last && buttonKind(last) !== 'OTP' && buttonKind(last) !== 'COPY_CODE' && isBlankText(last.text)) return { rule: 'button.text_required', message: M.fillEveryField };
  if (existing.length >= L.buttons) return { rule: 'buttons.too_many', message: M.buttonsTooMany };
  const limit = KIND_MAX[kind];
  if (limit && kinds.filter((k) => k === kind).length >= limit.max) return { rule: limit.rule, message: limit.max === 2 ? M.maxTwoButtons : M.maxOneButton };
  return null;
}

/**
 * The hint beside a button option (§2.4): Visit website 'max 2 button', or 'max 1 button' once 4
 * or more buttons exist; Call phone number, Copy promo code and Marketing opt-out 'max 1 button';
 * none for quick replies and one-time passwords.
 */
export function buttonOptionHint(existing: readonly AnyButton[], kind: ButtonKind): string | undefined {
  if (kind === 'URL') return existing.length >= 4 ? M.maxOneButton : M.maxTwoButtons;
  if (kind === 'PHONE_NUMBER' || kind === 'COPY_CODE' || kind === 'MARKETING_OPT_OUT') return M.maxOneButton;
  return undefined;
}
