/**
 * The template editor's state and its mapping to the console payload (templates-dashboard-reports.md
 * §2.4, §2.5, §3; contracts wa-template-console.ts): what the form holds (header choice, texts with
 * a sample per variable, buttons in their two sections, the authentication options), the payload it
 * sends, the rules it breaks (validateTemplate, formBlockers on consoleToMeta of the payload) and on
 * which field each broken rule is shown. Pure: the components keep the state, these functions read it.
 */
import {
  buttonSection,
  consoleTemplatePayloadSchema,
  consoleToMeta,
  type ButtonSection,
  type ConsoleButton,
  type ConsoleTemplateInput,
  type ConsoleTemplatePayload,
} from '@pesan/contracts/wa-template-console';
import { authBodyText, authFooterText, authTemplateTexts, copyPromoCodeButtonDefault, optOutButtonDefault, optOutFooterDefault } from '@pesan/contracts/wa-template-languages';
import { templateMediaName } from '@pesan/contracts/upload';
import { WA_TEMPLATE_MESSAGES as M } from '@pesan/contracts/wa-template-messages';
import { WA_TEMPLATE_LIMITS, type OtpType, type ParameterFormat, type TemplateCategory, type WaTemplate } from '@pesan/contracts/wa-template-model';
import { formBlockers, validateTemplate, type ButtonKind, type TemplateIssue } from '@pesan/contracts/wa-template-rules';
import { isPositionalName, scanVariables, variableNames } from '@pesan/contracts/wa-template-variables';
import { fromE164, NEW_PHONE_COUNTRY, toE164 } from './phone.ts';

export type HeaderKind = 'none' | 'text' | 'media' | 'location';
export type MediaKind = 'image' | 'video' | 'document';
/** Button kinds of the standard form (the OTP button belongs to the authentication form). */
export type EditorButtonType = Exclude<ButtonKind, 'OTP'>;

/** An uploaded media sample: `handle` is stored in the template, `url` shows it. */
export interface MediaSample {
  handle: string;
  url?: string;
  name?: string;
  size?: number;
}

/** One button of the standard form; every kind's fields, the unused ones left empty. */
export interface EditorButton {
  /** Stable key for lists and drag and drop (never sent). */
  id: string;
  type: EditorButtonType;
  text: string;
  url: string;
  urlType: 'static' | 'url_dynamic';
  sampleUrl: string;
  /** ISO country of the phone number. */
  country: string;
  /** The number as typed, without the country code. */
  phone: string;
  promoCode: string;
  termCondition: boolean;
  optOutFooter: string;
}

/** The authentication form (§2.5). */
export interface AuthState {
  otpType: OtpType;
  buttonText: string;
  autofillText: string;
  packageName: string;
  signatureHash: string;
  zeroTapTerms: boolean;
  security: boolean;
  expiryOn: boolean;
  /** Minutes (1–90); '' while the field is empty. */
  expiry: number | '';
}

export interface EditorState {
  name: string;
  category: TemplateCategory;
  language: string;
  applicationId?: string;
  templateCodeId?: string;
  parameterFormat: ParameterFormat;
  /** Meta's message validity period, kept as loaded (not edited here). */
  messageSendTtlSeconds?: number;
  headerKind: HeaderKind;
  mediaKind: MediaKind;
  headerText: string;
  /** Sample per header variable name ('1' or 'first_name'). */
  headerSamples: Record<string, string>;
  media: MediaSample | null;
  body: string;
  bodySamples: Record<string, string>;
  footer: string;
  cta: EditorButton[];
  quickReplies: EditorButton[];
  /** Which section comes first (the section order switch). */
  firstSection: ButtonSection;
  auth: AuthState;
}

let seq = 0;
/** A fresh button id. */
export const newButtonId = () => `btn-${++seq}`;

