import { describe, expect, it } from 'vitest';
import { whatsappBodySchema } from './messaging.ts';
import { buildTemplateComponents, templateVariables, waTemplateSendSchema } from './wa-send.ts';

const positional = [
  { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}' },
  { type: 'BODY', text: 'Hi {{1}}, your order {{2}} ships on {{3}}.' },
  { type: 'FOOTER', text: 'Pesan' },
  {
    type: 'BUTTONS',
    buttons: [
      { type: 'QUICK_REPLY', text: 'Stop' },
      { type: 'URL', text: 'Track', url: 'https://shop.example/track/{{1}}' },
      { type: 'PHONE_NUMBER', text: 'Call', phone_number: '+6281200000000' },
      { type: 'COPY_CODE', example: 'SAVE10' },
    ],
  },
];
const named = [
  { type: 'HEADER', format: 'TEXT', text: 'Hello {{first_name}}' },
  { type: 'BODY', text: 'Your order {{order_id}} is {{state}}.' },
];

describe('templateVariables', () => {
  it('lists variables once in order of appearance', () => {
    expect(templateVariables('{{2}} and {{1}} and {{ 2 }}')).toEqual(['2', '1']);
    expect(templateVariables('Hi {{first_name}}')).toEqual(['first_name']);
    expect(templateVariables(undefined)).toEqual([]);
  });
});

