/**
 * The stored content of a WhatsApp message template in Meta's own component model
 * (templates-dashboard-reports.md §1, §2.3, §3, §9; ARCHITECTURE.md §6 `POST /v1/whatsapp/templates`
 * takes Meta's create body unchanged): `{name, language, category, parameter_format?, components}`
 * with HEADER (TEXT/IMAGE/VIDEO/DOCUMENT/LOCATION), BODY, FOOTER and BUTTONS (QUICK_REPLY, URL,
 * PHONE_NUMBER, COPY_CODE, OTP) and their `example` samples.
 *
 * Type names, `format`, `category`, `parameter_format` and `otp_type` are accepted in upper or
 * lower case and stored upper case. The schema checks shapes only; the spec's limits and Meta's
 * format rules are `validateTemplate` (wa-template-rules.ts), so a draft can be stored incomplete.
 *
 * Pesan extensions (stripped by `toMetaCreateBody` before anything goes to Meta): a QUICK_REPLY
 * button may carry `marketing_opt_out: true` and `term_condition` (the console's marketing
 * opt-out button, §2.4).
 */
import { singleLine } from './text-fields.ts';
import { z } from './zod.ts';
import { waLanguageSchema } from './wa-template-languages.ts';
import { WA_TEMPLATE_MESSAGES as M } from './wa-template-messages.ts';
import { isPositionalName, variableNames } from './wa-template-variables.ts';

// ---------------------------------------------------------------------------------------------
// Enumerations and limits
// ---------------------------------------------------------------------------------------------

/** Template categories (§1, §2.3, §9). */
export const TEMPLATE_CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

/** Radio card labels and meanings of the New Whatsapp Template modal (§2.3). */
export const TEMPLATE_CATEGORY_OPTIONS: readonly { value: TemplateCategory; label: string; description: string }[] = [
  { value: 'MARKETING', label: 'Marketing', description: 'Promotions and information.' },
  { value: 'UTILITY', label: 'Utility', description: 'Messages about an existing order or account.' },
  { value: 'AUTHENTICATION', label: 'Authentication', description: 'Codes to verify a transaction or login.' },
];

/** Meta's `parameter_format`: numbered `{{1}}` variables (Meta's default) or named `{{first_name}}` ones. */
export const PARAMETER_FORMATS = ['POSITIONAL', 'NAMED'] as const;
export type ParameterFormat = (typeof PARAMETER_FORMATS)[number];

export const HEADER_FORMATS = ['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT', 'LOCATION'] as const;
export type HeaderFormat = (typeof HEADER_FORMATS)[number];
export const MEDIA_HEADER_FORMATS = ['IMAGE', 'VIDEO', 'DOCUMENT'] as const;
export type MediaHeaderFormat = (typeof MEDIA_HEADER_FORMATS)[number];

export const COMPONENT_TYPES = ['HEADER', 'BODY', 'FOOTER', 'BUTTONS'] as const;
export type ComponentType = (typeof COMPONENT_TYPES)[number];

export const BUTTON_TYPES = ['QUICK_REPLY', 'URL', 'PHONE_NUMBER', 'COPY_CODE', 'OTP'] as const;
export type ButtonType = (typeof BUTTON_TYPES)[number];

/** OTP button kinds of authentication templates: copy code, one-tap autofill, zero-tap. */
export const OTP_TYPES = ['COPY_CODE', 'ONE_TAP', 'ZERO_TAP'] as const;
export type OtpType = (typeof OTP_TYPES)[number];

/**
 * Limits of §5.1, §5.3, §9 and Meta's (button counts, code expiry, Android app identity). Character
 * counts are UTF-16 code units, as the editor's counters and zod's `.max()` count.
 */
export const WA_TEMPLATE_LIMITS = {
  name: 512,
  headerText: 60,
  headerVariables: 1,
  body: 1024,
  footer: 60,
  /** Newer form and authentication (§5.3); the older form had 20. */
  buttonText: 25,
  promoCode: 15,
  url: 2000,
  buttons: 10,
  urlButtons: 2,
  phoneButtons: 1,
  copyCodeButtons: 1,
  optOutButtons: 1,
  phoneNumber: 20,
  codeExpiryMin: 1,
  codeExpiryMax: 90,
  /** §3 Authentication payload details, §9. */
  codeExpiryDefault: 10,
  supportedApps: 5,
  packageName: 224,
  signatureHash: 11,
} as const;

/** Generous caps on stored sizes, so a bad request cannot store megabytes; the real limits are the rules'. */
const CAP = { text: 4096, url: 4096, list: 100 } as const;

// ---------------------------------------------------------------------------------------------
// Case normalising
// ---------------------------------------------------------------------------------------------

