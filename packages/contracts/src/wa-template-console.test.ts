import { describe, expect, it } from 'vitest';
import { consoleTemplatePayloadSchema, consoleToMeta, metaToConsole, type ConsoleTemplatePayload } from './wa-template-console.ts';
import { META_TEMPLATE_FIXTURES } from './wa-template-fixtures.ts';
import { waTemplateSchema, type WaTemplate } from './wa-template-model.ts';
import { validateTemplate } from './wa-template-rules.ts';

const parse = (input: unknown) => consoleTemplatePayloadSchema.parse(input);
const envelopeOf = (p: ConsoleTemplatePayload) => ({
  ...(p.application_id !== undefined ? { application_id: p.application_id } : {}),
  ...(p.template_code_id !== undefined ? { template_code_id: p.template_code_id } : {}),
});

describe('Meta -> console -> Meta (Meta’s published examples)', () => {
  it.each(META_TEMPLATE_FIXTURES.map((f) => [f.label, f.body] as const))('%s: round-trips unchanged', (_label, body) => {
    const meta = waTemplateSchema.parse(body);
    const payload = metaToConsole(meta);
    expect(consoleToMeta(payload)).toStrictEqual(meta);
    // The console side is canonical: parsing it again changes nothing.
    expect(parse(payload)).toStrictEqual(payload);
  });

  it('maps a positional marketing template to the console payload', () => {
    const meta = waTemplateSchema.parse(META_TEMPLATE_FIXTURES[0]!.body);
    expect(metaToConsole(meta, { application_id: 'app-1' })).toStrictEqual({
      template_name: 'seasonal_promotion',
      template_category: 'MARKETING',
      language: 'en_US',
      source: 'api',
      application_id: 'app-1',
      header: { type: 'text', text: { body: 'Our {{1}} is on!' }, variable: [{ name: '1', value: 'Summer Sale' }] },
      body: {
        text: 'Shop now through {{1}} and use code {{2}} to get {{3}} off of all merchandise.',
        variable: [
          { name: '1', value: 'the end of August' },
          { name: '2', value: '25OFF' },
          { name: '3', value: '25%' },
        ],
      },
      footer: { type: 'text', text: { body: 'Use the buttons below to manage your marketing subscriptions' } },
      button: [
        { type: 'QUICK_REPLY', text: 'Unsubscribe from Promos', section: 'quick_reply', button_index: 0, order: 0, button_info: {} },
        { type: 'QUICK_REPLY', text: 'Unsubscribe from All', section: 'quick_reply', button_index: 1, order: 0, button_info: {} },
      ],
    });
  });

  it('maps a one-tap authentication template to the console payload with the preset wording', () => {
    const meta = waTemplateSchema.parse(META_TEMPLATE_FIXTURES.find((f) => f.body['name'] === 'authentication_code_autofill_button')!.body);
    expect(metaToConsole(meta)).toStrictEqual({
      template_name: 'authentication_code_autofill_button',
      template_category: 'AUTHENTICATION',
      language: 'en_US',
      source: 'api',
      message_send_ttl_seconds: 60,
      header: { type: 'none' },
      body: { text: '[123456] is your verification code. For your security, do not share this code.' },
      footer: { type: 'text', text: { body: 'This code expires in 5 minutes.' }, footer_info: { code_expired: 5 } },
      button: [
        {
          type: 'OTP',
          text: 'Copy Code',
          section: 'cta',
          button_index: 0,
          order: 0,
          button_info: { otp_type: 'ONE_TAP', autofill_text: 'Autofill', supported_apps: [{ package_name: 'com.example.luckyshrub', signature_hash: 'K8a/AINcGX7' }] },
        },
      ],
      message_security: true,
    });
  });

  it('keeps text Meta itself returns on an authentication body (GET answers carry it)', () => {
    const meta = waTemplateSchema.parse({
      name: 'otp',
      language: 'en_US',
      category: 'AUTHENTICATION',
      components: [
        { type: 'BODY', text: '*{{1}}* is your verification code.' },
        { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy code' }] },
      ],
    });
    expect(metaToConsole(meta).body.text).toBe('*{{1}}* is your verification code.');
    expect(consoleToMeta(metaToConsole(meta))).toStrictEqual(meta);
  });
});

/** [label, what the form sends, the canonical payload, the stored template]. */
const CASES: [string, unknown, ConsoleTemplatePayload, WaTemplate][] = [
  [
    'marketing: text header, samples out of order, every button kind, lower-case types and aliases',
    {
      template_name: 'summer_sale',
      template_category: 'marketing',
      language: 'en_US',
      application_id: 'app-1',
      header: { type: 'TEXT', text: { body: 'Our {{1}} is on!' }, variable: [{ name: '1', value: 'Summer Sale' }] },
      body: {
        text: '  Hi {{1}}, use code {{2}} at checkout for a discount on every order.  ',
        variable: [
          { name: '2', value: 'SAVE10' },
          { name: '1', value: 'Budi' },
        ],
      },
      footer: { type: 'text', text: { body: 'Not interested? Tap Stop promotions' } },
      button: [
        { type: 'quick_reply', text: 'Tell me more', button_index: 7, button_info: { url: 'https://dropped.example.com' } },
        { type: 'marketing_disapproval', text: 'Stop promotions', button_info: { term_condition: true } },
        { type: 'url', text: 'Shop now', url_type: 'static', button_info: { url: 'https://shop.example.com/promo/{{1}}', sampleUrl: 'https://shop.example.com/promo/summer' } },
        { type: 'PHONE_NUMBER', text: 'Call us', button_info: { phone_number: '+6281234567890' } },
        { type: 'copy_promo_code', text: 'Copy Promo Code', button_info: { copy_promo_code: 'SAVE10' } },
      ],
    },
    {
      template_name: 'summer_sale',
      template_category: 'MARKETING',
      language: 'en_US',
      source: 'api',
      application_id: 'app-1',
      header: { type: 'text', text: { body: 'Our {{1}} is on!' }, variable: [{ name: '1', value: 'Summer Sale' }] },
      body: {
        text: 'Hi {{1}}, use code {{2}} at checkout for a discount on every order.',
        variable: [
          { name: '1', value: 'Budi' },
          { name: '2', value: 'SAVE10' },
        ],
      },
      footer: { type: 'text', text: { body: 'Not interested? Tap Stop promotions' } },
      button: [
        { type: 'QUICK_REPLY', text: 'Tell me more', section: 'quick_reply', button_index: 0, order: 0, button_info: {} },
        { type: 'MARKETING_OPT_OUT', text: 'Stop promotions', section: 'quick_reply', button_index: 1, order: 0, button_info: { term_condition: true, footer_marketing_disapproval: 'Not interested? Tap Stop promotions' } },
        { type: 'URL', text: 'Shop now', url_type: 'url_dynamic', section: 'cta', button_index: 2, order: 1, button_info: { url: 'https://shop.example.com/promo/{{1}}', sampleUrl: 'https://shop.example.com/promo/summer' } },
        { type: 'PHONE_NUMBER', text: 'Call us', section: 'cta', button_index: 3, order: 1, button_info: { phone_number: '+6281234567890' } },
        { type: 'COPY_CODE', text: 'Copy Promo Code', section: 'cta', button_index: 4, order: 1, button_info: { copy_promo_code: 'SAVE10' } },
      ],
    },
    {
      name: 'summer_sale',
      language: 'en_US',
      category: 'MARKETING',
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Our {{1}} is on!', example: { header_text: ['Summer Sale'] } },
        { type: 'BODY', text: 'Hi {{1}}, use code {{2}} at checkout for a discount on every order.', example: { body_text: [['Budi', 'SAVE10']] } },
        { type: 'FOOTER', text: 'Not interested? Tap Stop promotions' },
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'QUICK_REPLY', text: 'Tell me more' },
            { type: 'QUICK_REPLY', text: 'Stop promotions', marketing_opt_out: true, term_condition: true },
            { type: 'URL', text: 'Shop now', url: 'https://shop.example.com/promo/{{1}}', example: ['https://shop.example.com/promo/summer'] },
            { type: 'PHONE_NUMBER', text: 'Call us', phone_number: '+6281234567890' },
            { type: 'COPY_CODE', text: 'Copy Promo Code', example: 'SAVE10' },
          ],
        },
      ],
    },
  ],
  [
    'utility: media header from an uploaded link, body sent as a string',
    { template_name: 'new_menu', template_category: 'UTILITY', language: 'en', header: { type: 'image', link: 'https://cdn.example.com/menu.png' }, body: 'Our new menu is ready for you to try this week.' },
    {
      template_name: 'new_menu',
      template_category: 'UTILITY',
      language: 'en',
      source: 'api',
      header: { type: 'image', example: { header_handle: ['https://cdn.example.com/menu.png'] } },
      body: { text: 'Our new menu is ready for you to try this week.' },
      footer: { type: 'none' },
      button: [],
    },
    {
      name: 'new_menu',
      language: 'en',
      category: 'UTILITY',
      components: [
        { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['https://cdn.example.com/menu.png'] } },
        { type: 'BODY', text: 'Our new menu is ready for you to try this week.' },
      ],
    },
  ],
  [
    'utility: location header, named variables, buttons sent as an empty object',
    {
      template_name: 'delivery',
      template_category: 'UTILITY',
      language: 'en_GB',
      parameter_format: 'named',
      header: { type: 'location' },
      body: {
        text: 'Good news {{first_name}}! Your order {{order_id}} is on its way to you.',
        variable: [
          { name: 'first_name', value: 'Mark' },
          { name: 'order_id', value: '566701' },
        ],
      },
      button: {},
    },
    {
      template_name: 'delivery',
      template_category: 'UTILITY',
      language: 'en_GB',
      source: 'api',
      parameter_format: 'NAMED',
      header: { type: 'location' },
      body: {
        text: 'Good news {{first_name}}! Your order {{order_id}} is on its way to you.',
        variable: [
          { name: 'first_name', value: 'Mark' },
          { name: 'order_id', value: '566701' },
        ],
      },
      footer: { type: 'none' },
      button: [],
    },
    {
      name: 'delivery',
      language: 'en_GB',
      category: 'UTILITY',
      parameter_format: 'NAMED',
      components: [
        { type: 'HEADER', format: 'LOCATION' },
        {
          type: 'BODY',
          text: 'Good news {{first_name}}! Your order {{order_id}} is on its way to you.',
          example: {
            body_text_named_params: [
              { param_name: 'first_name', example: 'Mark' },
              { param_name: 'order_id', example: '566701' },
            ],
          },
        },
      ],
    },
  ],
  [
    'authentication (edit): Indonesian, security on, expiry defaulting to 10, one-tap with the spec’s single app',
    {
      template_name: 'login_code',
      template_category: 'AUTHENTICATION',
      language: 'id',
      template_code_id: 'tpl-9',
      body: 'whatever the form built',
      message_security: true,
      footer: { type: 'text', text: { body: '' }, footer_info: {} },
      button: [{ type: 'otp', text: 'Salin kode', button_info: { otp_type: 'one_tap', autofill_text: 'Isi otomatis', package_name: 'com.example.pesan', signature_hash: 'K8a/AINcGX7' } }],
    },
    {
      template_name: 'login_code',
      template_category: 'AUTHENTICATION',
      language: 'id',
      source: 'api',
      template_code_id: 'tpl-9',
      header: { type: 'none' },
      body: { text: '[123456] adalah kode verifikasi Anda. Demi keamanan, jangan bagikan kode ini.' },
      footer: { type: 'text', text: { body: 'Kode ini kedaluwarsa dalam 10 menit.' }, footer_info: { code_expired: 10 } },
      button: [
        {
          type: 'OTP',
          text: 'Salin kode',
          section: 'cta',
          button_index: 0,
          order: 0,
          button_info: { otp_type: 'ONE_TAP', autofill_text: 'Isi otomatis', supported_apps: [{ package_name: 'com.example.pesan', signature_hash: 'K8a/AINcGX7' }] },
        },
      ],
      message_security: true,
    },
    {
      name: 'login_code',
      language: 'id',
      category: 'AUTHENTICATION',
      components: [
        { type: 'BODY', add_security_recommendation: true },
        { type: 'FOOTER', code_expiration_minutes: 10 },
        { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'ONE_TAP', text: 'Salin kode', autofill_text: 'Isi otomatis', supported_apps: [{ package_name: 'com.example.pesan', signature_hash: 'K8a/AINcGX7' }] }] },
      ],
    },
  ],
  [
    'a draft with nothing but its name, category and language',
    { template_name: 'draft_one', template_category: 'MARKETING', language: 'en' },
    { template_name: 'draft_one', template_category: 'MARKETING', language: 'en', source: 'api', header: { type: 'none' }, body: { text: '' }, footer: { type: 'none' }, button: [] },
    { name: 'draft_one', language: 'en', category: 'MARKETING', components: [] },
  ],
];

