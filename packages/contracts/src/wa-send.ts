/**
 * WhatsApp template parameters in a /v1 send (ARCHITECTURE.md §6 "Template parameters in a send"):
 * the request's schema, and the pure rule that checks a request against the template's stored
 * components (Meta's component model) and builds Meta's send `components` array.
 */
import { singleLine } from './text-fields.ts';
import { z } from './zod.ts';
import { ZOD_MESSAGES } from './zod-messages.ts';

/** Longest text parameter Meta takes (body variables), in characters. */
export const WA_PARAMETER_MAX = 1024;

/** The kinds of template button that take a parameter in a send. */
export type WaParameterButtonKind = 'url' | 'copy_code' | 'otp';
/** How a message names a button kind ('button 2 (URL)'). */
export const WA_BUTTON_KIND_LABELS: Record<WaParameterButtonKind, string> = { url: 'URL', copy_code: 'copy code', otp: 'one-time code' };

/** 'an' before a vowel ('an IMAGE', 'an image'), else 'a'. */
const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

/** Texts of the WhatsApp template send schema (/v1) and of buildTemplateComponents, keyed (twins in messages-id.ts). */
export const WA_SEND_MESSAGES = {
  paramEmpty: 'Parameter values must not be empty',
  paramTooLong: `Parameter values must be at most ${WA_PARAMETER_MAX} characters`,
  paramName: 'Parameter names are lower-case letters, digits and underscores, as in the template',
  paramsShape: (field: string) => `\`${field}\` must be a list of strings (positional template) or an object of strings by name (named template)`,
  componentType: 'Each of `template.components` needs a `type` (header, body, button)',
  mediaLinkHttps: '`template.header_media.link` must be an https:// URL',
  latitudeNumber: '`template.header_location.latitude` must be a number',
  latitudeRange: '`template.header_location.latitude` must be between -90 and 90',
  longitudeNumber: '`template.header_location.longitude` must be a number',
  longitudeRange: '`template.header_location.longitude` must be between -180 and 180',
  buttonParamsMax: '`template.button_parameters` must have at most 10 values',
  componentsEmpty: '`template.components` must not be empty',
  componentsOrParameters: "Send either Meta's `components` or `parameters` / `header_*` / `button_parameters`, not both",
  mediaOrLocation: 'Send either `header_media` or `header_location`, not both',
  noBodyParameters: 'The template body has no parameters',
  noHeaderParameter: 'The template has no header parameter',
  noMediaHeader: 'The template has no media header (image, video or document)',
  noLocationHeader: 'The template has no location header',
  noButtonParameter: 'The template has no button that takes a parameter',
  /** `where`: 'body' or 'header'; `variable`: as in the template ('1', 'first_name'). */
  missingParameter: (where: string, variable: string) => `Missing ${where} parameter {{${variable}}}`,
  /** `example`: the template's first variable name. */
  namedParameters: (field: string, example: string) => `This template takes named parameters: send \`${field}\` as an object, e.g. {"${example}": "…"}`,
  /** `variables`: the template's variables as written, '{{order_id}}, {{state}}'. */
  unexpectedNamedParameter: (name: string, where: string, variables: string) => `Unexpected parameter \`${name}\`: the template ${where} has ${variables}`,
  positionalParameters: (field: string) => `This template takes positional parameters: send \`${field}\` as a list of strings in order, {{1}} first`,
  /** `count`: the template's parameters in `where`; the extra one is {{count + 1}}. */
  unexpectedPositionalParameter: (where: string, count: number) =>
    `Unexpected ${where} parameter {{${count + 1}}}: the template ${where} has ${count} parameter${count === 1 ? '' : 's'}`,
  /** `type`: the header's media type (image, video, document). */
  missingHeaderMedia: (type: string) => `Missing \`header_media\`: the template has ${article(type)} ${type} header; send {"link": "https://…"}`,
  missingHeaderLocation: 'Missing `header_location`: the template has a location header; send {"latitude", "longitude", "name", "address"}',
  /** `button`: the button's number among all buttons (1 for the first). */
  missingButtonParameter: (button: number, kind: WaParameterButtonKind) => `Missing button parameter for button ${button} (${WA_BUTTON_KIND_LABELS[kind]})`,
  /** `count`: the template's buttons that take a parameter (1 or more). */
  unexpectedButtonParameter: (count: number) =>
    `Unexpected button parameter: the template has ${count} button${count === 1 ? '' : 's'} that take${count === 1 ? 's' : ''} a parameter`,
} as const;
const W = WA_SEND_MESSAGES;

