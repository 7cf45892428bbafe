/**
 * The console's template create/update payload (templates-dashboard-reports.md §3 "Template create
 * or update payload", "Authentication payload details", "Template (list and detail)", §2.4, §2.5;
 * ARCHITECTURE.md §5 `POST /api/wa/template`, §7 deviation 4: one editor with everything either
 * generation had) and its lossless mapping to and from the stored template in Meta's model
 * (wa-template-model.ts).
 *
 * Shapes, with the spec's field names:
 * - `header`: `{type: 'none'}` | `{type: 'text', text: {body}, variable?}` |
 *   `{type: 'image'|'video'|'document', example?: {header_handle: [..]}}` (a `link` is taken as the
 *   handle) | `{type: 'location'}`.
 * - `body`: `{text, variable?}` (a string is taken as the text; trimmed).
 * - `footer`: `{type: 'none'}` | `{type: 'text', text: {body}, footer_info?: {code_expired}}`.
 * - `button`: `[{type, text?, section, button_index, order, url_type?, button_info}]` (an empty
 *   object is taken as no buttons). Array order is the display order; `section`, `button_index`,
 *   `order` (index of the button's section) and `url_type` are worked out from it.
 * - `variable`: `[{name, value}]`, a sample per variable (`name` '1' or 'first_name').
 * - `message_security`: the authentication 'Add security recommendation' option.
 *
 * Pesan additions to the spec's payload: `parameter_format` and `message_send_ttl_seconds` (Meta's),
 * and in `button_info` Meta's OTP fields (`otp_type`, `supported_apps`, `zero_tap_terms_accepted`);
 * the spec's single `package_name` + `signature_hash` are taken as one supported app.
 *
 * consoleToMeta(metaToConsole(t)) equals t for every template waTemplateSchema gives, and
 * metaToConsole(consoleToMeta(p)) equals p for every payload consoleTemplatePayloadSchema gives
 * (with `application_id`/`template_code_id` passed back as metaToConsole's envelope).
 */
import { singleLine } from './text-fields.ts';
import { z } from './zod.ts';
import { authBodyText, authFooterText, optOutFooterDefault, waLanguageSchema } from './wa-template-languages.ts';
import { WA_TEMPLATE_MESSAGES as M } from './wa-template-messages.ts';
import {
  OTP_TYPES,
  WA_TEMPLATE_LIMITS,
  findComponent,
  parameterFormatSchema,
  templateCategorySchema,
  type NamedSample,
  type ParameterFormat,
  type TemplateCategory,
  type WaButton,
  type WaComponent,
  type WaTemplate,
} from './wa-template-model.ts';
import { isPositionalName, scanVariables } from './wa-template-variables.ts';

// ---------------------------------------------------------------------------------------------
// Schema
// ---------------------------------------------------------------------------------------------

const text = z.string().max(4096);
/** `{key: value}`, or `{}` when the value is undefined (so no key holds undefined). */
const opt = <K extends string, V>(key: K, value: V | undefined) => (value === undefined ? {} : ({ [key]: value } as { [P in K]: V }));
const lower = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) && typeof (v as { type?: unknown }).type === 'string' ? { ...v, type: (v as { type: string }).type.toLowerCase() } : v);

/** A variable's sample (§3: "variable list of name and value"). */
const variableSchema = z.object({ name: z.string().max(64), value: text });
export type ConsoleVariable = z.infer<typeof variableSchema>;
const variablesSchema = z.array(variableSchema).max(100);

const headerSchema = z.preprocess(
  lower,
  z.discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('none') }),
      z.object({ type: z.literal('text'), text: z.object({ body: text }), variable: variablesSchema.optional() }),
      z
        .object({
          type: z.enum(['image', 'video', 'document']),
          /** An uploaded file's URL: stored as the sample handle. */
          link: z.string().max(4096).optional(),
          example: z.object({ header_handle: z.array(z.string().max(4096)).max(10) }).optional(),
        })
        .transform(({ link, ...h }) => (link && !h.example ? { ...h, example: { header_handle: [link] } } : h)),
      z.object({ type: z.literal('location') }),
    ],
    { error: M.headerType },
  ),
);
export type ConsoleHeader = z.infer<typeof headerSchema>;

