import { describe, expect, it } from 'vitest';
import { META_TEMPLATE_FIXTURES } from './wa-template-fixtures.ts';
import { waTemplateSchema, type WaTemplate } from './wa-template-model.ts';
import { addButtonRule, buttonOptionHint, canSaveDraft, canSubmit, formBlockers, isValidButtonPhone, isValidUrlSample, isValidWebsiteUrl, validateTemplate, type TemplateIssue } from './wa-template-rules.ts';

/** A valid marketing template using every kind of component and button but the opt-out. */
const MARKETING = {
  name: 'summer_sale',
  language: 'en_US',
  category: 'MARKETING',
  components: [
    { type: 'HEADER', format: 'TEXT', text: 'Our {{1}} is on!', example: { header_text: ['Summer Sale'] } },
    { type: 'BODY', text: 'Hi {{1}}, use code {{2}} at checkout to get a discount on every order.', example: { body_text: [['Budi', 'SAVE10']] } },
    { type: 'FOOTER', text: 'Reply STOP to opt out' },
    {
      type: 'BUTTONS',
      buttons: [
        { type: 'QUICK_REPLY', text: 'Tell me more' },
        { type: 'URL', text: 'Shop now', url: 'https://shop.example.com/promo/{{1}}', example: ['https://shop.example.com/promo/summer'] },
        { type: 'PHONE_NUMBER', text: 'Call us', phone_number: '+6281234567890' },
        { type: 'COPY_CODE', example: 'SAVE10' },
      ],
    },
  ],
};

/** A valid authentication template (one-tap). */
const AUTH = {
  name: 'login_code',
  language: 'en_US',
  category: 'AUTHENTICATION',
  components: [
    { type: 'BODY', add_security_recommendation: true },
    { type: 'FOOTER', code_expiration_minutes: 10 },
    { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'ONE_TAP', text: 'Copy code', autofill_text: 'Autofill', supported_apps: [{ package_name: 'com.example.pesan', signature_hash: 'K8a/AINcGX7' }] }] },
  ],
};

type Raw = typeof MARKETING & Record<string, unknown>;
type RawComponent = Record<string, unknown> & { type: string };

/** A copy of `base` changed by `change`, parsed as the server would. */
function edit(base: object, change: (t: Raw, c: (type: string) => RawComponent) => void): WaTemplate {
  const t = structuredClone(base) as Raw;
  const c = (type: string) => (t.components as RawComponent[]).find((x) => x.type === type)!;
  change(t, c);
  return waTemplateSchema.parse(t);
}
const buttons = (c: (type: string) => RawComponent) => c('BUTTONS')['buttons'] as Record<string, unknown>[];

const qr = (text: string) => ({ type: 'QUICK_REPLY', text });
const url = (n: number) => ({ type: 'URL', text: `Site ${n}`, url: `https://shop.example.com/${n}` });