/** The media types of a template header (Meta's parameter `type`; the HEADER `format` in lower case). */
export const WA_MEDIA_TYPES = ['image', 'video', 'document'] as const;

/** How to send a media header of `type` in Meta's form (in a message, after 'send'). */
const mediaExample = (type: string) => `{"type": "header", "parameters": [{"type": "${type}", "${type}": {"link": "https://…"}}]} (or {"id": "<media id>"} instead of the link)`;

/**
 * Texts of the checks of Meta's own `components` in a /v1 WhatsApp send (server
 * send-parameters.ts), keyed (twins in messages-id.ts). `format`: the template's HEADER format in
 * upper case (IMAGE, VIDEO, DOCUMENT; TEXT, LOCATION where named); `type`: a parameter's type as sent.
 */
export const WA_TEMPLATE_SEND_MESSAGES = {
  /** `where`: 'header' or 'body'. */
  textParameters: (where: string) => `The ${where} takes text parameters: {"type": "text", "text": "…"}`,
  parameterNames: 'Name every parameter (`parameter_name`) or none',
  missingMediaParameter: (format: string) =>
    `Missing the ${format.toLowerCase()} of the HEADER component: the template's header is ${article(format)} ${format}; send ${mediaExample(format.toLowerCase())}`,
  /** `type`: the type sent ('' when untyped). */
  wrongMediaParameter: (format: string, type: string) =>
    `Wrong HEADER parameter: the template's header is ${article(format)} ${format}, so its parameter is of type "${format.toLowerCase()}", not ${type ? `"${type}"` : 'untyped'}; send ${mediaExample(format.toLowerCase())}`,
  extraMediaParameter: (format: string) => `Unexpected HEADER parameter: ${article(format)} ${format} header takes one ${format.toLowerCase()} parameter`,
  mediaLinkAndId: (format: string) => `The HEADER ${format.toLowerCase()} takes a \`link\` or a media \`id\`, not both`,
  mediaLinkInvalid: (format: string) => `The HEADER ${format.toLowerCase()} \`link\` must be an http(s) URL of at most 2048 characters`,
  mediaLinkOrId: (format: string) => `The HEADER ${format.toLowerCase()} needs a \`link\` (https://…) or a media \`id\`: send ${mediaExample(format.toLowerCase())}`,
  /** `type`: 'header' or 'body'. */
  oneComponent: (type: string) => `Send one ${type} component`,
  /** `type`: the media type sent; `format`: the template's HEADER format, null without a header. */
  unexpectedMediaParameter: (type: string, format: string | null) =>
    `Unexpected ${type} HEADER parameter: the template has ${format ? `${article(format)} ${format} header` : 'no header'}`,
  buttonIndex: 'A button component needs its `index` (0 for the first button)',
  /** `button`: the button's number among all buttons (1 for the first). */
  buttonTakesNoParameter: (button: number) => `Unexpected button parameter: button ${button} of the template takes no parameter`,
  missingButtonValue: (button: number) => `Missing button parameter for button ${button}`,
  componentType: 'Each of `template.components` is a header, body or button component',
  missingHeaderComponent: (format: string) =>
    `Missing the HEADER component: the template's header is ${article(format)} ${format}; send ${mediaExample(format.toLowerCase())}`,
} as const;

const paramValue = z.string().min(1, W.paramEmpty).max(WA_PARAMETER_MAX, W.paramTooLong);
const paramName = z.string().regex(/^[a-z0-9_]{1,64}$/, W.paramName);

