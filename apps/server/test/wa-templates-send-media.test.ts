/**
 * Media headers in /v1 WhatsApp template sends (issue 13 "templates in sends"; ARCHITECTURE.md §6
 * "Template parameters in a send"): a template whose HEADER is an IMAGE, VIDEO or DOCUMENT needs a
 * header parameter of that very type with a `link` or a media `id`, in Meta's `components` form as
 * in the Pesan `header_media` field; a wrong type, no header, no link or id, or a media parameter
 * for a template without a media header is refused with a message naming the HEADER component.
 * Pure (send-parameters.ts checkTemplateSend); the API answer is in wa-templates.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { checkTemplateSend } from '../src/modules/wa-templates/send-parameters.ts';

const template = (format: 'IMAGE' | 'VIDEO' | 'DOCUMENT' | 'TEXT' | 'LOCATION' | null) => ({
  components: [
    ...(format === null ? [] : [format === 'TEXT' ? { type: 'HEADER', format, text: 'Hello' } : { type: 'HEADER', format, example: { header_handle: ['4::aW1hZ2UvcG5n:abc'] } }]),
    { type: 'BODY', text: 'Our new collection is here, {{1}}.', example: { body_text: [['Sari']] } },
  ],
});
const body = { type: 'body', parameters: [{ type: 'text', text: 'Sari' }] };
const header = (type: string, value: Record<string, unknown>) => ({ type: 'header', parameters: [{ type, [type]: value }] });
const send = (components: Record<string, unknown>[]) => ({ components: components as never });

describe('media header parameters', () => {
  it.each([
    ['IMAGE', 'image'],
    ['VIDEO', 'video'],
    ['DOCUMENT', 'document'],
  ] as const)('takes a %s header parameter of its type, by link or by media id', (format, kind) => {
    for (const value of [{ link: 'https://cdn.example.com/file' }, { id: '1234567890' }, { link: 'http://cdn.example.com/file', caption: 'x' }]) {
      const components = [header(kind, value), body];
      expect(checkTemplateSend(template(format), send(components))).toEqual({ ok: true, components });
    }
    // The Pesan field: the type is the template's.
    expect(checkTemplateSend(template(format), { header_media: { link: 'https://cdn.example.com/file' }, parameters: ['Sari'] })).toEqual({
      ok: true,
      components: [{ type: 'header', parameters: [{ type: kind, [kind]: { link: 'https://cdn.example.com/file' } }] }, body],
    });
  });

  it.each([
    ['IMAGE', 'video', 'an IMAGE', 'image', '"video"'],
    ['IMAGE', 'document', 'an IMAGE', 'image', '"document"'],
    ['VIDEO', 'image', 'a VIDEO', 'video', '"image"'],
    ['DOCUMENT', 'image', 'a DOCUMENT', 'document', '"image"'],
    ['DOCUMENT', 'text', 'a DOCUMENT', 'document', '"text"'],
  ] as const)('refuses a %s header sent a %s parameter, naming the HEADER and the type it takes', (format, given, a, kind, named) => {
    const value = given === 'text' ? 'Hello' : { link: 'https://cdn.example.com/file' };
    const result = checkTemplateSend(template(format), send([{ type: 'header', parameters: [{ type: given, [given]: value }] }, body]));
    expect(result).toEqual({
      ok: false,
      path: 'template.components.0.parameters.0.type',
      message: `Wrong HEADER parameter: the template's header is ${a}, so its parameter is of type "${kind}", not ${named}; send {"type": "header", "parameters": [{"type": "${kind}", "${kind}": {"link": "https://…"}}]} (or {"id": "<media id>"} instead of the link)`,
    });
  });

  it('refuses a media header without its header component, parameter, link or id', () => {
    const image = template('IMAGE');
    expect(checkTemplateSend(image, send([body]))).toMatchObject({ ok: false, path: 'template.components', message: expect.stringMatching(/^Missing the HEADER component: the template's header is an IMAGE; send /) });
    expect(checkTemplateSend(image, send([{ type: 'header', parameters: [] }, body]))).toMatchObject({
      ok: false,
      path: 'template.components.0.parameters',
      message: expect.stringMatching(/^Missing the image of the HEADER component/),
    });
    for (const value of [{}, { link: '' }, { link: 'ftp://cdn.example.com/a.png' }, { link: 'javascript:alert(1)' }, { id: '' }, { id: 5 }]) {
      const result = checkTemplateSend(image, send([header('image', value), body]));
      expect(result.ok, JSON.stringify(value)).toBe(false);
      expect(!result.ok && result.message, JSON.stringify(value)).toMatch(/^The HEADER image/);
    }
    expect(checkTemplateSend(image, send([header('image', { link: 'https://a.example/x', id: '1' }), body]))).toMatchObject({ ok: false, message: 'The HEADER image takes a `link` or a media `id`, not both' });
    expect(checkTemplateSend(image, send([{ type: 'header', parameters: [{ type: 'image', image: { id: '1' } }, { type: 'image', image: { id: '2' } }] }, body]))).toMatchObject({
      ok: false,
      path: 'template.components.0.parameters.1',
      message: 'Unexpected HEADER parameter: an IMAGE header takes one image parameter',
    });
    // The Pesan form names its field.
    expect(checkTemplateSend(template('VIDEO'), { parameters: ['Sari'] })).toMatchObject({ ok: false, path: 'template.header_media', message: expect.stringContaining('a video header') });
  });

  it('refuses a media parameter for a template whose header is text, a location or absent', () => {
    expect(checkTemplateSend(template('TEXT'), send([header('image', { link: 'https://a.example/x.png' }), body]))).toMatchObject({
      ok: false,
      path: 'template.components.0',
      message: 'Unexpected image HEADER parameter: the template has a TEXT header',
    });
    expect(checkTemplateSend(template('LOCATION'), send([header('document', { id: '1' }), body]))).toMatchObject({ ok: false, message: 'Unexpected document HEADER parameter: the template has a LOCATION header' });
    expect(checkTemplateSend(template(null), send([header('video', { id: '1' }), body]))).toMatchObject({ ok: false, message: 'Unexpected video HEADER parameter: the template has no header' });
    expect(checkTemplateSend(template(null), { header_media: { link: 'https://a.example/x.png' }, parameters: ['Sari'] })).toMatchObject({ ok: false, path: 'template.header_media' });
  });
});