describe('validateTemplate accepts', () => {
  it.each(META_TEMPLATE_FIXTURES.map((f) => [f.label, f.body] as const))('Meta’s published example: %s', (_label, body) => {
    expect(validateTemplate(waTemplateSchema.parse(body))).toEqual([]);
  });

  it.each<[string, object, (t: Raw, c: (type: string) => RawComponent) => void]>([
    ['the base marketing template', MARKETING, () => {}],
    ['the base authentication template', AUTH, () => {}],
    ['a 512-character name', MARKETING, (t) => void (t.name = 'a'.repeat(512))],
    ['a 60-character header', MARKETING, (_t, c) => void (c('HEADER')['text'] = `Our {{1}} ${'x'.repeat(50)}`)],
    ['a 1024-character body', MARKETING, (_t, c) => void (c('BODY')['text'] = 'Hi {{1}}, use code {{2}} at checkout '.padEnd(1024, 'a'))],
    ['a body ending in punctuation after its last variable', MARKETING, (_t, c) => void (c('BODY')['text'] = 'Hi there, your code for every order at checkout is {{1}} and {{2}}.')],
    ['exactly 2n+1 words for n variables', MARKETING, (_t, c) => void (c('BODY')['text'] = 'Hi {{1}}, your code {{2}} at checkout.')],
    ['a 60-character footer', MARKETING, (_t, c) => void (c('FOOTER')['text'] = 'f'.repeat(60))],
    ['a 25-character button text', MARKETING, (_t, c) => void (buttons(c)[0]!['text'] = 'b'.repeat(25))],
    ['a 15-character promo code', MARKETING, (_t, c) => void (buttons(c)[3]!['example'] = 'P'.repeat(15))],
    ['a 2000-character static URL', MARKETING, (_t, c) => void Object.assign(buttons(c)[1]!, { url: `https://shop.example.com/${'p'.repeat(1975)}`, example: undefined })],
    ['a URL with a port, query and fragment', MARKETING, (_t, c) => void Object.assign(buttons(c)[1]!, { url: 'http://shop.example.com:8080/a/b?c=d#e', example: undefined })],
    ['10 buttons with 2 URL, 1 phone, 1 copy code', MARKETING, (_t, c) => void buttons(c).splice(1, 0, qr('A'), qr('B'), qr('C'), qr('D'), qr('E'), url(2))],
    ['quick replies after the call-to-action buttons', MARKETING, (_t, c) => void (c('BUTTONS')['buttons'] = [url(1), { type: 'COPY_CODE', example: 'X' }, qr('A'), qr('B')])],
    [
      'a marketing opt-out with its terms accepted',
      MARKETING,
      (_t, c) => void buttons(c).splice(1, 0, { type: 'QUICK_REPLY', text: 'Stop promotions', marketing_opt_out: true, term_condition: true }),
    ],
    [
      'named variables in header and body',
      MARKETING,
      (t, c) => {
        t['parameter_format'] = 'NAMED';
        Object.assign(c('HEADER'), { text: 'Our {{sale}} is on!', example: { header_text_named_params: [{ param_name: 'sale', example: 'Summer Sale' }] } });
        Object.assign(c('BODY'), {
          text: 'Hi {{first_name}}, use code {{code_2}} at checkout to get a discount.',
          example: { body_text_named_params: [{ param_name: 'first_name', example: 'Budi' }, { param_name: 'code_2', example: 'SAVE10' }] },
        });
      },
    ],
    ['an expiry of 1 minute', AUTH, (_t, c) => void (c('FOOTER')['code_expiration_minutes'] = 1)],
    ['an expiry of 90 minutes', AUTH, (_t, c) => void (c('FOOTER')['code_expiration_minutes'] = 90)],
    ['Meta’s preset body text as Meta returns it', AUTH, (_t, c) => void (c('BODY')['text'] = '*{{1}}* is your verification code. For your security, do not share this code.')],
    ['the Indonesian preset body and footer', AUTH, (t, c) => {
      t.language = 'id';
      c('BODY')['text'] = '{{1}} adalah kode verifikasi Anda.';
      c('FOOTER')['text'] = 'Kode ini kedaluwarsa dalam 10 menit.';
    }],
    ['a copy code OTP button without apps', AUTH, (_t, c) => void (buttons(c)[0] = { type: 'OTP', otp_type: 'COPY_CODE' })],
    ['a zero-tap button with its terms accepted', AUTH, (_t, c) => void Object.assign(buttons(c)[0]!, { otp_type: 'ZERO_TAP', zero_tap_terms_accepted: true })],
  ])('%s', (_label, base, change) => {
    expect(validateTemplate(edit(base, change))).toEqual([]);
  });
});