describe('console -> Meta -> console (§3 payloads)', () => {
  it.each(CASES)('%s', (_label, input, payload, meta) => {
    const parsed = parse(input);
    expect(parsed).toStrictEqual(payload);
    expect(consoleToMeta(parsed)).toStrictEqual(meta);
    expect(waTemplateSchema.parse(meta)).toStrictEqual(meta);
    expect(metaToConsole(meta, envelopeOf(parsed))).toStrictEqual(parsed);
  });

  it('gives valid templates for the complete cases', () => {
    for (const [label, input] of CASES.slice(0, 4)) expect([label, validateTemplate(consoleToMeta(parse(input)))]).toEqual([label, []]);
  });
});

describe('canonical payload', () => {
  const optOut = (button_info: object, footer: object | undefined, language = 'en') =>
    parse({ template_name: 'p', template_category: 'MARKETING', language, ...(footer ? { footer } : {}), body: 'Big sale this week in every store.', button: [{ type: 'MARKETING_OPT_OUT', text: 'Stop', button_info }] });

  it.each([
    ['its own footer text', { footer_marketing_disapproval: 'Own text' }, { type: 'text', text: { body: 'Footer text' } }, 'en', 'Own text'],
    ['the footer’s text', {}, { type: 'text', text: { body: 'Footer text' } }, 'en', 'Footer text'],
    ['the English default', {}, undefined, 'en_US', 'Not interested? Tap stop promotions'],
    ['the default of another language', {}, { type: 'none' }, 'id', 'Hentikan promosi'],
  ])('a marketing opt-out’s footer is %s (§2.4)', (_label, info, footer, language, expected) => {
    const p = optOut(info, footer, language);
    expect(p.footer).toEqual({ type: 'text', text: { body: expected } });
    expect(p.button[0]!.button_info.footer_marketing_disapproval).toBe(expected);
  });

  it('works out section, index and order from the buttons’ order, and the URL type from the URL', () => {
    const p = parse({
      template_name: 'p',
      template_category: 'UTILITY',
      language: 'en',
      button: [
        { type: 'URL', text: 'Site', url_type: 'url_dynamic', section: 'quick_reply', order: 5, button_info: { url: 'https://a.example.com' } },
        { type: 'QUICK_REPLY', text: 'Yes', url_type: 'static' },
      ],
    });
    expect(p.button.map((b) => [b.section, b.button_index, b.order, b.url_type])).toEqual([
      ['cta', 0, 0, 'static'],
      ['quick_reply', 1, 1, undefined],
    ]);
    expect(p.button[1]).not.toHaveProperty('url_type');
  });

  it('defaults an OTP button to copy code', () => {
    const p = parse({ template_name: 'p', template_category: 'AUTHENTICATION', language: 'en', button: [{ type: 'OTP' }] });
    expect(p.button[0]!.button_info).toEqual({ otp_type: 'COPY_CODE' });
    expect(p.body.text).toBe('[123456] is your verification code.');
  });

  it.each([
    ['header', { header: { type: 'gif' } }, 'header.type', 'Header `type` must be none, text, image, video, document or location'],
    ['footer', { footer: { type: 'html' } }, 'footer.type', 'Footer `type` must be none or text'],
    ['button', { button: [{ type: 'flow' }] }, 'button.0.type', 'Each button needs a `type`: QUICK_REPLY, MARKETING_OPT_OUT, URL, PHONE_NUMBER, COPY_CODE or OTP'],
    ['category', { template_category: '' }, 'template_category', 'Category is required'],
    ['language', { language: undefined }, 'language', 'Language is required'],
    ['name', { template_name: undefined }, 'template_name', 'Template Name is required'],
  ])('refuses an unknown or missing %s', (_label, change, path, message) => {
    const r = consoleTemplatePayloadSchema.safeParse({ template_name: 'p', template_category: 'UTILITY', language: 'en', ...change });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([[path, message]]);
  });
});
