/**
 * WhatsApp template parameters in a /v1 send (ARCHITECTURE.md §6 "Template parameters in a send"):
 * the request's schema, and the pure rule that checks a request against the template's stored
 * components (Meta's component model) and builds Meta's send `components` array.
 */
import { z } from './zod.ts';
import { ZOD_MESSAGES } from './zod-messages.ts';

/** Longest text parameter Meta takes (body variables), in characters. */
export const WA_PARAMETER_MAX = 1024;

/** Texts of the WhatsApp template send schema (/v1), keyed (twins in messages-id.ts). */
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
} as const;
const W = WA_SEND_MESSAGES;

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
    name: z.string().trim().min(1, ZOD_MESSAGES.required('`template.name`')).max(512),
    language: z.string().trim().min(2, ZOD_MESSAGES.required('`template.language`')).max(10),
    parameters: paramsSchema('template.parameters').optional(),
    header_parameters: paramsSchema('template.header_parameters').optional(),
    header_media: z
      .strictObject({ link: z.url({ protocol: /^https$/, error: W.mediaLinkHttps }).max(2048) })
      .optional(),
    header_location: z
      .strictObject({
        latitude: z.number({ error: W.latitudeNumber }).min(-90, W.latitudeRange).max(90, W.latitudeRange),
        longitude: z.number({ error: W.longitudeNumber }).min(-180, W.longitudeRange).max(180, W.longitudeRange),
        name: z.string().max(1000).optional(),
        address: z.string().max(1000).optional(),
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
  buttons: { index: number; kind: 'url' | 'copy_code' | 'otp'; label: string }[];
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
    if (type === 'URL' && templateVariables(b.url).length) buttons.push({ index, kind: 'url', label: `button ${index + 1} (URL)` });
    else if (type === 'COPY_CODE') buttons.push({ index, kind: 'copy_code', label: `button ${index + 1} (copy code)` });
    else if (type === 'OTP') buttons.push({ index, kind: 'otp', label: `button ${index + 1} (one-time code)` });
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

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Checks positional/named values against `vars`; returns Meta's text parameters or a mismatch. */
function textParameters(
  where: 'body' | 'header',
  field: string,
  named: boolean,
  vars: string[],
  given: string[] | Record<string, string> | undefined,
): WaSendComponent[] | WaParamMismatch {
  const label = where === 'body' ? 'body parameter' : 'header parameter';
  if (!vars.length) {
    const count = given === undefined ? 0 : Array.isArray(given) ? given.length : Object.keys(given).length;
    if (!count) return [];
    return { path: field, message: where === 'body' ? W.noBodyParameters : W.noHeaderParameter };
  }
  if (given === undefined) return { path: field, message: `Missing ${label} {{${vars[0]}}}` };
  if (named) {
    if (Array.isArray(given)) return { path: field, message: `This template takes named parameters: send \`${field}\` as an object, e.g. {"${vars[0]}": "…"}` };
    for (const v of vars) if (given[v] === undefined) return { path: `${field}.${v}`, message: `Missing ${label} {{${v}}}` };
    for (const k of Object.keys(given)) if (!vars.includes(k)) return { path: `${field}.${k}`, message: `Unexpected parameter \`${k}\`: the template ${where} has ${vars.map((v) => `{{${v}}}`).join(', ')}` };
    return vars.map((v) => ({ type: 'text', parameter_name: v, text: given[v]! }));
  }
  if (!Array.isArray(given)) return { path: field, message: `This template takes positional parameters: send \`${field}\` as a list of strings in order, {{1}} first` };
  const count = Number(vars[vars.length - 1]);
  if (given.length < count) return { path: field, message: `Missing ${label} {{${given.length + 1}}}` };
  if (given.length > count) return { path: `${field}.${count}`, message: `Unexpected ${label} {{${count + 1}}}: the template ${where} has ${plural(count, 'parameter')}` };
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
    if (!send.header_media) return fail({ path: 'template.header_media', message: `Missing \`header_media\`: the template has ${h.format === 'image' ? 'an' : 'a'} ${h.format} header; send {"link": "https://…"}` });
    out.push({ type: 'header', parameters: [{ type: h.format, [h.format]: { link: send.header_media.link } }] });
  } else if (h.kind === 'location') {
    if (!send.header_location) return fail({ path: 'template.header_location', message: 'Missing `header_location`: the template has a location header; send {"latitude", "longitude", "name", "address"}' });
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
    return fail({ path: 'template.button_parameters', message: `Missing button parameter for ${b.label}` });
  }
  if (values.length > shape.buttons.length) {
    return fail({
      path: `template.button_parameters.${shape.buttons.length}`,
      message: shape.buttons.length ? `Unexpected button parameter: the template has ${plural(shape.buttons.length, 'button')} that take${shape.buttons.length === 1 ? 's' : ''} a parameter` : W.noButtonParameter,
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