const bodySchema = z.preprocess(
  (v) => (typeof v === 'string' ? { text: v } : v),
  z.object({ text: text.transform((t) => t.trim()), variable: variablesSchema.optional() }),
);
export type ConsoleBody = z.infer<typeof bodySchema>;

const footerSchema = z.preprocess(
  lower,
  z.discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('none') }),
      z.object({
        type: z.literal('text'),
        text: z.object({ body: text }),
        /** Authentication expiry in minutes (§3: integer code_expired, default 10). */
        footer_info: z.object({ code_expired: z.number().int(M.codeExpiryWhole).default(WA_TEMPLATE_LIMITS.codeExpiryDefault) }).optional(),
      }),
    ],
    { error: M.footerType },
  ),
);
export type ConsoleFooter = z.infer<typeof footerSchema>;

/** Button kinds of the editor (§2.4, §2.5): Meta's types plus the marketing opt-out quick reply. */
export const CONSOLE_BUTTON_TYPES = ['QUICK_REPLY', 'MARKETING_OPT_OUT', 'URL', 'PHONE_NUMBER', 'COPY_CODE', 'OTP'] as const;
export type ConsoleButtonType = (typeof CONSOLE_BUTTON_TYPES)[number];
const BUTTON_TYPE_ALIASES: Record<string, ConsoleButtonType> = { MARKETING_DISAPPROVAL: 'MARKETING_OPT_OUT', COPY_PROMO_CODE: 'COPY_CODE' };

/** The two button sections of the newer form (§2.4): quick replies and calls to action. */
export const BUTTON_SECTIONS = ['quick_reply', 'cta'] as const;
export type ButtonSection = (typeof BUTTON_SECTIONS)[number];

/** The section a button kind belongs to: quick replies and the opt-out are quick replies, the rest CTA. */
export function buttonSection(type: string): ButtonSection {
  return type === 'QUICK_REPLY' || type === 'MARKETING_OPT_OUT' ? 'quick_reply' : 'cta';
}

const buttonInfoSchema = z
  .object({
    url: z.string().max(4096).optional(),
    sampleUrl: z.string().max(4096).optional(),
    phone_number: z.string().max(100).optional(),
    copy_promo_code: text.optional(),
    term_condition: z.boolean().optional(),
    footer_marketing_disapproval: text.optional(),
    otp_type: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(OTP_TYPES, { error: M.otpType })).optional(),
    autofill_text: text.optional(),
    supported_apps: z.array(z.object({ package_name: text.optional(), signature_hash: text.optional() })).max(100).optional(),
    zero_tap_terms_accepted: z.boolean().optional(),
    /** The spec's single app (§3 button_info): taken as `supported_apps[0]`. */
    package_name: text.optional(),
    signature_hash: text.optional(),
  })
  .transform(({ package_name, signature_hash, ...info }) =>
    (package_name !== undefined || signature_hash !== undefined) && !info.supported_apps ? { ...info, supported_apps: [{ package_name, signature_hash }] } : info,
  );

const buttonSchema = z.object({
  type: z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    const up = v.toUpperCase();
    return BUTTON_TYPE_ALIASES[up] ?? up;
  }, z.enum(CONSOLE_BUTTON_TYPES, { error: M.consoleButtonType })),
  text: text.optional(),
  /** Worked out from the list (§3: index in the list, section, order = index of the section). */
  button_index: z.number().int().optional(),
  order: z.number().int().optional(),
  section: z.enum(BUTTON_SECTIONS).optional(),
  /** Worked out from the URL: url_dynamic when it holds a variable (§2.4). */
  url_type: z.enum(['static', 'url_dynamic']).optional(),
  button_info: buttonInfoSchema.default({}),
});