/** A new button of `type` with the defaults of §2.4 for the template's language. */
export function newButton(type: EditorButtonType, language: string): EditorButton {
  return {
    id: newButtonId(),
    type,
    text: type === 'MARKETING_OPT_OUT' ? optOutButtonDefault(language) : type === 'COPY_CODE' ? copyPromoCodeButtonDefault(language) : '',
    url: '',
    urlType: 'static',
    sampleUrl: '',
    country: NEW_PHONE_COUNTRY,
    phone: '',
    promoCode: '',
    termCondition: false,
    optOutFooter: type === 'MARKETING_OPT_OUT' ? optOutFooterDefault(language) : '',
  };
}

/**
 * The state with a new button of `type` at the end of its section (the first section is the new
 * button's when there was none). A Marketing opt-out's footer is the template footer (§2.4): a
 * footer the user has typed is kept as it (not replaced by the language's default, issue 23).
 */
export function withButtonAdded(s: EditorState, type: EditorButtonType): EditorState {
  const b = newButton(type, s.language);
  if (type === 'MARKETING_OPT_OUT' && s.footer.trim()) b.optOutFooter = s.footer;
  const list = buttonSection(type) === 'cta' ? 'cta' : 'quickReplies';
  const empty = !s.cta.length && !s.quickReplies.length;
  return { ...s, [list]: [...s[list], b], firstSection: empty ? buttonSection(type) : s.firstSection };
}

/**
 * The state without button `id`. Removing a Marketing opt-out leaves the footer the field showed
 * (its footer), unless that was the language's untouched default: then the footer goes back to
 * what it was before.
 */
export function withButtonRemoved(s: EditorState, id: string): EditorState {
  const removed = [...s.cta, ...s.quickReplies].find((b) => b.id === id);
  const next = { ...s, cta: s.cta.filter((b) => b.id !== id), quickReplies: s.quickReplies.filter((b) => b.id !== id) };
  if (removed?.type !== 'MARKETING_OPT_OUT' || removed.optOutFooter === optOutFooterDefault(s.language) || !removed.optOutFooter.trim()) return next;
  return { ...next, footer: removed.optOutFooter };
}

/** The authentication form's defaults in a language (§2.5: expiry 10 minutes). */
export function defaultAuth(language: string): AuthState {
  const t = authTemplateTexts(language);
  return {
    otpType: 'COPY_CODE',
    buttonText: t.copyCode,
    autofillText: t.autofill,
    packageName: '',
    signatureHash: '',
    zeroTapTerms: false,
    security: true,
    expiryOn: true,
    expiry: WA_TEMPLATE_LIMITS.codeExpiryDefault,
  };
}

/** A new template's form (create mode): the modal's name, category, language and application (§2.1). */
export function emptyState(init: { name: string; category: TemplateCategory; language: string; applicationId?: string }): EditorState {
  return {
    name: init.name,
    category: init.category,
    language: init.language,
    applicationId: init.applicationId,
    parameterFormat: 'POSITIONAL',
    headerKind: 'none',
    mediaKind: 'image',
    headerText: '',
    headerSamples: {},
    media: null,
    body: '',
    bodySamples: {},
    footer: '',
    cta: [],
    quickReplies: [],
    firstSection: 'cta',
    auth: defaultAuth(init.language),
  };
}

/** The buttons in display order: the first section's, then the other's. */
export function orderedButtons(s: Pick<EditorState, 'cta' | 'quickReplies' | 'firstSection'>): EditorButton[] {
  return s.firstSection === 'cta' ? [...s.cta, ...s.quickReplies] : [...s.quickReplies, ...s.cta];
}

const samplesOf = (text: string, samples: Record<string, string>) => {
  const names = variableNames(text);
  return names.length ? names.map((name) => ({ name, value: samples[name] ?? '' })) : undefined;
};

/** One button as the payload takes it (§3). */
interface ButtonInput {
  type: EditorButtonType | 'OTP';
  text?: string;
  button_info?: Record<string, unknown>;
}

