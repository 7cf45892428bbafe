/**
 * Template parameters of a /v1 WhatsApp send checked against the APPROVED template (ARCHITECTURE.md
 * §6 "Template parameters in a send"): the Pesan fields (`parameters`, `header_parameters`,
 * `header_media`, `header_location`, `button_parameters`) through contracts/wa-send.ts
 * buildTemplateComponents with the template's parameter format, and Meta's own `components` array
 * read back into those fields and checked the same way, so a mismatch is the same 400 naming the
 * missing or extra parameter whichever form the customer sends. Pure.
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
      if ((MEDIA as readonly string[]).includes(kind)) {
        const media = obj(first[kind]);
        const link = typeof media['link'] === 'string' ? media['link'] : typeof media['id'] === 'string' ? `https://media.invalid/${media['id']}` : undefined;
        if (!link) return { path: `${FIELD}.${i}.parameters.0`, message: `The ${kind} header needs a \`link\` or a media \`id\`` };
        out.header_media = { link };
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