/** The payload's fields as sent, before canonical() works out the derived ones. */
const payloadObjectSchema = z.object({
    template_name: singleLine(z.string({ error: M.nameRequired }).max(4096, M.nameTooLong), 'Template name'),
    template_category: templateCategorySchema,
    language: waLanguageSchema,
    source: z.literal('api').default('api'),
    /** Create only. */
    application_id: z.string().max(64).optional(),
    /** Edit only. */
    template_code_id: z.string().max(64).optional(),
    parameter_format: parameterFormatSchema.optional(),
    message_send_ttl_seconds: z.number().int().min(-1).max(30 * 24 * 3600).optional(),
    header: headerSchema.default({ type: 'none' }),
    body: bodySchema.default({ text: '' }),
    footer: footerSchema.default({ type: 'none' }),
    button: z.preprocess((v) => (v && typeof v === 'object' && !Array.isArray(v) && !Object.keys(v).length ? [] : v), z.array(buttonSchema).max(100)).default([]),
    message_security: z.boolean().optional(),
});
type Parsed = z.output<typeof payloadObjectSchema>;
/** A button of a parsed payload; `section`, `button_index`, `order` (and `url_type` on URL buttons) are always set. */
export type ConsoleButton = z.output<typeof buttonSchema>;

const hasVariable = (url: string | undefined) => scanVariables(url).tokens.length > 0;

/** Works out the derived fields of a parsed payload (see consoleTemplatePayloadSchema). */
function canonical(p: Parsed): Parsed {
  const auth = p.template_category === 'AUTHENTICATION';
  let footer: ConsoleFooter = p.footer;
  let optOutFooter: string | undefined;
  const optOut = p.button.find((b) => b.type === 'MARKETING_OPT_OUT');
  if (optOut) {
    optOutFooter = optOut.button_info.footer_marketing_disapproval?.trim() || (footer.type === 'text' ? footer.text.body.trim() : '') || optOutFooterDefault(p.language);
    footer = { type: 'text', text: { body: optOutFooter } };
  }
  if (auth && footer.type === 'text' && footer.footer_info) footer = { ...footer, text: { body: authFooterText(p.language, footer.footer_info.code_expired) } };
  const bodyText = auth ? authBodyText(p.language, p.message_security === true) : p.body.text;
  const body: ConsoleBody = { text: bodyText, ...opt('variable', canonicalSamples(p.body.variable)) };
  const header: ConsoleHeader = p.header.type === 'text' ? { type: 'text', text: p.header.text, ...opt('variable', canonicalSamples(p.header.variable)) } : p.header;
  const button = placeButtons(
    p.button.map((b): ConsoleButton => {
      const info = pick(b.button_info, BUTTON_INFO_KEYS[b.type]);
      if (b.type === 'MARKETING_OPT_OUT') info.footer_marketing_disapproval = optOutFooter;
      if (b.type === 'OTP') info.otp_type ??= 'COPY_CODE';
      return {
        type: b.type,
        ...opt('text', b.text),
        ...(b.type === 'URL' ? { url_type: hasVariable(info.url) ? ('url_dynamic' as const) : ('static' as const) } : {}),
        button_info: info,
      };
    }),
  );
  return { ...p, header, body, footer, button };
}

type ButtonInfo = z.output<typeof buttonInfoSchema>;

/** The `button_info` fields each kind carries (the others are dropped). */
const BUTTON_INFO_KEYS: Record<ConsoleButtonType, readonly (keyof ButtonInfo)[]> = {
  QUICK_REPLY: [],
  MARKETING_OPT_OUT: ['term_condition', 'footer_marketing_disapproval'],
  URL: ['url', 'sampleUrl'],
  PHONE_NUMBER: ['phone_number'],
  COPY_CODE: ['copy_promo_code'],
  OTP: ['otp_type', 'autofill_text', 'supported_apps', 'zero_tap_terms_accepted'],
};

function pick(info: ButtonInfo, keys: readonly (keyof ButtonInfo)[]): ButtonInfo {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (info[k] !== undefined) out[k] = info[k];
  return out as ButtonInfo;
}

