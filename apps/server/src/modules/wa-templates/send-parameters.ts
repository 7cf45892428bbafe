/**
 * Template parameters of a /v1 WhatsApp send checked against the APPROVED template (ARCHITECTURE.md
 * §6 "Template parameters in a send"): the Pesan fields (`parameters`, `header_parameters`,
 * `header_media`, `header_location`, `button_parameters`) through contracts/wa-send.ts
 * buildTemplateComponents with the template's parameter format, and Meta's own `components` array
 * read back into those fields and checked the same way, so a mismatch is the same 400 naming the
 * missing or extra parameter whichever form the customer sends. A template whose HEADER is an
 * IMAGE, VIDEO or DOCUMENT takes exactly one header parameter of that type with an http(s) `link`
 * or a media `id` (Meta's form; the Pesan `header_media` takes its type from the template): a
 * wrong type, a missing header, link or id is a 400 naming the HEADER component. Pure.
 */
import { buildTemplateComponents, type WaParamMismatch, type WaSendComponent, type WaTemplateSend } from '@pesan/contracts/wa-send';

/** A stored template as a send needs it: Meta's components and the parameter format. */
export interface SendTemplate {
  components: unknown;
  parameterFormat?: 'POSITIONAL' | 'NAMED';
}

type Params = Omit<WaTemplateSend, 'name' | 'language' | 'components'>;
type Result = { ok: true; components: WaSendComponent[] } | ({ ok: false } & WaParamMismatch);

const FIELD = 'template.components';
const MEDIA = ['image', 'video', 'document'] as const;

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : '');

/** The text of one of Meta's text-like parameters (text; currency and date_time by their fallback value). */
function textOf(p: Record<string, unknown>): string | undefined {
  const type = lower(p['type']);
  if (type === 'text') return typeof p['text'] === 'string' ? p['text'] : undefined;
  if (type === 'currency' || type === 'date_time') {
    const fallback = obj(p[type])['fallback_value'];
    return typeof fallback === 'string' ? fallback : undefined;
  }
  return undefined;
}

/** Text parameters as the Pesan fields take them: a list in order, or an object by `parameter_name`. */
function textParams(list: Record<string, unknown>[], where: string): string[] | Record<string, string> | WaParamMismatch {
  const named = list.some((p) => typeof p['parameter_name'] === 'string');
  const out: string[] = [];
  const byName: Record<string, string> = {};
  for (const [i, p] of list.entries()) {
    const text = textOf(p);
    if (text === undefined) return { path: `${FIELD}.${where}.parameters.${i}`, message: `The ${where} takes text parameters: {"type": "text", "text": "…"}` };
    if (named) {
      if (typeof p['parameter_name'] !== 'string') return { path: `${FIELD}.${where}.parameters.${i}`, message: 'Name every parameter (`parameter_name`) or none' };
      byName[p['parameter_name']] = text;
    } else out.push(text);
  }
  return named ? byName : out;
}

const isMismatch = (x: unknown): x is WaParamMismatch => !!x && typeof x === 'object' && 'message' in x && 'path' in x;