/** Positional (array in order, `{{1}}` first) or named (object by name) parameter values. */
const paramsSchema = (field: string) =>
  z.union([z.array(paramValue).max(100), z.record(paramName, paramValue)], {
    error: W.paramsShape(field),
  });

/** Meta's own send components (passed through as given): `{type: 'header'|'body'|'button'|…, …}`. */
const metaComponentSchema = z.looseObject({
  type: z.string({ error: W.componentType }).min(1, W.componentType),
});

/** The `template` object of a WhatsApp send (ARCHITECTURE.md §6). */
export const waTemplateSendSchema = z
  .strictObject({
    name: singleLine(z.string().trim().min(1, ZOD_MESSAGES.required('`template.name`')).max(512), '`template.name`', { visible: true }),
    language: singleLine(z.string().trim().min(2, ZOD_MESSAGES.required('`template.language`')).max(10), '`template.language`'),
    parameters: paramsSchema('template.parameters').optional(),
    header_parameters: paramsSchema('template.header_parameters').optional(),
    header_media: z
      .strictObject({ link: z.url({ protocol: /^https$/, error: W.mediaLinkHttps }).max(2048) })
      .optional(),
    header_location: z
      .strictObject({
        latitude: z.number({ error: W.latitudeNumber }).min(-90, W.latitudeRange).max(90, W.latitudeRange),
        longitude: z.number({ error: W.longitudeNumber }).min(-180, W.longitudeRange).max(180, W.longitudeRange),
        name: singleLine(z.string().max(1000), '`name`').optional(),
        address: singleLine(z.string().max(1000), '`address`').optional(),
      })
      .optional(),
    button_parameters: z.array(paramValue).max(10, W.buttonParamsMax).optional(),
    components: z.array(metaComponentSchema).min(1, W.componentsEmpty).max(30).optional(),
  })
  .refine(
    (t) => !t.components || (t.parameters === undefined && t.header_parameters === undefined && !t.header_media && !t.header_location && t.button_parameters === undefined),
    { message: W.componentsOrParameters, path: ['components'] },
  )
  .refine((t) => !(t.header_media && t.header_location), { message: W.mediaOrLocation, path: ['header_location'] });

export type WaTemplateSend = z.infer<typeof waTemplateSendSchema>;

/** One component of Meta's send body (`template.components`). */
export type WaSendComponent = Record<string, unknown> & { type: string };

/** A mismatch between a send and its template: the request field and a sentence naming the parameter. */
export interface WaParamMismatch {
  path: string;
  message: string;
}

interface StoredButton {
  type?: string;
  url?: string;
  otp_type?: string;
  text?: string;
}
interface StoredComponent {
  type?: string;
  format?: string;
  text?: string;
  buttons?: StoredButton[];
}

const VAR = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** The variables of a text in order of first appearance (`{{1}}` -> '1', `{{name}}` -> 'name'). */
export function templateVariables(text: string | undefined): string[] {
  const out: string[] = [];
  for (const m of (text ?? '').matchAll(VAR)) if (!out.includes(m[1]!)) out.push(m[1]!);
  return out;
}

/** A stored template's variables as the send sees them. */
interface TemplateShape {
  named: boolean;
  header: { kind: 'none' } | { kind: 'text'; vars: string[] } | { kind: 'media'; format: 'image' | 'video' | 'document' } | { kind: 'location' };
  body: string[];
  /** The buttons that take a parameter, with their index among all buttons. */
  buttons: { index: number; kind: WaParameterButtonKind }[];
}