/** Positional samples in number order without gaps ('' fills one); named samples as given. */
function canonicalSamples(list: ConsoleVariable[] | undefined): ConsoleVariable[] | undefined {
  if (!list?.length || !list.every((v) => isPositionalName(v.name))) return list;
  return fromPositional(positionalValues(list));
}

/** Sets each button's section, button_index (position in the list) and order (position of its section). */
function placeButtons(buttons: ConsoleButton[]): ConsoleButton[] {
  const first = buttons[0] ? buttonSection(buttons[0].type) : 'quick_reply';
  return buttons.map(({ url_type, ...b }, i) => {
    const section = buttonSection(b.type);
    return { ...b, section, button_index: i, order: section === first ? 0 : 1, ...(b.type === 'URL' ? { url_type: url_type ?? ('static' as const) } : {}) };
  });
}

/**
 * The console's create/update payload (§3), canonical: buttons' section, index, order and URL
 * type worked out from their order; a marketing opt-out's footer text is the template footer (its
 * own `footer_marketing_disapproval`, else the footer's text, else the language's default, §2.4);
 * an authentication body and expiry footer carry the language's preset wording (§2.5, §3).
 */
export const consoleTemplatePayloadSchema = payloadObjectSchema.transform((p) => canonical(p));
export type ConsoleTemplatePayload = z.output<typeof consoleTemplatePayloadSchema>;
export type ConsoleTemplateInput = z.input<typeof consoleTemplatePayloadSchema>;

// ---------------------------------------------------------------------------------------------
// Samples
// ---------------------------------------------------------------------------------------------

/** Whether a list of samples is positional: every name a number (an empty list follows `format`). */
function positionalList(list: ConsoleVariable[], format: ParameterFormat | undefined): boolean {
  return list.length ? list.every((v) => isPositionalName(v.name)) : format !== 'NAMED';
}

/** Positional samples in order of their number, `{{1}}` first; a missing number gets ''. */
function positionalValues(list: ConsoleVariable[]): string[] {
  const out: string[] = [];
  for (const v of list) out[Number(v.name) - 1] = v.value;
  return Array.from(out, (v) => v ?? '');
}

const fromPositional = (values: readonly string[]): ConsoleVariable[] => values.map((value, i) => ({ name: String(i + 1), value }));
const fromNamed = (samples: readonly NamedSample[]): ConsoleVariable[] => samples.map((s) => ({ name: s.param_name, value: s.example }));
const toNamed = (list: ConsoleVariable[]): NamedSample[] => list.map((v) => ({ param_name: v.name, example: v.value }));

// ---------------------------------------------------------------------------------------------
// Console -> Meta
// ---------------------------------------------------------------------------------------------

function headerToMeta(h: ConsoleHeader, format: ParameterFormat | undefined): WaComponent | undefined {
  switch (h.type) {
    case 'none':
      return undefined;
    case 'location':
      return { type: 'HEADER', format: 'LOCATION' };
    case 'text': {
      const v = h.variable;
      const example = v === undefined ? undefined : positionalList(v, format) ? { header_text: positionalValues(v) } : { header_text_named_params: toNamed(v) };
      return { type: 'HEADER', format: 'TEXT', ...(h.text.body !== '' ? { text: h.text.body } : {}), ...(example ? { example } : {}) };
    }
    default:
      return { type: 'HEADER', format: h.type.toUpperCase() as 'IMAGE' | 'VIDEO' | 'DOCUMENT', ...(h.example ? { example: { header_handle: h.example.header_handle } } : {}) };
  }
}