describe('buildTemplateComponents (ARCHITECTURE.md §6)', () => {
  it('builds header, body and button parameters of a positional template', () => {
    const r = buildTemplateComponents({ components: positional }, { header_parameters: ['A-1'], parameters: ['Budi', 'A-1', 'Monday'], button_parameters: ['A-1', 'SAVE10'] });
    expect(r).toEqual({
      ok: true,
      components: [
        { type: 'header', parameters: [{ type: 'text', text: 'A-1' }] },
        { type: 'body', parameters: [{ type: 'text', text: 'Budi' }, { type: 'text', text: 'A-1' }, { type: 'text', text: 'Monday' }] },
        { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: 'A-1' }] },
        { type: 'button', sub_type: 'copy_code', index: '3', parameters: [{ type: 'coupon_code', coupon_code: 'SAVE10' }] },
      ],
    });
  });

  it('builds named parameters with parameter_name', () => {
    const r = buildTemplateComponents({ components: named }, { header_parameters: { first_name: 'Sari' }, parameters: { state: 'shipped', order_id: 'B-2' } });
    expect(r).toEqual({
      ok: true,
      components: [
        { type: 'header', parameters: [{ type: 'text', parameter_name: 'first_name', text: 'Sari' }] },
        {
          type: 'body',
          parameters: [
            { type: 'text', parameter_name: 'order_id', text: 'B-2' },
            { type: 'text', parameter_name: 'state', text: 'shipped' },
          ],
        },
      ],
    });
  });

  it.each([
    [{ header_parameters: ['A'], parameters: ['Budi'], button_parameters: ['x', 'y'] }, 'template.parameters', 'Missing body parameter {{2}}'],
    [{ header_parameters: ['A'], parameters: ['a', 'b', 'c', 'd'], button_parameters: ['x', 'y'] }, 'template.parameters.3', 'Unexpected body parameter {{4}}: the template body has 3 parameters'],
    [{ parameters: ['a', 'b', 'c'], button_parameters: ['x', 'y'] }, 'template.header_parameters', 'Missing header parameter {{1}}'],
    [{ header_parameters: ['A'], parameters: ['a', 'b', 'c'], button_parameters: ['x'] }, 'template.button_parameters', 'Missing button parameter for button 4 (copy code)'],
    [{ header_parameters: ['A'], parameters: ['a', 'b', 'c'], button_parameters: ['x', 'y', 'z'] }, 'template.button_parameters.2', 'Unexpected button parameter: the template has 2 buttons that take a parameter'],
    [{ header_parameters: ['A'], parameters: { a: 'x' }, button_parameters: ['x', 'y'] }, 'template.parameters', 'This template takes positional parameters: send `template.parameters` as a list of strings in order, {{1}} first'],
  ])('positional mismatch %j -> %s', (send, path, message) => {
    expect(buildTemplateComponents({ components: positional }, send)).toEqual({ ok: false, path, message });
  });

  it.each([
    [{ header_parameters: { first_name: 'S' }, parameters: { order_id: 'B' } }, 'template.parameters.state', 'Missing body parameter {{state}}'],
    [{ header_parameters: { first_name: 'S' }, parameters: { order_id: 'B', state: 's', foo: 'x' } }, 'template.parameters.foo', 'Unexpected parameter `foo`: the template body has {{order_id}}, {{state}}'],
    [{ header_parameters: ['S'], parameters: { order_id: 'B', state: 's' } }, 'template.header_parameters', 'This template takes named parameters: send `template.header_parameters` as an object, e.g. {"first_name": "…"}'],
  ])('named mismatch %j -> %s', (send, path, message) => {
    expect(buildTemplateComponents({ components: named }, send)).toEqual({ ok: false, path, message });
  });

  it('refuses parameters a template does not have', () => {
    const plain = [{ type: 'BODY', text: 'Hello!' }];
    expect(buildTemplateComponents({ components: plain }, {})).toEqual({ ok: true, components: [] });
    expect(buildTemplateComponents({ components: plain }, { parameters: ['x'] })).toEqual({ ok: false, path: 'template.parameters', message: 'The template body has no parameters' });
    expect(buildTemplateComponents({ components: plain }, { header_parameters: ['x'] })).toEqual({ ok: false, path: 'template.header_parameters', message: 'The template has no header parameter' });
    expect(buildTemplateComponents({ components: plain }, { header_media: { link: 'https://x.example/a.png' } })).toMatchObject({ ok: false, path: 'template.header_media' });
    expect(buildTemplateComponents({ components: plain }, { button_parameters: ['x'] })).toEqual({ ok: false, path: 'template.button_parameters.0', message: 'The template has no button that takes a parameter' });
  });

  it('takes media and location headers', () => {
    const image = [{ type: 'HEADER', format: 'IMAGE' }, { type: 'BODY', text: 'Look' }];
    expect(buildTemplateComponents({ components: image }, {})).toMatchObject({ ok: false, path: 'template.header_media', message: expect.stringContaining('an image header') });
    expect(buildTemplateComponents({ components: image }, { header_media: { link: 'https://x.example/a.png' } })).toEqual({
      ok: true,
      components: [{ type: 'header', parameters: [{ type: 'image', image: { link: 'https://x.example/a.png' } }] }],
    });
    const loc = [{ type: 'HEADER', format: 'LOCATION' }, { type: 'BODY', text: 'Here' }];
    expect(buildTemplateComponents({ components: loc }, { header_location: { latitude: -6.2, longitude: 106.8, name: 'Kantor' } })).toEqual({
      ok: true,
      components: [{ type: 'header', parameters: [{ type: 'location', location: { latitude: -6.2, longitude: 106.8, name: 'Kantor' } }] }],
    });
    expect(buildTemplateComponents({ components: loc }, {})).toMatchObject({ ok: false, path: 'template.header_location' });
  });

  it('sends an authentication code in the body and as the OTP button URL parameter', () => {
    const auth = [
      { type: 'BODY', add_security_recommendation: true },
      { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy code' }] },
    ];
    const expected = {
      ok: true,
      components: [
        { type: 'body', parameters: [{ type: 'text', text: '123456' }] },
        { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '123456' }] },
      ],
    };
    expect(buildTemplateComponents({ components: auth }, { parameters: ['123456'] })).toEqual(expected);
    expect(buildTemplateComponents({ components: auth }, { parameters: ['123456'], button_parameters: ['123456'] })).toEqual(expected);
    expect(buildTemplateComponents({ components: auth }, {})).toEqual({ ok: false, path: 'template.parameters', message: 'Missing body parameter {{1}}' });
  });

  it('passes Meta components through, and a static URL button takes none', () => {
    const comps = [{ type: 'body', parameters: [{ type: 'text', text: 'x' }] }];
    expect(buildTemplateComponents({ components: positional }, { components: comps })).toEqual({ ok: true, components: comps });
    const staticUrl = [{ type: 'BODY', text: 'Hi' }, { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Go', url: 'https://x.example' }] }];
    expect(buildTemplateComponents({ components: staticUrl }, {})).toEqual({ ok: true, components: [] });
  });
});

describe('waTemplateSendSchema', () => {
  const parse = (t: object) => waTemplateSendSchema.safeParse({ name: 'n', language: 'en', ...t });
  it('takes positional or named parameters and refuses mixed forms with clear messages', () => {
    expect(parse({ parameters: ['a'] }).success).toBe(true);
    expect(parse({ parameters: { first_name: 'a' } }).success).toBe(true);
    expect(parse({ parameters: 'a' }).error?.issues[0]?.message).toBe('`template.parameters` must be a list of strings (positional template) or an object of strings by name (named template)');
    expect(parse({ header_media: { link: 'http://x.example/a.png' } }).error?.issues[0]?.message).toBe('`template.header_media.link` must be an https:// URL');
    expect(parse({ components: [{ type: 'body' }], parameters: ['a'] }).error?.issues[0]?.message).toContain('not both');
    expect(parse({ header_location: { latitude: 100, longitude: 0 } }).error?.issues[0]?.message).toBe('`template.header_location.latitude` must be between -90 and 90');
  });
  it('is the template form of the WhatsApp body', () => {
    expect(whatsappBodySchema.safeParse({ to: '0812', template: { name: 'n', language: 'en', button_parameters: ['x'] } }).success).toBe(true);
  });
});