/** [rule, base, change, the issue expected (the only one)]. */
const REJECTED: [string, object, (t: Raw, c: (type: string) => RawComponent) => void, TemplateIssue][] = [
  ['name.required', MARKETING, (t) => void (t.name = ' '), { path: 'name', component: 'NAME', rule: 'name.required', message: 'Template Name is required' }],
  ['name.too_long', MARKETING, (t) => void (t.name = 'a'.repeat(513)), { path: 'name', component: 'NAME', rule: 'name.too_long', message: 'Template Name must be at most 512 characters' }],
  ['name.format (space)', MARKETING, (t) => void (t.name = 'Summer Sale'), { path: 'name', component: 'NAME', rule: 'name.format', message: 'Template Name may use only lower-case letters, digits and underscores, without spaces or special characters' }],
  ['name.format (dash)', MARKETING, (t) => void (t.name = 'summer-sale'), { path: 'name', component: 'NAME', rule: 'name.format', message: 'Template Name may use only lower-case letters, digits and underscores, without spaces or special characters' }],

  ['header.text_required', MARKETING, (_t, c) => void Object.assign(c('HEADER'), { text: '', example: undefined }), { path: 'components.0.text', component: 'HEADER', rule: 'header.text_required', message: 'Header text is required' }],
  ['header.too_long', MARKETING, (_t, c) => void (c('HEADER')['text'] = `Our {{1}} ${'x'.repeat(51)}`), { path: 'components.0.text', component: 'HEADER', rule: 'header.too_long', message: 'Header text must be at most 60 characters' }],
  [
    'header.too_many_variables',
    MARKETING,
    (_t, c) => void Object.assign(c('HEADER'), { text: 'Our {{1}} and {{2}}', example: { header_text: ['a', 'b'] } }),
    { path: 'components.0.text', component: 'HEADER', rule: 'header.too_many_variables', message: 'Header text may have at most one variable' },
  ],
  [
    'header.media_sample_required',
    MARKETING,
    (_t, c) => void Object.assign(c('HEADER'), { format: 'IMAGE', text: undefined, example: undefined }),
    { path: 'components.0.example.header_handle', component: 'HEADER', rule: 'header.media_sample_required', message: 'Header: add a sample image for the image header' },
  ],
  [
    'header.media_sample_required (video, empty handle)',
    MARKETING,
    (_t, c) => void Object.assign(c('HEADER'), { format: 'VIDEO', text: undefined, example: { header_handle: [''] } }),
    { path: 'components.0.example.header_handle', component: 'HEADER', rule: 'header.media_sample_required', message: 'Header: add a sample video for the video header' },
  ],
  ['variables.sample_required (header)', MARKETING, (_t, c) => void (c('HEADER')['example'] = undefined), { path: 'components.0.example', component: 'HEADER', rule: 'variables.sample_required', message: 'Header: add a sample for {{1}}' }],

  ['body.required (empty)', MARKETING, (_t, c) => void Object.assign(c('BODY'), { text: 'null', example: undefined }), { path: 'components.1.text', component: 'BODY', rule: 'body.required', message: 'Body is required' }],
  ['body.required (no BODY)', MARKETING, (t) => void (t.components = t.components.filter((x) => x.type !== 'BODY')), { path: 'BODY', component: 'BODY', rule: 'body.required', message: 'Body is required' }],
  ['body.too_long', MARKETING, (_t, c) => void Object.assign(c('BODY'), { text: 'word '.repeat(205), example: undefined }), { path: 'components.1.text', component: 'BODY', rule: 'body.too_long', message: 'Body must be at most 1024 characters' }],
  [
    'body.starts_with_variable',
    MARKETING,
    (_t, c) => void (c('BODY')['text'] = ' {{1}} hi, use code {{2}} at checkout to get a discount on every order.'),
    { path: 'components.1.text', component: 'BODY', rule: 'body.starts_with_variable', message: 'Body must not start with a variable: begin with words' },
  ],
  [
    'body.ends_with_variable',
    MARKETING,
    (_t, c) => void (c('BODY')['text'] = 'Hi {{1}}, use the code at checkout to get a discount on every order: {{2}}\n'),
    { path: 'components.1.text', component: 'BODY', rule: 'body.ends_with_variable', message: 'Body must not end with a variable: end with words' },
  ],
  [
    'body.adjacent_variables',
    MARKETING,
    (_t, c) => void (c('BODY')['text'] = 'Hi {{1}} {{2}}, use the code at checkout to get a discount on every order.'),
    { path: 'components.1.text', component: 'BODY', rule: 'body.adjacent_variables', message: 'Body: put words between {{1}} and {{2}}' },
  ],
  [
    'body.adjacent_variables (punctuation only)',
    MARKETING,
    (_t, c) => void (c('BODY')['text'] = 'Hi {{1}}/{{2}}, use the code at checkout to get a discount on every order.'),
    { path: 'components.1.text', component: 'BODY', rule: 'body.adjacent_variables', message: 'Body: put words between {{1}} and {{2}}' },
  ],
  [
    'body.too_many_variables',
    MARKETING,
    (_t, c) => void (c('BODY')['text'] = 'Hi {{1}}, code {{2}} now.'),
    { path: 'components.1.text', component: 'BODY', rule: 'body.too_many_variables', message: 'Body has too many variables for its length: 2 variables need at least 5 words besides them (it has 3)' },
  ],
  [
    'body.too_many_variables (2n words, one short)',
    MARKETING,
    (_t, c) => void (c('BODY')['text'] = 'Hi {{1}}, code {{2}} at checkout.'),
    { path: 'components.1.text', component: 'BODY', rule: 'body.too_many_variables', message: 'Body has too many variables for its length: 2 variables need at least 5 words besides them (it has 4)' },
  ],
  [
    'variables.malformed (capitals)',
    MARKETING,
    (_t, c) => void (c('BODY')['text'] = 'Hi {{1}}, use code {{2}} and {{Name}} at checkout to get a discount on every order.'),
    { path: 'components.1.text', component: 'BODY', rule: 'variables.malformed', message: 'Body: write variables as {{1}} or {{name}} (lower-case letters, digits and underscores): {{Name}}' },
  ],
  [
    'variables.malformed (spaces)',
    MARKETING,
    (_t, c) => void (c('BODY')['text'] = 'Hi {{1}}, use code {{2}} and {{ 3 }} at checkout to get a discount on every order.'),
    { path: 'components.1.text', component: 'BODY', rule: 'variables.malformed', message: 'Body: write variables as {{1}} or {{name}} (lower-case letters, digits and underscores): {{ 3 }}' },
  ],
  [
    'variables.forbidden_chars (#)',
    MARKETING,
    (_t, c) => void (c('BODY')['text'] = 'Hi {{1}}, use code {{2}} and {{#3}} at checkout to get a discount on every order.'),
    { path: 'components.1.text', component: 'BODY', rule: 'variables.forbidden_chars', message: 'Body: variables cannot contain #, $ or %: {{#3}}' },
  ],
  [
    'variables.forbidden_chars ($ and %)',
    MARKETING,
    (_t, c) => void (c('HEADER')['text'] = 'Our {{1}} {{$%}}'),
    { path: 'components.0.text', component: 'HEADER', rule: 'variables.forbidden_chars', message: 'Header: variables cannot contain #, $ or %: {{$%}}' },
  ],
  [
    'variables.unclosed',
    MARKETING,
    (_t, c) => void (c('BODY')['text'] = 'Hi {{1}}, use code {{2}} at checkout to get a discount {{3 on every order.'),
    { path: 'components.1.text', component: 'BODY', rule: 'variables.unclosed', message: 'Body: a variable is missing its {{ or }}' },
  ],
  [
    'variables.sequence',
    MARKETING,
    (_t, c) => void Object.assign(c('BODY'), { text: 'Hi {{1}}, use code {{3}} at checkout to get a discount on every order.', example: { body_text: [['Budi', 'x', 'SAVE10']] } }),
    { path: 'components.1.text', component: 'BODY', rule: 'variables.sequence', message: 'Body: number the variables from {{1}} without gaps ({{2}} is missing)' },
  ],
  [
    'variables.mixed',
    MARKETING,
    (_t, c) =>
      void Object.assign(c('BODY'), {
        text: 'Hi {{first_name}}, use code {{code}} at checkout to get a discount on every order.',
        example: { body_text_named_params: [{ param_name: 'first_name', example: 'Budi' }, { param_name: 'code', example: 'X' }] },
      }),
    { path: 'components.1.text', component: 'BODY', rule: 'variables.mixed', message: 'Use either numbered variables ({{1}}) or named variables ({{name}}) in a template, not both' },
  ],
  [
    'variables.format_mismatch',
    MARKETING,
    (t) => void (t['parameter_format'] = 'NAMED'),
    { path: 'components.0.text', component: 'HEADER', rule: 'variables.format_mismatch', message: 'This template uses named variables ({{name}}): numbered variables ({{1}}) are not allowed' },
  ],
  ['variables.sample_required (body)', MARKETING, (_t, c) => void (c('BODY')['example'] = { body_text: [['Budi', ' ']] }), { path: 'components.1.example', component: 'BODY', rule: 'variables.sample_required', message: 'Body: add a sample for {{2}}' }],

  ['footer.required', MARKETING, (_t, c) => void (c('FOOTER')['text'] = ''), { path: 'components.2.text', component: 'FOOTER', rule: 'footer.required', message: 'Footer is required' }],
  ['footer.too_long', MARKETING, (_t, c) => void (c('FOOTER')['text'] = 'f'.repeat(61)), { path: 'components.2.text', component: 'FOOTER', rule: 'footer.too_long', message: 'Footer must be at most 60 characters' }],
  ['footer.variables', MARKETING, (_t, c) => void (c('FOOTER')['text'] = 'Reply {{1}} to stop'), { path: 'components.2.text', component: 'FOOTER', rule: 'footer.variables', message: 'Footer cannot have variables' }],

  ['buttons.empty', MARKETING, (_t, c) => void (c('BUTTONS')['buttons'] = []), { path: 'components.3.buttons', component: 'BUTTONS', rule: 'buttons.empty', message: 'Buttons: add a button or remove the buttons section' }],
  ['buttons.too_many', MARKETING, (_t, c) => void buttons(c).unshift(...'ABCDEFG'.split('').map(qr)), { path: 'components.3.buttons', component: 'BUTTONS', rule: 'buttons.too_many', message: 'Buttons: at most 10 buttons' }],
  ['buttons.url_max', MARKETING, (_t, c) => void buttons(c).push(url(2), url(3)), { path: 'components.3.buttons', component: 'BUTTONS', rule: 'buttons.url_max', message: 'Buttons: at most 2 Visit website buttons' }],
  ['buttons.phone_max', MARKETING, (_t, c) => void buttons(c).push({ type: 'PHONE_NUMBER', text: 'Call', phone_number: '6281234567890' }), { path: 'components.3.buttons', component: 'BUTTONS', rule: 'buttons.phone_max', message: 'Buttons: at most 1 Call phone number button' }],
  ['buttons.copy_code_max', MARKETING, (_t, c) => void buttons(c).push({ type: 'COPY_CODE', example: 'B' }), { path: 'components.3.buttons', component: 'BUTTONS', rule: 'buttons.copy_code_max', message: 'Buttons: at most 1 Copy promo code button' }],
  [
    'buttons.opt_out_max',
    MARKETING,
    (_t, c) => void buttons(c).unshift({ type: 'QUICK_REPLY', text: 'Stop', marketing_opt_out: true, term_condition: true }, { type: 'QUICK_REPLY', text: 'Stop all', marketing_opt_out: true, term_condition: true }),
    { path: 'components.3.buttons', component: 'BUTTONS', rule: 'buttons.opt_out_max', message: 'Buttons: at most 1 Marketing opt-out button' },
  ],
  ['buttons.grouping', MARKETING, (_t, c) => void buttons(c).push(qr('Again')), { path: 'components.3.buttons', component: 'BUTTONS', rule: 'buttons.grouping', message: 'Buttons: keep the quick replies together, before or after the call-to-action buttons' }],

  ['button.text_required', MARKETING, (_t, c) => void (buttons(c)[0]!['text'] = 'undefined'), { path: 'components.3.buttons.0.text', component: 'BUTTONS', rule: 'button.text_required', message: 'Button 1 (Quick reply): button text is required' }],
  ['button.text_too_long', MARKETING, (_t, c) => void (buttons(c)[2]!['text'] = 'b'.repeat(26)), { path: 'components.3.buttons.2.text', component: 'BUTTONS', rule: 'button.text_too_long', message: 'Button 3 (Call phone number): button text must be at most 25 characters' }],
  ['button.url_required', MARKETING, (_t, c) => void Object.assign(buttons(c)[1]!, { url: '', example: undefined }), { path: 'components.3.buttons.1.url', component: 'BUTTONS', rule: 'button.url_required', message: 'Button 2 (Visit website): website URL is required' }],
  ['button.url_invalid (no scheme)', MARKETING, (_t, c) => void Object.assign(buttons(c)[1]!, { url: 'shop.example.com', example: undefined }), { path: 'components.3.buttons.1.url', component: 'BUTTONS', rule: 'button.url_invalid', message: 'Please enter a valid URL' }],
  ['button.url_invalid (no domain)', MARKETING, (_t, c) => void Object.assign(buttons(c)[1]!, { url: 'https://localhost/x', example: undefined }), { path: 'components.3.buttons.1.url', component: 'BUTTONS', rule: 'button.url_invalid', message: 'Please enter a valid URL' }],
  [
    'button.url_too_long',
    MARKETING,
    (_t, c) => void Object.assign(buttons(c)[1]!, { url: `https://shop.example.com/${'p'.repeat(1976)}`, example: undefined }),
    { path: 'components.3.buttons.1.url', component: 'BUTTONS', rule: 'button.url_too_long', message: 'Website URL must be at most 2000 characters' },
  ],
  [
    'button.url_variable (not at the end)',
    MARKETING,
    (_t, c) => void (buttons(c)[1]!['url'] = 'https://shop.example.com/{{1}}/promo'),
    { path: 'components.3.buttons.1.url', component: 'BUTTONS', rule: 'button.url_variable', message: 'Button 2 (Visit website): a website URL takes one variable, {{1}}, at its end' },
  ],
  [
    'button.url_variable (two)',
    MARKETING,
    (_t, c) => void (buttons(c)[1]!['url'] = 'https://shop.example.com/{{1}}?a={{2}}'),
    { path: 'components.3.buttons.1.url', component: 'BUTTONS', rule: 'button.url_variable', message: 'Button 2 (Visit website): a website URL takes one variable, {{1}}, at its end' },
  ],
  [
    'button.url_variable (named)',
    MARKETING,
    (_t, c) => void (buttons(c)[1]!['url'] = 'https://shop.example.com/{{code}}'),
    { path: 'components.3.buttons.1.url', component: 'BUTTONS', rule: 'button.url_variable', message: 'Button 2 (Visit website): a website URL takes one variable, {{1}}, at its end' },
  ],
  ['button.url_sample_required', MARKETING, (_t, c) => void (buttons(c)[1]!['example'] = undefined), { path: 'components.3.buttons.1.example', component: 'BUTTONS', rule: 'button.url_sample_required', message: 'Add sample URL is required.' }],
  ['button.url_sample_invalid', MARKETING, (_t, c) => void (buttons(c)[1]!['example'] = ['summer sale']), { path: 'components.3.buttons.1.example', component: 'BUTTONS', rule: 'button.url_sample_invalid', message: 'Please enter a valid URL' }],
  ['button.phone_required', MARKETING, (_t, c) => void (buttons(c)[2]!['phone_number'] = ''), { path: 'components.3.buttons.2.phone_number', component: 'BUTTONS', rule: 'button.phone_required', message: 'Button 3 (Call phone number): phone number is required' }],
  [
    'button.phone_invalid',
    MARKETING,
    (_t, c) => void (buttons(c)[2]!['phone_number'] = 'call me'),
    { path: 'components.3.buttons.2.phone_number', component: 'BUTTONS', rule: 'button.phone_invalid', message: 'Button 3 (Call phone number): enter a valid phone number for its country, with the country code (check the number of digits)' },
  ],
  ['button.promo_code_required', MARKETING, (_t, c) => void (buttons(c)[3]!['example'] = undefined), { path: 'components.3.buttons.3.example', component: 'BUTTONS', rule: 'button.promo_code_required', message: 'Button 4 (Copy promo code): add a sample promo code' }],
  ['button.promo_code_too_long', MARKETING, (_t, c) => void (buttons(c)[3]!['example'] = 'P'.repeat(16)), { path: 'components.3.buttons.3.example', component: 'BUTTONS', rule: 'button.promo_code_too_long', message: 'Promo code sample must be at most 15 characters' }],
  [
    'button.opt_out_marketing_only',
    MARKETING,
    (t, c) => {
      t.category = 'UTILITY';
      buttons(c)[0] = { type: 'QUICK_REPLY', text: 'Stop promotions', marketing_opt_out: true, term_condition: true };
    },
    { path: 'components.3.buttons.0', component: 'BUTTONS', rule: 'button.opt_out_marketing_only', message: 'The Marketing opt-out button is for marketing templates only' },
  ],
  [
    'button.opt_out_terms',
    MARKETING,
    (_t, c) => void (buttons(c)[0] = { type: 'QUICK_REPLY', text: 'Stop promotions', marketing_opt_out: true, term_condition: false }),
    { path: 'components.3.buttons.0.term_condition', component: 'BUTTONS', rule: 'button.opt_out_terms', message: 'Marketing opt-out: tick the box to accept the terms' },
  ],
  ['button.otp_auth_only', MARKETING, (_t, c) => void buttons(c).push({ type: 'OTP', otp_type: 'COPY_CODE' }), { path: 'components.3.buttons.4', component: 'BUTTONS', rule: 'button.otp_auth_only', message: 'One-time password buttons are for authentication templates only' }],

  [
    'header.not_in_auth',
    AUTH,
    (t) => void t.components.unshift({ type: 'HEADER', format: 'IMAGE', example: { header_handle: ['h'] } } as never),
    { path: 'components.0', component: 'HEADER', rule: 'header.not_in_auth', message: 'Authentication templates have no header' },
  ],
  ['body.required (authentication)', AUTH, (t) => void (t.components = t.components.filter((x) => x.type !== 'BODY')), { path: 'BODY', component: 'BODY', rule: 'body.required', message: 'Body is required' }],
  [
    'body.custom_in_auth',
    AUTH,
    (_t, c) => void (c('BODY')['text'] = 'Your login code is {{1}}. Visit https://x.example.com'),
    { path: 'components.0.text', component: 'BODY', rule: 'body.custom_in_auth', message: "Authentication templates use WhatsApp's preset body: turn the security recommendation on or off instead of writing it" },
  ],
  ['footer.code_expiry_range (0)', AUTH, (_t, c) => void (c('FOOTER')['code_expiration_minutes'] = 0), { path: 'components.1.code_expiration_minutes', component: 'FOOTER', rule: 'footer.code_expiry_range', message: 'Code expiry must be between 1 and 90 minutes' }],
  ['footer.code_expiry_range (91)', AUTH, (_t, c) => void (c('FOOTER')['code_expiration_minutes'] = 91), { path: 'components.1.code_expiration_minutes', component: 'FOOTER', rule: 'footer.code_expiry_range', message: 'Code expiry must be between 1 and 90 minutes' }],
  [
    'footer.custom_in_auth',
    AUTH,
    (_t, c) => void (c('FOOTER')['text'] = 'Valid for a short while'),
    { path: 'components.1.text', component: 'FOOTER', rule: 'footer.custom_in_auth', message: "Authentication templates use WhatsApp's preset footer: set the code expiry instead of writing it" },
  ],
  [
    'buttons.auth_otp (none)',
    AUTH,
    (t) => void (t.components = t.components.filter((x) => x.type !== 'BUTTONS')),
    { path: 'BUTTONS', component: 'BUTTONS', rule: 'buttons.auth_otp', message: 'Authentication templates need exactly one button: a one-time password button (copy code or autofill)' },
  ],
  [
    'buttons.auth_otp (a quick reply)',
    AUTH,
    (_t, c) => void (c('BUTTONS')['buttons'] = [qr('Not me')]),
    { path: 'components.2.buttons', component: 'BUTTONS', rule: 'buttons.auth_otp', message: 'Authentication templates need exactly one button: a one-time password button (copy code or autofill)' },
  ],
  [
    'buttons.auth_otp (two OTP buttons)',
    AUTH,
    (_t, c) => void buttons(c).push({ type: 'OTP', otp_type: 'COPY_CODE' }),
    { path: 'components.2.buttons', component: 'BUTTONS', rule: 'buttons.auth_otp', message: 'Authentication templates need exactly one button: a one-time password button (copy code or autofill)' },
  ],
  ['button.text_too_long (OTP)', AUTH, (_t, c) => void (buttons(c)[0]!['text'] = 'c'.repeat(26)), { path: 'components.2.buttons.0.text', component: 'BUTTONS', rule: 'button.text_too_long', message: 'Button 1 (One-time password): button text must be at most 25 characters' }],
  [
    'button.autofill_text_too_long',
    AUTH,
    (_t, c) => void (buttons(c)[0]!['autofill_text'] = 'a'.repeat(26)),
    { path: 'components.2.buttons.0.autofill_text', component: 'BUTTONS', rule: 'button.autofill_text_too_long', message: 'Button 1 (One-time password): autofill text must be at most 25 characters' },
  ],
  [
    'button.supported_apps_required',
    AUTH,
    (_t, c) => void (buttons(c)[0]!['supported_apps'] = []),
    { path: 'components.2.buttons.0.supported_apps', component: 'BUTTONS', rule: 'button.supported_apps_required', message: 'Button 1 (One-time password): autofill needs your Android app: add its package name and signature hash' },
  ],
  [
    'button.supported_apps_too_many',
    AUTH,
    (_t, c) => void (buttons(c)[0]!['supported_apps'] = Array.from({ length: 6 }, (_, i) => ({ package_name: `com.example.app${i}`, signature_hash: 'K8a/AINcGX7' }))),
    { path: 'components.2.buttons.0.supported_apps', component: 'BUTTONS', rule: 'button.supported_apps_too_many', message: 'Button 1 (One-time password): at most 5 Android apps' },
  ],
  [
    'button.package_name_invalid (one segment)',
    AUTH,
    (_t, c) => void (buttons(c)[0]!['supported_apps'] = [{ package_name: 'luckyshrub', signature_hash: 'K8a/AINcGX7' }]),
    { path: 'components.2.buttons.0.supported_apps.0.package_name', component: 'BUTTONS', rule: 'button.package_name_invalid', message: 'Button 1 (One-time password): package name must be an Android package name such as com.example.app' },
  ],
  [
    'button.package_name_invalid (segment starting with a digit)',
    AUTH,
    (_t, c) => void (buttons(c)[0]!['supported_apps'] = [{ package_name: 'com.1example', signature_hash: 'K8a/AINcGX7' }]),
    { path: 'components.2.buttons.0.supported_apps.0.package_name', component: 'BUTTONS', rule: 'button.package_name_invalid', message: 'Button 1 (One-time password): package name must be an Android package name such as com.example.app' },
  ],
  [
    'button.signature_hash_invalid',
    AUTH,
    (_t, c) => void (buttons(c)[0]!['supported_apps'] = [{ package_name: 'com.example.pesan', signature_hash: 'K8a/AINcGX' }]),
    { path: 'components.2.buttons.0.supported_apps.0.signature_hash', component: 'BUTTONS', rule: 'button.signature_hash_invalid', message: 'Button 1 (One-time password): signature hash must be 11 characters (letters, digits, +, / or =)' },
  ],
  [
    'button.zero_tap_terms',
    AUTH,
    (_t, c) => void (buttons(c)[0]!['otp_type'] = 'ZERO_TAP'),
    { path: 'components.2.buttons.0.zero_tap_terms_accepted', component: 'BUTTONS', rule: 'button.zero_tap_terms', message: 'Button 1 (One-time password): zero-tap needs its terms accepted' },
  ],
];