/** The format of the stored template's header (IMAGE, VIDEO, DOCUMENT, TEXT, LOCATION), or null without one. */
function headerFormat(components: unknown): string | null {
  const list = Array.isArray(components) ? (components as unknown[]) : [];
  const header = list.find((c) => String(obj(c)['type'] ?? '').toUpperCase() === 'HEADER');
  return header ? String(obj(header)['format'] ?? 'TEXT').toUpperCase() : null;
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');
/** How to send a media header of `kind` in Meta's form. */
const mediaExample = (kind: string) => `{"type": "header", "parameters": [{"type": "${kind}", "${kind}": {"link": "https://…"}}]} (or {"id": "<media id>"} instead of the link)`;

/**
 * The media parameter of a header component for a template whose HEADER is `format` (IMAGE, VIDEO
 * or DOCUMENT): exactly one parameter of that type with an http(s) `link` or a media `id`. Returns
 * the link to check it with, or the mismatch naming the HEADER component.
 */
function mediaHeaderParam(format: string, params: Record<string, unknown>[], at: string): { link: string } | WaParamMismatch {
  const kind = format.toLowerCase();
  const first = params[0];
  const given = lower(first?.['type']);
  if (!first) return { path: `${at}.parameters`, message: `Missing the ${kind} of the HEADER component: the template's header is ${article(kind)} ${format}; send ${mediaExample(kind)}` };
  if (given !== kind) {
    return {
      path: `${at}.parameters.0.type`,
      message: `Wrong HEADER parameter: the template's header is ${article(kind)} ${format}, so its parameter is of type "${kind}", not ${given ? `"${given}"` : 'untyped'}; send ${mediaExample(kind)}`,
    };
  }
  if (params.length > 1) return { path: `${at}.parameters.1`, message: `Unexpected HEADER parameter: ${article(kind)} ${format} header takes one ${kind} parameter` };
  const media = obj(first[kind]);
  const link = media['link'];
  const id = media['id'];
  if (typeof link === 'string' && typeof id === 'string') return { path: `${at}.parameters.0.${kind}`, message: `The HEADER ${kind} takes a \`link\` or a media \`id\`, not both` };
  if (typeof link === 'string') {
    if (!/^https?:\/\/[^\s/]+/i.test(link) || link.length > 2048) return { path: `${at}.parameters.0.${kind}.link`, message: `The HEADER ${kind} \`link\` must be an http(s) URL of at most 2048 characters` };
    return { link };
  }
  if (typeof id === 'string' && id.trim() && id.length <= 256) return { link: `https://media.invalid/${encodeURIComponent(id.trim())}` };
  return { path: `${at}.parameters.0.${kind}`, message: `The HEADER ${kind} needs a \`link\` (https://…) or a media \`id\`: send ${mediaExample(kind)}` };
}

/** The stored buttons that take a parameter (dynamic URL, copy code, one-time password), by index. */
function parameterisedButtons(components: unknown): Set<number> {
  const list = Array.isArray(components) ? (components as Record<string, unknown>[]) : [];
  const buttons = list.find((c) => String(obj(c)['type'] ?? '').toUpperCase() === 'BUTTONS');
  const out = new Set<number>();
  (Array.isArray(obj(buttons)['buttons']) ? (obj(buttons)['buttons'] as unknown[]) : []).forEach((b, i) => {
    const type = String(obj(b)['type'] ?? '').toUpperCase();
    if ((type === 'URL' && /\{\{\s*[A-Za-z0-9_]+\s*\}\}/.test(String(obj(b)['url'] ?? ''))) || type === 'COPY_CODE' || type === 'OTP') out.add(i);
  });
  return out;
}

/**
 * Meta's send `components` (`[{type: 'header'|'body'|'button', …}]`) as the Pesan fields, so they
 * can be checked against the template: header text parameters, an image/video/document (by link
 * or media id), a location; body text parameters (currency and date_time count by their fallback
 * value); one `button` per dynamic URL / copy code / one-time password button, in index order.
 * Quick-reply payload buttons take no template parameter and are skipped.
 */
export function paramsFromMetaComponents(components: readonly Record<string, unknown>[], template: SendTemplate): Params | WaParamMismatch {
  const out: Params = {};
  const seen = new Set<string>();
  const buttons: { index: number; value: string }[] = [];
  const parameterised = parameterisedButtons(template.components);
  const format = headerFormat(template.components);
  // The template's media header (IMAGE, VIDEO, DOCUMENT), whose parameter must be of that type.
  const media = format && (MEDIA as readonly string[]).includes(format.toLowerCase()) ? format : null;
  for (const [i, c] of components.entries()) {
    const type = lower(c['type']);
    const params = (Array.isArray(c['parameters']) ? c['parameters'] : []).map(obj);
    if (type === 'header' || type === 'body') {
      if (seen.has(type)) return { path: `${FIELD}.${i}`, message: `Send one ${type} component` };
      seen.add(type);
    }
    if (type === 'header') {
      const first = params[0] ?? {};
      const kind = lower(first['type']);
      if (media) {
        const checked = mediaHeaderParam(media, params, `${FIELD}.${i}`);
        if (isMismatch(checked)) return checked;
        out.header_media = checked;
      } else if ((MEDIA as readonly string[]).includes(kind)) {
        return { path: `${FIELD}.${i}`, message: `Unexpected ${kind} HEADER parameter: the template has ${format ? `${article(format)} ${format} header` : 'no header'}` };
      } else if (kind === 'location') {
        const l = obj(first['location']);
        out.header_location = { latitude: Number(l['latitude']), longitude: Number(l['longitude']), ...(typeof l['name'] === 'string' ? { name: l['name'] } : {}), ...(typeof l['address'] === 'string' ? { address: l['address'] } : {}) };
      } else {
        const values = textParams(params, 'header');
        if (isMismatch(values)) return values;
        out.header_parameters = values;
      }
    } else if (type === 'body') {
      const values = textParams(params, 'body');
      if (isMismatch(values)) return values;
      out.parameters = values;
    } else if (type === 'button') {
      const sub = lower(c['sub_type']);
      if (sub === 'quick_reply' || sub === 'flow' || sub === 'voice_call') continue;
      const index = Number(c['index']);
      if (!Number.isInteger(index) || index < 0) return { path: `${FIELD}.${i}.index`, message: 'A button component needs its `index` (0 for the first button)' };
      if (!parameterised.has(index)) return { path: `${FIELD}.${i}`, message: `Unexpected button parameter: button ${index + 1} of the template takes no parameter` };
      const p = params[0] ?? {};
      const value = typeof p['coupon_code'] === 'string' ? p['coupon_code'] : typeof p['text'] === 'string' ? p['text'] : typeof p['payload'] === 'string' ? p['payload'] : undefined;
      if (value === undefined) return { path: `${FIELD}.${i}.parameters`, message: `Missing button parameter for button ${index + 1}` };
      buttons.push({ index, value });
    } else {
      return { path: `${FIELD}.${i}.type`, message: 'Each of `template.components` is a header, body or button component' };
    }
  }
  if (media && !seen.has('header')) {
    const kind = media.toLowerCase();
    return { path: FIELD, message: `Missing the HEADER component: the template's header is ${article(kind)} ${media}; send ${mediaExample(kind)}` };
  }
  if (buttons.length) out.button_parameters = buttons.sort((a, b) => a.index - b.index).map((b) => b.value);
  return out;
}

/**
 * Checks a send's `template` against the stored template and builds Meta's send components: the
 * Pesan fields as buildTemplateComponents does; Meta's own `components` by reading them back
 * (paramsFromMetaComponents) and checking those, then passing them through unchanged. A mismatch
 * names the missing or extra parameter, with the request field as `path`.
 */
export function checkTemplateSend(template: SendTemplate, send: Omit<WaTemplateSend, 'name' | 'language'>): Result {
  if (!send.components) return buildTemplateComponents(template, send);
  const params = paramsFromMetaComponents(send.components as Record<string, unknown>[], template);
  if (isMismatch(params)) return { ok: false, ...params };
  const checked = buildTemplateComponents(template, params);
  if (!checked.ok) return { ok: false, path: FIELD, message: checked.message };
  return { ok: true, components: send.components as WaSendComponent[] };
}