function buttonInput(b: EditorButton, language: string): ButtonInput {
  // An empty text is left out; so is a copy code button's default label (Meta fixes that label:
  // the preview shows the default for a button without text, so field and preview say the same).
  const text = b.text === '' || (b.type === 'COPY_CODE' && b.text.trim() === copyPromoCodeButtonDefault(language)) ? {} : { text: b.text };
  switch (b.type) {
    case 'QUICK_REPLY':
      return { type: 'QUICK_REPLY', ...text };
    case 'MARKETING_OPT_OUT':
      return { type: 'MARKETING_OPT_OUT', ...text, button_info: { term_condition: b.termCondition, footer_marketing_disapproval: b.optOutFooter } };
    case 'URL':
      return {
        type: 'URL',
        ...text,
        button_info: { ...(b.url.trim() ? { url: b.url.trim() } : {}), ...(b.urlType === 'url_dynamic' ? { sampleUrl: b.sampleUrl.trim() } : {}) },
      };
    case 'PHONE_NUMBER': {
      const phone = toE164(b.country, b.phone);
      return { type: 'PHONE_NUMBER', ...text, button_info: phone ? { phone_number: phone } : {} };
    }
    case 'COPY_CODE':
      return { type: 'COPY_CODE', ...text, button_info: { copy_promo_code: b.promoCode } };
  }
}

/** The console payload (§3) the form stands for, as sent to the create and update calls. */
export function toInput(s: EditorState): ConsoleTemplateInput {
  const common = {
    template_name: s.name,
    template_category: s.category,
    // Checked by the payload schema (derive): an unknown code is reported, not sent.
    language: s.language as ConsoleTemplateInput['language'],
    source: 'api' as const,
    // application_id on create only, template_code_id on edit only (§3).
    ...(s.templateCodeId ? { template_code_id: s.templateCodeId } : s.applicationId ? { application_id: s.applicationId } : {}),
    ...(s.messageSendTtlSeconds !== undefined ? { message_send_ttl_seconds: s.messageSendTtlSeconds } : {}),
  };
  if (s.category === 'AUTHENTICATION') {
    const a = s.auth;
    const minutes = a.expiry === '' ? 0 : a.expiry;
    const apps = a.otpType === 'COPY_CODE' ? {} : { autofill_text: a.autofillText, supported_apps: [{ package_name: a.packageName.trim(), signature_hash: a.signatureHash.trim() }] };
    return {
      ...common,
      header: { type: 'none' },
      body: { text: authBodyText(s.language, a.security) },
      message_security: a.security,
      footer: a.expiryOn ? { type: 'text', text: { body: authFooterText(s.language, minutes) }, footer_info: { code_expired: minutes } } : { type: 'none' },
      button: [
        {
          type: 'OTP',
          text: a.buttonText,
          button_info: { otp_type: a.otpType, ...apps, ...(a.otpType === 'ZERO_TAP' ? { zero_tap_terms_accepted: a.zeroTapTerms } : {}) },
        },
      ],
    };
  }
  let header: ConsoleTemplateInput['header'];
  if (s.headerKind === 'text') {
    const variable = samplesOf(s.headerText, s.headerSamples);
    header = { type: 'text', text: { body: s.headerText }, ...(variable ? { variable } : {}) };
  } else if (s.headerKind === 'media') header = { type: s.mediaKind, ...(s.media ? { example: { header_handle: [s.media.handle] } } : {}) };
  else header = { type: s.headerKind };
  const variable = samplesOf(s.body, s.bodySamples);
  return {
    ...common,
    parameter_format: s.parameterFormat,
    header,
    body: { text: s.body, ...(variable ? { variable } : {}) },
    footer: s.footer.trim() ? { type: 'text', text: { body: s.footer } } : { type: 'none' },
    button: orderedButtons(s).map((b) => buttonInput(b, s.language)),
  };
}