describe('validateTemplate rejects', () => {
  it.each(REJECTED)('%s', (_label, base, change, issue) => {
    expect(validateTemplate(edit(base, change))).toEqual([issue]);
  });
});

describe('isValidButtonPhone (§2.4: a number the country allows, issue 23)', () => {
  it.each([
    ['+1 202 555 0123', true],
    ['15550051310', true], // Meta's own example number
    ['+6281234567890', true],
    ['+44 20 7946 0018', true],
    ['+1 202 555 01234', false], // 11 digits after +1
    ['+1 202 555 012', false],
    ['+628123', false],
    ['+999 123 456 789', false], // no such calling code
    ['call me', false],
  ])('%s -> %s', (phone, valid) => {
    expect(isValidButtonPhone(phone)).toBe(valid);
  });
});

describe('isValidUrlSample (a dynamic URL’s example, issue 23)', () => {
  const url = 'https://www.examplesite.com/shop?promo={{1}}';
  it.each([
    ['summer2023', true], // Meta's example: the variable's value
    ['https://www.examplesite.com/shop?promo=summer2023', true], // the whole sample URL
    ['summer sale', false],
  ])('%s -> %s', (sample, valid) => {
    expect(isValidUrlSample(url, sample)).toBe(valid);
  });
});

describe('isValidWebsiteUrl (§5.3)', () => {
  it.each([
    ['https://www.luckyshrub.com/support', true],
    ['http://a.example.co.id:8080/path?q=1#top', true],
    ['HTTPS://EXAMPLE.COM', true],
    ['ftp://example.com', false],
    ['https://example', false],
    ['https://exa mple.com', false],
    ['https://-bad.example.com', false],
  ])('%j -> %s', (value, valid) => {
    expect(isValidWebsiteUrl(value)).toBe(valid);
  });
});