/** A shallow copy of an object with the string values of `keys` upper-cased (other input as is). */
function upperCaseKeys(keys: readonly string[]) {
  return (input: unknown): unknown => {
    if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
    const out: Record<string, unknown> = { ...(input as Record<string, unknown>) };
    for (const k of keys) if (typeof out[k] === 'string') out[k] = (out[k] as string).toUpperCase();
    return out;
  };
}

// ---------------------------------------------------------------------------------------------
// Components
// ---------------------------------------------------------------------------------------------

const textField = z.string().max(CAP.text);
/** A named variable's sample: `{param_name, example}`. */
const namedSampleSchema = z.object({ param_name: z.string().max(64), example: textField });
export type NamedSample = z.infer<typeof namedSampleSchema>;

const headerSchema = z.object({
  type: z.literal('HEADER'),
  format: z.enum(HEADER_FORMATS, { error: M.headerFormat }),
  text: textField.optional(),
  example: z
    .object({
      header_text: z.array(textField).max(CAP.list).optional(),
      header_text_named_params: z.array(namedSampleSchema).max(CAP.list).optional(),
      header_handle: z.array(z.string().max(CAP.url)).max(CAP.list).optional(),
    })
    .optional(),
});

const bodySchema = z.object({
  type: z.literal('BODY'),
  text: textField.optional(),
  /** Authentication only: adds 'For your security, do not share this code.' */
  add_security_recommendation: z.boolean().optional(),
  example: z
    .object({
      /** One list of samples, `{{1}}` first (Meta's array of one array). */
      body_text: z.array(z.array(textField).max(CAP.list)).max(1, M.bodyExampleOneList).optional(),
      body_text_named_params: z.array(namedSampleSchema).max(CAP.list).optional(),
    })
    .optional(),
});

const footerSchema = z.object({
  type: z.literal('FOOTER'),
  text: textField.optional(),
  /** Authentication only: 'This code expires in N minutes.' */
  code_expiration_minutes: z.number().int(M.codeExpiryWhole).optional(),
});

const oneOrList = (item: z.ZodString) => z.preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(item).max(1, M.urlOneSample));
const firstOfList = (v: unknown) => (Array.isArray(v) && v.length <= 1 ? v[0] : v);

const supportedAppSchema = z.object({
  package_name: z.string().max(CAP.text).optional(),
  signature_hash: z.string().max(CAP.text).optional(),
});
export type SupportedApp = z.infer<typeof supportedAppSchema>;

const buttonSchema = z.preprocess(
  upperCaseKeys(['type', 'otp_type']),
  z.discriminatedUnion(
    'type',
    [
      z.object({
        type: z.literal('QUICK_REPLY'),
        text: textField.optional(),
        /** Pesan: the console's marketing opt-out button (§2.4). */
        marketing_opt_out: z.literal(true).optional(),
        /** Pesan: the opt-out button's terms checkbox (§2.4). */
        term_condition: z.boolean().optional(),
      }),
      z.object({
        type: z.literal('URL'),
        text: textField.optional(),
        url: z.string().max(CAP.url).optional(),
        /** The sample of a dynamic URL (`…{{1}}`): the whole sample URL or, as Meta's examples give it, the value of `{{1}}` ('summer2023'); a string is taken as a list of one. */
        example: oneOrList(z.string().max(CAP.url)).optional(),
      }),
      z.object({ type: z.literal('PHONE_NUMBER'), text: textField.optional(), phone_number: z.string().max(CAP.text).optional() }),
      z.object({
        type: z.literal('COPY_CODE'),
        /** Meta fixes the label ('Copy offer code'); the console shows its own (§2.4). */
        text: textField.optional(),
        /** The sample promo code (a list of one is taken as its one string). */
        example: z.preprocess(firstOfList, z.string().max(CAP.text)).optional(),
      }),
      z
        .object({
          type: z.literal('OTP'),
          otp_type: z.enum(OTP_TYPES, { error: M.otpType }),
          text: textField.optional(),
          autofill_text: textField.optional(),
          supported_apps: z.array(supportedAppSchema).max(CAP.list).optional(),
          zero_tap_terms_accepted: z.boolean().optional(),
          /** Meta's deprecated single-app fields: read into `supported_apps`. */
          package_name: z.string().max(CAP.text).optional(),
          signature_hash: z.string().max(CAP.text).optional(),
        })
        .transform(({ package_name, signature_hash, ...b }) =>
          (package_name !== undefined || signature_hash !== undefined) && !b.supported_apps ? { ...b, supported_apps: [{ package_name, signature_hash }] } : b,
        ),
    ],
    { error: M.buttonType },
  ),
);

const buttonsSchema = z.object({
  type: z.literal('BUTTONS'),
  buttons: z.array(buttonSchema).max(CAP.list),
});

const componentSchema = z.preprocess(
  upperCaseKeys(['type', 'format']),
  z.discriminatedUnion('type', [headerSchema, bodySchema, footerSchema, buttonsSchema], { error: M.componentType }),
);

