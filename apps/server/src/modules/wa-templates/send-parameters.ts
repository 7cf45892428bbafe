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
import { buildTemplateComponents, WA_TEMPLATE_SEND_MESSAGES as M, type WaParamMismatch, type WaSendComponent, type WaTemplateSend } from '@pesan/contracts/wa-send';

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
function textParams(list: Record<string, unknown>[], where: 'header' | 'body'): string[] | Record<string, string> | WaParamMismatch {
  const named = list.some((p) => typeof p['parameter_name'] === 'string');
  const out: string[] = [];
  const byName: Record<string, string> = {};
  for (const [i, p] of list.entries()) {
    const text = textOf(p);
    if (text === undefined) return { path: `${FIELD}.${where}.parameters.${i}`, message: M.textParameters(where) };
    if (named) {
      if (typeof p['parameter_name'] !== 'string') return { path: `${FIELD}.${where}.parameters.${i}`, message: M.parameterNames };
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

/**
 * The media parameter of a header component for a template whose HEADER is `format` (IMAGE, VIDEO
 * or DOCUMENT): exactly one parameter of that type with an http(s) `link` or a media `id`. Returns
 * the link to check it with, or the mismatch naming the HEADER component.
 */
function mediaHeaderParam(format: string, params: Record<string, unknown>[], at: string): { link: string } | WaParamMismatch {
  const kind = format.toLowerCase();
  const first = params[0];
  const given = lower(first?.['type']);
  if (!first) return { path: `${at}.parameters`, message: M.missingMediaParameter(format) };
  if (given !== kind) return { path: `${at}.parameters.0.type`, message: M.wrongMediaParameter(format, given) };
  if (params.length > 1) return { path: `${at}.parameters.1`, message: M.extraMediaParameter(format) };
  const media = obj(first[kind]);
  const link = media['link'];
  const id = media['id'];
  if (typeof link === 'string' && typeof id === 'string') return { path: `${at}.parameters.0.${kind}`, message: M.mediaLinkAndId(format) };
  if (typeof link === 'string') {
    if (!/^https?:\/\/[^\s/]+/i.test(link) || link.length > 2048) return { path: `${at}.parameters.0.${kind}.link`, message: M.mediaLinkInvalid(format) };
    return { link };
  }
  if (typeof id === 'string' && id.trim() && id.length <= 256) return { link: `https://media.invalid/${encodeURIComponent(id.trim())}` };
  return { path: `${at}.parameters.0.${kind}`, message: M.mediaLinkOrId(format) };
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
      if (seen.has(type)) return { path: `${FIELD}.${i}`, message: M.oneComponent(type) };
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
        return { path: `${FIELD}.${i}`, message: M.unexpectedMediaParameter(kind, format) };
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
      if (!Number.isInteger(index) || index < 0) return { path: `${FIELD}.${i}.index`, message: M.buttonIndex };
      if (!parameterised.has(index)) return { path: `${FIELD}.${i}`, message: M.buttonTakesNoParameter(index + 1) };
      const p = params[0] ?? {};
      const value = typeof p['coupon_code'] === 'string' ? p['coupon_code'] : typeof p['text'] === 'string' ? p['text'] : typeof p['payload'] === 'string' ? p['payload'] : undefined;
      if (value === undefined) return { path: `${FIELD}.${i}.parameters`, message: M.missingButtonValue(index + 1) };
      buttons.push({ index, value });
    } else {
      return { path: `${FIELD}.${i}.type`, message: M.componentType };
    }
  }
  if (media && !seen.has('header')) {
    return { path: FIELD, message: M.missingHeaderComponent(media) };
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