function bodyToMeta(p: ConsoleTemplatePayload): WaComponent | undefined {
  const auth = p.template_category === 'AUTHENTICATION';
  const v = p.body.variable;
  const custom = auth ? p.body.text !== authBodyText(p.language, p.message_security === true) : true;
  const textOut = p.body.text !== '' && custom ? { text: p.body.text } : {};
  const example = v === undefined ? undefined : positionalList(v, p.parameter_format) ? { body_text: [positionalValues(v)] } : { body_text_named_params: toNamed(v) };
  const body = {
    type: 'BODY' as const,
    ...textOut,
    ...(p.message_security !== undefined ? { add_security_recommendation: p.message_security } : {}),
    ...(example ? { example } : {}),
  };
  if (Object.keys(body).length === 1 && !(auth && p.body.text !== '')) return undefined;
  return body;
}

function footerToMeta(f: ConsoleFooter, category: TemplateCategory, language: string): WaComponent | undefined {
  if (f.type === 'none') return undefined;
  const minutes = f.footer_info?.code_expired;
  const derived = category === 'AUTHENTICATION' && minutes !== undefined ? authFooterText(language, minutes) : undefined;
  return {
    type: 'FOOTER',
    ...(f.text.body !== '' && f.text.body !== derived ? { text: f.text.body } : {}),
    ...(minutes !== undefined ? { code_expiration_minutes: minutes } : {}),
  };
}

function buttonToMeta(b: ConsoleButton): WaButton {
  const i = b.button_info;
  switch (b.type) {
    case 'QUICK_REPLY':
      return { type: 'QUICK_REPLY', ...opt('text', b.text) };
    case 'MARKETING_OPT_OUT':
      return { type: 'QUICK_REPLY', ...opt('text', b.text), marketing_opt_out: true, ...opt('term_condition', i.term_condition) };
    case 'URL':
      return { type: 'URL', ...opt('text', b.text), ...opt('url', i.url), ...(i.sampleUrl !== undefined ? { example: [i.sampleUrl] } : {}) };
    case 'PHONE_NUMBER':
      return { type: 'PHONE_NUMBER', ...opt('text', b.text), ...opt('phone_number', i.phone_number) };
    case 'COPY_CODE':
      return { type: 'COPY_CODE', ...opt('text', b.text), ...opt('example', i.copy_promo_code) };
    case 'OTP':
      return {
        type: 'OTP',
        otp_type: i.otp_type ?? 'COPY_CODE',
        ...opt('text', b.text),
        ...opt('autofill_text', i.autofill_text),
        ...opt('supported_apps', i.supported_apps),
        ...opt('zero_tap_terms_accepted', i.zero_tap_terms_accepted),
      };
  }
}

/**
 * The stored template (Meta's model) of a console payload (§3 -> Meta's create body): name,
 * category, language, parameter_format and TTL as given; header, body (with `example` samples from
 * the variable lists: `body_text`/`header_text` when every name is a number, else the
 * `*_named_params`), footer, and buttons in the payload's order. An authentication body or
 * footer whose text is the preset wording is sent as Meta's `add_security_recommendation` /
 * `code_expiration_minutes` alone. Pure; does not validate (see validateTemplate).
 */
export function consoleToMeta(p: ConsoleTemplatePayload): WaTemplate {
  const components: WaComponent[] = [];
  const header = headerToMeta(p.header, p.parameter_format);
  const body = bodyToMeta(p);
  const footer = footerToMeta(p.footer, p.template_category, p.language);
  if (header) components.push(header);
  if (body) components.push(body);
  if (footer) components.push(footer);
  if (p.button.length) components.push({ type: 'BUTTONS', buttons: p.button.map(buttonToMeta) });
  return {
    name: p.template_name,
    language: p.language,
    category: p.template_category,
    ...opt('parameter_format', p.parameter_format),
    ...opt('message_send_ttl_seconds', p.message_send_ttl_seconds),
    components,
  };
}

// ---------------------------------------------------------------------------------------------
// Meta -> console
// ---------------------------------------------------------------------------------------------