function shapeOf(components: unknown, parameterFormat?: 'POSITIONAL' | 'NAMED'): TemplateShape {
  const list = (Array.isArray(components) ? components : []) as StoredComponent[];
  const find = (type: string) => list.find((c) => c && typeof c === 'object' && String(c.type ?? '').toUpperCase() === type);
  const headerC = find('HEADER');
  const bodyC = find('BODY');
  const buttonsC = find('BUTTONS');
  let header: TemplateShape['header'] = { kind: 'none' };
  const format = String(headerC?.format ?? 'TEXT').toUpperCase();
  if (headerC && (format === 'IMAGE' || format === 'VIDEO' || format === 'DOCUMENT')) header = { kind: 'media', format: format.toLowerCase() as 'image' | 'video' | 'document' };
  else if (headerC && format === 'LOCATION') header = { kind: 'location' };
  else if (headerC) {
    const vars = templateVariables(headerC.text);
    if (vars.length) header = { kind: 'text', vars };
  }
  const buttons: TemplateShape['buttons'] = [];
  (buttonsC?.buttons ?? []).forEach((b, index) => {
    const type = String(b?.type ?? '').toUpperCase();
    if (type === 'URL' && templateVariables(b.url).length) buttons.push({ index, kind: 'url' });
    else if (type === 'COPY_CODE') buttons.push({ index, kind: 'copy_code' });
    else if (type === 'OTP') buttons.push({ index, kind: 'otp' });
  });
  let body = templateVariables(bodyC?.text);
  // An authentication template's body is Meta's fixed text ("{{1}} is your verification code"),
  // often stored without `text`: it takes the code as its one parameter.
  if (!body.length && bodyC && bodyC.text === undefined && buttons.some((b) => b.kind === 'otp')) body = ['1'];
  const all = [...body, ...(header.kind === 'text' ? header.vars : [])];
  const named = parameterFormat ? parameterFormat === 'NAMED' : all.some((v) => !/^\d+$/.test(v));
  if (!named) body = [...body].sort((a, b) => Number(a) - Number(b));
  if (!named && header.kind === 'text') header = { kind: 'text', vars: [...header.vars].sort((a, b) => Number(a) - Number(b)) };
  return { named, header, body, buttons };
}

/** Checks positional/named values against `vars`; returns Meta's text parameters or a mismatch. */
function textParameters(
  where: 'body' | 'header',
  field: string,
  named: boolean,
  vars: string[],
  given: string[] | Record<string, string> | undefined,
): WaSendComponent[] | WaParamMismatch {
  if (!vars.length) {
    const count = given === undefined ? 0 : Array.isArray(given) ? given.length : Object.keys(given).length;
    if (!count) return [];
    return { path: field, message: where === 'body' ? W.noBodyParameters : W.noHeaderParameter };
  }
  if (given === undefined) return { path: field, message: W.missingParameter(where, vars[0]!) };
  if (named) {
    if (Array.isArray(given)) return { path: field, message: W.namedParameters(field, vars[0]!) };
    for (const v of vars) if (given[v] === undefined) return { path: `${field}.${v}`, message: W.missingParameter(where, v) };
    for (const k of Object.keys(given)) if (!vars.includes(k)) return { path: `${field}.${k}`, message: W.unexpectedNamedParameter(k, where, vars.map((v) => `{{${v}}}`).join(', ')) };
    return vars.map((v) => ({ type: 'text', parameter_name: v, text: given[v]! }));
  }
  if (!Array.isArray(given)) return { path: field, message: W.positionalParameters(field) };
  const count = Number(vars[vars.length - 1]);
  if (given.length < count) return { path: field, message: W.missingParameter(where, String(given.length + 1)) };
  if (given.length > count) return { path: `${field}.${count}`, message: W.unexpectedPositionalParameter(where, count) };
  return given.map((text) => ({ type: 'text', text }));
}

const isMismatch = (x: unknown): x is WaParamMismatch => !Array.isArray(x);