export type WaComponent = z.infer<typeof componentSchema>;
export type WaHeader = Extract<WaComponent, { type: 'HEADER' }>;
export type WaBody = Extract<WaComponent, { type: 'BODY' }>;
export type WaFooter = Extract<WaComponent, { type: 'FOOTER' }>;
export type WaButtons = Extract<WaComponent, { type: 'BUTTONS' }>;
export type WaButton = WaButtons['buttons'][number];

const ORDER: Record<ComponentType, number> = { HEADER: 0, BODY: 1, FOOTER: 2, BUTTONS: 3 };

// ---------------------------------------------------------------------------------------------
// Template
// ---------------------------------------------------------------------------------------------

export const templateCategorySchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.toUpperCase() : v),
  z.enum(TEMPLATE_CATEGORIES, { error: (i) => (i.input === undefined || i.input === '' ? M.categoryRequired : M.categoryUnknown) }),
);

export const parameterFormatSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.toUpperCase() : v),
  z.enum(PARAMETER_FORMATS, { error: M.parameterFormat }),
);

/**
 * A template's content in Meta's model (Meta's create body): `{name, language, category,
 * parameter_format?, message_send_ttl_seconds?, components}`. Components come out in Meta's order
 * (HEADER, BODY, FOOTER, BUTTONS), at most one of each; unknown fields are dropped.
 */
export const waTemplateSchema = z.object({
  name: singleLine(z.string({ error: M.nameRequired }).max(CAP.text, M.nameTooLong), '`name`'),
  language: waLanguageSchema,
  category: templateCategorySchema,
  parameter_format: parameterFormatSchema.optional(),
  /** Meta's time-to-live of an undelivered message, in seconds. */
  message_send_ttl_seconds: z.number().int().min(-1).max(30 * 24 * 3600).optional(),
  components: z
    .array(componentSchema, { error: M.componentsList })
    .max(CAP.list)
    .superRefine((components, ctx) => {
      const seen = new Set<string>();
      components.forEach((c, i) => {
        if (seen.has(c.type)) ctx.addIssue({ code: 'custom', path: [i, 'type'], message: M.componentDuplicate(c.type) });
        seen.add(c.type);
      });
    })
    .transform((components) => [...components].sort((a, b) => ORDER[a.type] - ORDER[b.type])),
});
export type WaTemplate = z.infer<typeof waTemplateSchema>;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/** The component of a type, with its index in `components` (-1 when absent). */
export function findComponent<T extends ComponentType>(template: Pick<WaTemplate, 'components'>, type: T): { component: Extract<WaComponent, { type: T }> | undefined; index: number } {
  const index = template.components.findIndex((c) => c.type === type);
  return { component: index < 0 ? undefined : (template.components[index] as Extract<WaComponent, { type: T }>), index };
}

/**
 * Sanitises a template name (§5.1): spaces become underscores, characters other than letters,
 * digits and underscore are removed, the text is lower-cased and cut to 512 characters.
 */
export function sanitizeTemplateName(name: string): string {
  return name.replace(/ /g, '_').replace(/[^A-Za-z0-9_]/g, '').toLowerCase().slice(0, WA_TEMPLATE_LIMITS.name);
}

/** Every well-formed variable of the header text and body text, in order. */
export function templateVariableNames(template: Pick<WaTemplate, 'components'>): string[] {
  const header = findComponent(template, 'HEADER').component;
  const body = findComponent(template, 'BODY').component;
  return [...variableNames(header?.format === 'TEXT' ? header.text : undefined), ...variableNames(body?.text)];
}

/**
 * The parameter format a template is sent to Meta with: its `parameter_format`, else NAMED when
 * its header or body uses a named variable, else POSITIONAL (Meta's default).
 */
export function effectiveParameterFormat(template: Pick<WaTemplate, 'components' | 'parameter_format'>): ParameterFormat {
  if (template.parameter_format) return template.parameter_format;
  return templateVariableNames(template).some((n) => !isPositionalName(n)) ? 'NAMED' : 'POSITIONAL';
}

/**
 * Meta's create body for a stored template (what the whatsapp-cloud driver POSTs to
 * `/{waba_id}/message_templates`): the template with `parameter_format` set (effectiveParameterFormat)
 * and Pesan's extensions (`marketing_opt_out`, `term_condition`) removed.
 */
export function toMetaCreateBody(template: WaTemplate): WaTemplate {
  return {
    ...template,
    parameter_format: effectiveParameterFormat(template),
    components: template.components.map((c) =>
      c.type !== 'BUTTONS'
        ? c
        : {
            ...c,
            buttons: c.buttons.map((b) => {
              if (b.type !== 'QUICK_REPLY') return b;
              const { marketing_opt_out: _optOut, term_condition: _terms, ...rest } = b;
              return rest;
            }),
          },
    ),
  };
}