const looksLikeUrl = (v: string | undefined) => !!v && (/^https?:\/\//i.test(v) || v.startsWith('/'));

function editorButton(b: ConsoleButton, language: string): EditorButton {
  // A stored copy code button without text shows the label WhatsApp shows (the preview's): the default.
  const text = b.text ?? (b.type === 'COPY_CODE' ? copyPromoCodeButtonDefault(language) : '');
  const base = { ...newButton(b.type === 'OTP' ? 'QUICK_REPLY' : b.type, 'en'), text };
  const i = b.button_info;
  switch (b.type) {
    case 'MARKETING_OPT_OUT':
      return { ...base, termCondition: i.term_condition === true, optOutFooter: i.footer_marketing_disapproval ?? '' };
    case 'URL':
      return { ...base, url: i.url ?? '', urlType: b.url_type ?? (scanVariables(i.url).tokens.length ? 'url_dynamic' : 'static'), sampleUrl: i.sampleUrl ?? '' };
    case 'PHONE_NUMBER': {
      const { country, national } = fromE164(i.phone_number);
      return { ...base, country, phone: national };
    }
    case 'COPY_CODE':
      return { ...base, promoCode: i.copy_promo_code ?? '' };
    default:
      return base;
  }
}

const samplesMap = (list: { name: string; value: string }[] | undefined) => Object.fromEntries((list ?? []).map((v) => [v.name, v.value]));

/** The form of a stored template (edit mode, §2.1): the inverse of toInput for every payload it gives. */
export function fromPayload(p: ConsoleTemplatePayload): EditorState {
  const s = emptyState({ name: p.template_name, category: p.template_category, language: p.language, applicationId: p.application_id });
  s.templateCodeId = p.template_code_id;
  s.messageSendTtlSeconds = p.message_send_ttl_seconds;
  const vars = [...(p.header.type === 'text' ? variableNames(p.header.text.body) : []), ...variableNames(p.body.text)];
  s.parameterFormat = p.parameter_format ?? (vars.some((n) => !isPositionalName(n)) ? 'NAMED' : 'POSITIONAL');
  if (p.template_category === 'AUTHENTICATION') {
    const otp = p.button.find((b) => b.type === 'OTP');
    const info = otp?.button_info ?? {};
    const app = info.supported_apps?.[0];
    const texts = authTemplateTexts(p.language);
    s.auth = {
      otpType: info.otp_type ?? 'COPY_CODE',
      buttonText: otp?.text ?? texts.copyCode,
      autofillText: info.autofill_text ?? texts.autofill,
      packageName: app?.package_name ?? '',
      signatureHash: app?.signature_hash ?? '',
      zeroTapTerms: info.zero_tap_terms_accepted === true,
      security: p.message_security === true,
      expiryOn: p.footer.type === 'text' && p.footer.footer_info !== undefined,
      expiry: p.footer.type === 'text' && p.footer.footer_info ? p.footer.footer_info.code_expired : WA_TEMPLATE_LIMITS.codeExpiryDefault,
    };
    return s;
  }
  const h = p.header;
  if (h.type === 'text') {
    s.headerKind = 'text';
    s.headerText = h.text.body;
    s.headerSamples = samplesMap(h.variable);
  } else if (h.type === 'image' || h.type === 'video' || h.type === 'document') {
    s.headerKind = 'media';
    s.mediaKind = h.type;
    const handle = h.example?.header_handle[0];
    // A handle POST /api/upload gave out names the stored file, which the console can show.
    const uploaded = handle ? templateMediaName(handle) : null;
    s.media = handle ? { handle, ...(looksLikeUrl(handle) ? { url: handle } : uploaded ? { url: `/api/uploads/${uploaded}` } : {}) } : null;
  } else s.headerKind = h.type;
  s.body = p.body.text;
  s.bodySamples = samplesMap(p.body.variable);
  const optOut = p.button.some((b) => b.type === 'MARKETING_OPT_OUT');
  s.footer = p.footer.type === 'text' && !optOut ? p.footer.text.body : '';
  const buttons = p.button.filter((b) => b.type !== 'OTP').map((b) => editorButton(b, p.language));
  s.cta = buttons.filter((b) => buttonSection(b.type) === 'cta');
  s.quickReplies = buttons.filter((b) => buttonSection(b.type) === 'quick_reply');
  s.firstSection = buttons[0] ? buttonSection(buttons[0].type) : 'cta';
  return s;
}

// ---------------------------------------------------------------------------------------------
// Rules and where they are shown
// ---------------------------------------------------------------------------------------------

/**
 * Where a message is shown: 'name', 'header', 'header.text', 'header.media', 'header.sample:<var>',
 * 'body', 'body.sample:<var>', 'footer', 'buttons', 'button:<id>' and 'button:<id>.<field>'
 * (text, url, sampleUrl, phone, promoCode, terms), 'auth.<field>' (buttonText, autofillText,
 * packageName, signatureHash, zeroTapTerms, expiry, button), or 'general'.
 */
export type FieldKey = string;

export interface Derived {
  input: ConsoleTemplateInput;
  /** The canonical payload (for the preview); undefined when the form cannot be read as one. */
  payload?: ConsoleTemplatePayload;
  meta?: WaTemplate;
  /** Every broken rule (Submit needs none). */
  issues: TemplateIssue[];
  /** What disables Save as Draft and Submit (§5.3). */
  blockers: TemplateIssue[];
  /** Messages of a payload the schema refuses (shown above the form; both buttons disabled). */
  schemaErrors: string[];
}

/** Reads the form: its payload, the rules it breaks and what blocks its buttons. */
export function derive(s: EditorState): Derived {
  const input = toInput(s);
  const parsed = consoleTemplatePayloadSchema.safeParse(input);
  if (!parsed.success) return { input, issues: [], blockers: [], schemaErrors: [...new Set(parsed.error.issues.map((i) => i.message))] };
  const meta = consoleToMeta(parsed.data);
  return { input, payload: parsed.data, meta, issues: validateTemplate(meta), blockers: formBlockers(meta), schemaErrors: [] };
}

const BUTTON_FIELDS: Record<string, string> = {
  text: 'text',
  url: 'url',
  phone_number: 'phone',
  term_condition: 'terms',
  copy_promo_code: 'promoCode',
  sampleUrl: 'sampleUrl',
  footer_marketing_disapproval: 'footer',
};
const AUTH_FIELDS: Record<string, string> = {
  text: 'buttonText',
  autofill_text: 'autofillText',
  package_name: 'packageName',
  signature_hash: 'signatureHash',
  supported_apps: 'packageName',
  zero_tap_terms_accepted: 'zeroTapTerms',
};

/** The field of a sample message ('Body: add a sample for {{2}}') among a text's variables. */
function sampleField(where: 'Header' | 'Body', text: string, message: string): FieldKey {
  const prefix = where === 'Header' ? 'header' : 'body';
  const name = variableNames(text).find((n) => M.variableSample(where, `{{${n}}}`) === message);
  return name !== undefined ? `${prefix}.sample:${name}` : prefix === 'header' ? 'header.text' : 'body';
}

/** Field of a button sub-path ('text', 'example', 'supported_apps.0.package_name', 'button_info.url'). */
function buttonField(s: EditorState, index: number, rest: string | undefined): FieldKey {
  if (s.category === 'AUTHENTICATION') {
    const last = rest?.split('.').filter((p) => !/^\d+$/.test(p) && p !== 'button_info').pop();
    return `auth.${(last && AUTH_FIELDS[last]) || 'button'}`;
  }
  const button = orderedButtons(s)[index];
  if (!button) return 'buttons';
  if (!rest) return `button:${button.id}`;
  const key = rest.replace(/^button_info\./, '').split('.')[0]!;
  if (key === 'example') return `button:${button.id}.${button.type === 'URL' ? 'sampleUrl' : 'promoCode'}`;
  if (key === 'footer') return 'footer';
  const field = BUTTON_FIELDS[key];
  return field ? `button:${button.id}.${field}` : `button:${button.id}`;
}

/**
 * The field a rule's `path` is shown on: paths into the template in Meta's model
 * ('components.1.text', 'components.3.buttons.0.url', 'BODY') as validateTemplate gives, or into
 * the console payload ('body.text', 'button.0.button_info.url', 'template_name') as a server 400
 * may give.
 */
export function fieldOf(s: EditorState, meta: WaTemplate | undefined, issue: { path: string; message: string }): FieldKey {
  const { path, message } = issue;
  const auth = s.category === 'AUTHENTICATION';
  const m = /^components\.(\d+)(?:\.(.*))?$/.exec(path);
  if (m) {
    const component = meta?.components[Number(m[1])];
    const rest = m[2];
    switch (component?.type) {
      case 'HEADER':
        if (rest?.startsWith('example.header_handle')) return 'header.media';
        if (rest?.startsWith('example')) return sampleField('Header', s.headerText, message);
        return rest === 'text' ? 'header.text' : 'header';
      case 'BODY':
        if (auth) return 'auth.security';
        if (rest?.startsWith('example')) return sampleField('Body', s.body, message);
        return 'body';
      case 'FOOTER':
        return auth ? 'auth.expiry' : 'footer';
      case 'BUTTONS': {
        const b = /^buttons(?:\.(\d+)(?:\.(.*))?)?$/.exec(rest ?? '');
        if (!b?.[1]) return auth ? 'auth.button' : 'buttons';
        return buttonField(s, Number(b[1]), b[2]);
      }
      default:
        return 'general';
    }
  }
  if (path === 'BODY') return auth ? 'auth.security' : 'body';
  if (path === 'BUTTONS') return auth ? 'auth.button' : 'buttons';
  if (path === 'name' || path === 'template_name') return 'name';
  const [head, second, ...tail] = path.split('.');
  switch (head) {
    case 'header':
      if (path.includes('variable')) return 'header.text';
      return s.headerKind === 'media' ? 'header.media' : s.headerKind === 'text' ? 'header.text' : 'header';
    case 'body':
      return auth ? 'auth.security' : 'body';
    case 'footer':
      return auth ? 'auth.expiry' : 'footer';
    case 'button':
    case 'buttons':
      return second !== undefined && /^\d+$/.test(second) ? buttonField(s, Number(second), tail.join('.') || undefined) : auth ? 'auth.button' : 'buttons';
    default:
      return 'general';
  }
}

/** Messages per field, each once, in the order given. */
export function messagesByField(s: EditorState, meta: WaTemplate | undefined, issues: readonly { path: string; message: string }[]): Map<FieldKey, string[]> {
  const out = new Map<FieldKey, string[]>();
  for (const issue of issues) {
    const key = fieldOf(s, meta, issue);
    const list = out.get(key) ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    out.set(key, list);
  }
  return out;
}

/** Renames the variables of a text by `map` (old name -> new name). */
function renameVariables(text: string, map: Map<string, string>): string {
  const tokens = scanVariables(text).tokens;
  let out = '';
  let at = 0;
  for (const t of tokens) {
    out += text.slice(at, t.start) + (map.has(t.name) ? `{{${map.get(t.name)}}}` : t.raw);
    at = t.end;
  }
  return out + text.slice(at);
}

/**
 * The form with its variables in the other parameter format: numbered {{1}} become named
 * {{var_1}}, named ones become numbered in order of first use; samples follow their variable.
 */
export function switchParameterFormat(s: EditorState, format: ParameterFormat): EditorState {
  if (format === s.parameterFormat) return s;
  const convert = (text: string, samples: Record<string, string>) => {
    const names = variableNames(text);
    const map = new Map<string, string>();
    // Named: {{1}} -> {{var_1}}; numbered: every variable by order of first use, from {{1}}.
    names.forEach((n, j) => map.set(n, format === 'NAMED' ? (isPositionalName(n) ? `var_${n}` : n) : String(j + 1)));
    const renamed: Record<string, string> = {};
    for (const [from, to] of map) if (samples[from] !== undefined) renamed[to] = samples[from]!;
    return { text: renameVariables(text, map), samples: renamed };
  };
  const header = convert(s.headerText, s.headerSamples);
  const body = convert(s.body, s.bodySamples);
  return { ...s, parameterFormat: format, headerText: header.text, headerSamples: header.samples, body: body.text, bodySamples: body.samples };
}