describe('formBlockers, canSaveDraft, canSubmit (§5.3)', () => {
  const marketing = waTemplateSchema.parse(MARKETING);

  it('allows saving and submitting a complete template', () => {
    expect(formBlockers(marketing)).toEqual([]);
    expect([canSaveDraft(marketing), canSubmit(marketing)]).toEqual([true, true]);
  });

  it.each<[string, (t: Raw, c: (type: string) => RawComponent) => void, Pick<TemplateIssue, 'path' | 'rule'>[]]>([
    ['no name', (t) => void (t.name = ''), [{ path: 'name', rule: 'name.required' }]],
    ['the last quick reply without text', (_t, c) => void buttons(c).splice(1, 0, qr(' ')), [{ path: 'components.3.buttons.1.text', rule: 'button.text_required' }]],
    ['a URL button without URL', (_t, c) => void Object.assign(buttons(c)[1]!, { url: 'null', example: undefined }), [{ path: 'components.3.buttons.1.url', rule: 'button.url_required' }]],
    ['a phone button without number', (_t, c) => void (buttons(c)[2]!['phone_number'] = undefined), [{ path: 'components.3.buttons.2.phone_number', rule: 'button.phone_required' }]],
    ['no buttons and an empty body', (t) => void (t.components = [{ type: 'BODY', text: '' }] as never), [{ path: 'components.0.text', rule: 'body.required' }]],
    ['no buttons and no body', (t) => void (t.components = []), [{ path: 'BODY', rule: 'body.required' }]],
  ])('blocks both with %s', (_label, change, expected) => {
    const t = edit(MARKETING, change);
    expect(formBlockers(t).map(({ path, rule }) => ({ path, rule }))).toEqual(expected);
    expect([canSaveDraft(t), canSubmit(t)]).toEqual([false, false]);
  });

  it('does not block an earlier quick reply without text, nor an empty body when buttons exist', () => {
    const t = edit(MARKETING, (_t, c) => {
      buttons(c).unshift(qr(''));
      c('BODY')['text'] = '';
    });
    expect(formBlockers(t)).toEqual([]);
  });

  it('saves a draft that breaks other rules, but does not submit it', () => {
    const t = edit(MARKETING, (_t, c) => void (c('BODY')['text'] = `${'x'.repeat(1100)} {{1}} {{2}}`));
    expect([canSaveDraft(t), canSubmit(t)]).toEqual([true, false]);
  });
});