function headerToConsole(t: WaTemplate): ConsoleHeader {
  const h = findComponent(t, 'HEADER').component;
  if (!h) return { type: 'none' };
  if (h.format === 'LOCATION') return { type: 'location' };
  if (h.format === 'TEXT') {
    const e = h.example;
    const variable = e?.header_text ? fromPositional(e.header_text) : e?.header_text_named_params ? fromNamed(e.header_text_named_params) : undefined;
    return { type: 'text', text: { body: h.text ?? '' }, ...opt('variable', variable) };
  }
  const type = h.format.toLowerCase() as 'image' | 'video' | 'document';
  return { type, ...(h.example?.header_handle ? { example: { header_handle: h.example.header_handle } } : {}) };
}

function buttonToConsole(b: WaButton, language: string, footerText: string | undefined): ConsoleButton {
  switch (b.type) {
    case 'QUICK_REPLY':
      return b.marketing_opt_out
        ? { type: 'MARKETING_OPT_OUT' as const, ...opt('text', b.text), button_info: { ...opt('term_condition', b.term_condition), footer_marketing_disapproval: footerText ?? optOutFooterDefault(language) } }
        : { type: 'QUICK_REPLY' as const, ...opt('text', b.text), button_info: {} };
    case 'URL':
      return {
        type: 'URL' as const,
        ...opt('text', b.text),
        url_type: hasVariable(b.url) ? ('url_dynamic' as const) : ('static' as const),
        button_info: { ...opt('url', b.url), ...opt('sampleUrl', b.example?.[0]) },
      };
    case 'PHONE_NUMBER':
      return { type: 'PHONE_NUMBER' as const, ...opt('text', b.text), button_info: { ...opt('phone_number', b.phone_number) } };
    case 'COPY_CODE':
      return { type: 'COPY_CODE' as const, ...opt('text', b.text), button_info: { ...opt('copy_promo_code', b.example) } };
    case 'OTP':
      return {
        type: 'OTP' as const,
        ...opt('text', b.text),
        button_info: {
          otp_type: b.otp_type,
          ...opt('autofill_text', b.autofill_text),
          ...opt('supported_apps', b.supported_apps),
          ...opt('zero_tap_terms_accepted', b.zero_tap_terms_accepted),
        },
      };
  }
}

/**
 * The console payload of a stored template (Meta's model -> §3), for the edit form and the detail
 * call: every field of the template, with `application_id` / `template_code_id` from `envelope`.
 * Samples become `variable` lists (`{{1}}`… by position, or by name); an authentication body and
 * expiry footer without text of their own show the language's preset wording (§2.5).
 */
export function metaToConsole(t: WaTemplate, envelope: { application_id?: string; template_code_id?: string } = {}): ConsoleTemplatePayload {
  const auth = t.category === 'AUTHENTICATION';
  const body = findComponent(t, 'BODY').component;
  const footer = findComponent(t, 'FOOTER').component;
  const buttons = findComponent(t, 'BUTTONS').component?.buttons ?? [];

  const e = body?.example;
  const variable = e?.body_text ? fromPositional(e.body_text[0] ?? []) : e?.body_text_named_params ? fromNamed(e.body_text_named_params) : undefined;
  const bodyText = body?.text ?? (auth && body ? authBodyText(t.language, body.add_security_recommendation === true) : '');

  let consoleFooter: ConsoleFooter = { type: 'none' };
  if (footer) {
    const minutes = footer.code_expiration_minutes;
    const derived = auth && minutes !== undefined ? authFooterText(t.language, minutes) : '';
    consoleFooter = { type: 'text', text: { body: footer.text ?? derived }, ...(minutes !== undefined ? { footer_info: { code_expired: minutes } } : {}) };
  }

  return {
    template_name: t.name,
    template_category: t.category,
    language: t.language,
    source: 'api',
    ...opt('application_id', envelope.application_id),
    ...opt('template_code_id', envelope.template_code_id),
    ...opt('parameter_format', t.parameter_format),
    ...opt('message_send_ttl_seconds', t.message_send_ttl_seconds),
    header: headerToConsole(t),
    body: { text: bodyText, ...opt('variable', variable) },
    footer: consoleFooter,
    button: placeButtons(buttons.map((b) => buttonToConsole(b, t.language, footer?.text))),
    ...opt('message_security', body?.add_security_recommendation),
  };
}