/**
 * Checks a send's `template` (ARCHITECTURE.md §6) against the template's stored `components`
 * (Meta's model: HEADER TEXT/IMAGE/VIDEO/DOCUMENT/LOCATION, BODY, BUTTONS with URL/COPY_CODE/OTP/
 * QUICK_REPLY/PHONE_NUMBER) and builds Meta's send `components` (header, body, then one `button`
 * per parameterised button with its index among all buttons).
 * Named vs positional follows `parameterFormat` when given, else the variables (`{{name}}` = named).
 * Positional templates take `{{1}}`…`{{n}}` (n = highest number). OTP buttons take the code as a
 * URL button parameter; when `button_parameters` is absent and every parameterised button is an OTP
 * button, the body's first value (the code) is used.
 * Meta's own `components`, when sent, are passed through unchecked (Meta checks them).
 * @returns `{ok: true, components}` or `{ok: false, path, message}` naming the missing or extra
 *   parameter, `path` being the request field (`template.parameters`, `template.button_parameters`, …).
 */
export function buildTemplateComponents(
  template: { components: unknown; parameterFormat?: 'POSITIONAL' | 'NAMED' },
  send: Omit<WaTemplateSend, 'name' | 'language'>,
): ({ ok: true; components: WaSendComponent[] }) | ({ ok: false } & WaParamMismatch) {
  if (send.components) return { ok: true, components: send.components as WaSendComponent[] };
  const shape = shapeOf(template.components, template.parameterFormat);
  const out: WaSendComponent[] = [];
  const fail = (m: WaParamMismatch) => ({ ok: false as const, ...m });

  // Header.
  const h = shape.header;
  if (h.kind !== 'text' && send.header_parameters !== undefined && (Array.isArray(send.header_parameters) ? send.header_parameters.length : Object.keys(send.header_parameters).length)) {
    return fail({ path: 'template.header_parameters', message: W.noHeaderParameter });
  }
  if (h.kind !== 'media' && send.header_media) return fail({ path: 'template.header_media', message: W.noMediaHeader });
  if (h.kind !== 'location' && send.header_location) return fail({ path: 'template.header_location', message: W.noLocationHeader });
  if (h.kind === 'text') {
    const params = textParameters('header', 'template.header_parameters', shape.named, h.vars, send.header_parameters);
    if (isMismatch(params)) return fail(params);
    out.push({ type: 'header', parameters: params });
  } else if (h.kind === 'media') {
    if (!send.header_media) return fail({ path: 'template.header_media', message: W.missingHeaderMedia(h.format) });
    out.push({ type: 'header', parameters: [{ type: h.format, [h.format]: { link: send.header_media.link } }] });
  } else if (h.kind === 'location') {
    if (!send.header_location) return fail({ path: 'template.header_location', message: W.missingHeaderLocation });
    out.push({ type: 'header', parameters: [{ type: 'location', location: { ...send.header_location } }] });
  }

  // Body.
  const body = textParameters('body', 'template.parameters', shape.named, shape.body, send.parameters);
  if (isMismatch(body)) return fail(body);
  if (body.length) out.push({ type: 'body', parameters: body });

  // Buttons.
  let values = send.button_parameters;
  if (values === undefined && shape.buttons.length && shape.buttons.every((b) => b.kind === 'otp')) {
    const code = body[0]?.['text'];
    if (typeof code === 'string') values = shape.buttons.map(() => code);
  }
  values ??= [];
  if (values.length < shape.buttons.length) {
    const b = shape.buttons[values.length]!;
    return fail({ path: 'template.button_parameters', message: W.missingButtonParameter(b.index + 1, b.kind) });
  }
  if (values.length > shape.buttons.length) {
    return fail({
      path: `template.button_parameters.${shape.buttons.length}`,
      message: shape.buttons.length ? W.unexpectedButtonParameter(shape.buttons.length) : W.noButtonParameter,
    });
  }
  shape.buttons.forEach((b, i) => {
    const value = values[i]!;
    out.push(
      b.kind === 'copy_code'
        ? { type: 'button', sub_type: 'copy_code', index: String(b.index), parameters: [{ type: 'coupon_code', coupon_code: value }] }
        : { type: 'button', sub_type: 'url', index: String(b.index), parameters: [{ type: 'text', text: value }] },
    );
  });
  return { ok: true, components: out };
}