describe('addButtonRule and buttonOptionHint (§2.4, §5.3)', () => {
  const q = (text = 'Yes') => ({ type: 'QUICK_REPLY', text });
  const u = { type: 'URL', text: 'Site' };
  const p = { type: 'PHONE_NUMBER', text: 'Call' };
  const cc = { type: 'COPY_CODE' };
  const optOut = { type: 'MARKETING_OPT_OUT', text: 'Stop promotions' };

  it.each<[string, object[], Parameters<typeof addButtonRule>[1], Parameters<typeof addButtonRule>[2], ReturnType<typeof addButtonRule>]>([
    ['a first quick reply', [], 'QUICK_REPLY', 'MARKETING', null],
    ['a second URL', [u], 'URL', 'MARKETING', null],
    ['a URL after an empty quick reply (other section)', [q('')], 'URL', 'UTILITY', null],
    ['a quick reply after an empty quick reply', [q('')], 'QUICK_REPLY', 'MARKETING', { rule: 'button.text_required', message: 'Please fill every field with valid value!' }],
    ['an opt-out after an empty quick reply', [q('null')], 'MARKETING_OPT_OUT', 'MARKETING', { rule: 'button.text_required', message: 'Please fill every field with valid value!' }],
    ['a phone after a URL without text', [{ type: 'URL', text: '' }], 'PHONE_NUMBER', 'MARKETING', { rule: 'button.text_required', message: 'Please fill every field with valid value!' }],
    ['a phone after a copy code (no text of its own)', [cc], 'PHONE_NUMBER', 'MARKETING', null],
    ['an eleventh button', Array.from({ length: 10 }, () => q()), 'QUICK_REPLY', 'MARKETING', { rule: 'buttons.too_many', message: 'Buttons: at most 10 buttons' }],
    ['a third URL', [u, u], 'URL', 'MARKETING', { rule: 'buttons.url_max', message: 'max 2 button' }],
    ['a second phone', [p], 'PHONE_NUMBER', 'MARKETING', { rule: 'buttons.phone_max', message: 'max 1 button' }],
    ['a second copy code', [cc], 'COPY_CODE', 'MARKETING', { rule: 'buttons.copy_code_max', message: 'max 1 button' }],
    ['a second opt-out (Meta model)', [{ type: 'QUICK_REPLY', text: 'Stop', marketing_opt_out: true }], 'MARKETING_OPT_OUT', 'MARKETING', { rule: 'buttons.opt_out_max', message: 'max 1 button' }],
    ['a second opt-out (console model)', [optOut], 'MARKETING_OPT_OUT', undefined, { rule: 'buttons.opt_out_max', message: 'max 1 button' }],
    ['an opt-out in a utility template', [], 'MARKETING_OPT_OUT', 'UTILITY', { rule: 'button.opt_out_marketing_only', message: 'The Marketing opt-out button is for marketing templates only' }],
    ['an OTP button in a marketing template', [], 'OTP', 'MARKETING', { rule: 'button.otp_auth_only', message: 'One-time password buttons are for authentication templates only' }],
    ['a quick reply in an authentication template', [], 'QUICK_REPLY', 'AUTHENTICATION', { rule: 'buttons.auth_otp', message: 'Authentication templates need exactly one button: a one-time password button (copy code or autofill)' }],
    ['an OTP button in an authentication template', [], 'OTP', 'AUTHENTICATION', null],
    ['a second OTP button', [{ type: 'OTP' }], 'OTP', 'AUTHENTICATION', { rule: 'buttons.otp_max', message: 'max 1 button' }],
  ])('%s', (_label, existing, kind, category, expected) => {
    expect(addButtonRule(existing as never, kind, category)).toEqual(expected);
  });

  it('hints the limits beside the options', () => {
    expect(buttonOptionHint([u, q(), q()], 'URL')).toBe('max 2 button');
    expect(buttonOptionHint([u, q(), q(), q()], 'URL')).toBe('max 1 button');
    expect(buttonOptionHint([], 'PHONE_NUMBER')).toBe('max 1 button');
    expect(buttonOptionHint([], 'COPY_CODE')).toBe('max 1 button');
    expect(buttonOptionHint([], 'MARKETING_OPT_OUT')).toBe('max 1 button');
    expect(buttonOptionHint([], 'QUICK_REPLY')).toBeUndefined();
  });
});
