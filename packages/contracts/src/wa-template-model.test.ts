import { describe, expect, it } from 'vitest';
import { META_TEMPLATE_FIXTURES } from './wa-template-fixtures.ts';
import {
  AUTH_TEMPLATE_LANGUAGES,
  WA_TEMPLATE_LANGUAGES,
  authBodyText,
  authFooterText,
  authTemplateTexts,
  copyPromoCodeButtonDefault,
  languageName,
  optOutButtonDefault,
  optOutFooterDefault,
  waLanguageSchema,
} from './wa-template-languages.ts';
import { effectiveParameterFormat, sanitizeTemplateName, toMetaCreateBody, waTemplateSchema } from './wa-template-model.ts';
import { isTemplateEditable, normaliseTemplateStatus, templateStatusLabel, templateStatusSchema } from './wa-template-status.ts';
import { canInsertVariable, insertAt, isBlankText, nextPositionalVariable, scanVariables, variableNames, wordsOutsideVariables } from './wa-template-variables.ts';

const messagesOf = (input: unknown) => {
  const r = waTemplateSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('waTemplateSchema (Meta component model)', () => {
  it.each(META_TEMPLATE_FIXTURES.map((f) => [f.label, f.body] as const))('accepts Meta’s published example: %s', (_label, body) => {
    expect(messagesOf(body)).toEqual([]);
  });

  it('normalises lower-case type names, formats, category, parameter_format and otp_type to upper case', () => {
    const lower = {
      name: 'mixed_case',
      language: 'en_US',
      category: 'marketing',
      parameter_format: 'named',
      components: [
        { type: 'header', format: 'text', text: 'Hello {{first_name}}', example: { header_text_named_params: [{ param_name: 'first_name', example: 'Budi' }] } },
        { type: 'body', text: 'Your order {{order_id}} is ready for pickup today.', example: { body_text_named_params: [{ param_name: 'order_id', example: 'A-1' }] } },
        { type: 'footer', text: 'Pesan' },
        { type: 'buttons', buttons: [{ type: 'quick_reply', text: 'Thanks' }, { type: 'url', text: 'Track', url: 'https://shop.example.com' }, { type: 'phone_number', text: 'Call', phone_number: '6281234567890' }, { type: 'copy_code', example: 'A1' }] },
      ],
    };
    // The same body with every enumerated value (never a text) in upper case.
    const upper = JSON.parse(JSON.stringify(lower).replace(/"(marketing|named|header|text|body|footer|buttons|quick_reply|url|phone_number|copy_code)"(?=[,}])/g, (_m, v: string) => `"${v.toUpperCase()}"`));
    const a = waTemplateSchema.parse(lower);
    expect(a.category).toBe('MARKETING');
    expect(a.parameter_format).toBe('NAMED');
    expect(a.components.map((c) => c.type)).toEqual(['HEADER', 'BODY', 'FOOTER', 'BUTTONS']);
    expect(a.components[0]).toMatchObject({ format: 'TEXT' });
    expect(a.components[3]).toMatchObject({ buttons: [{ type: 'QUICK_REPLY' }, { type: 'URL' }, { type: 'PHONE_NUMBER' }, { type: 'COPY_CODE' }] });
    expect(waTemplateSchema.parse(upper)).toEqual(a);
    const otp = waTemplateSchema.parse({ name: 'otp', language: 'en', category: 'authentication', components: [{ type: 'buttons', buttons: [{ type: 'otp', otp_type: 'one_tap' }] }] });
    expect(otp.components[0]).toEqual({ type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'ONE_TAP' }] });
  });

  it('puts components in Meta’s order and refuses a second component of a type', () => {
    const t = waTemplateSchema.parse({ name: 'x', language: 'id', category: 'UTILITY', components: [{ type: 'FOOTER', text: 'f' }, { type: 'BODY', text: 'b' }, { type: 'HEADER', format: 'LOCATION' }] });
    expect(t.components.map((c) => c.type)).toEqual(['HEADER', 'BODY', 'FOOTER']);
    expect(messagesOf({ name: 'x', language: 'id', category: 'UTILITY', components: [{ type: 'BODY', text: 'a' }, { type: 'body', text: 'b' }] })).toEqual(['components.1.type: A template has at most one BODY component']);
  });

  it.each([
    ['no category', { category: undefined }, 'category: Category is required'],
    ['unknown category', { category: 'PROMO' }, 'category: Category must be MARKETING, UTILITY or AUTHENTICATION'],
    ['no language', { language: '' }, 'language: Language is required'],
    ['unknown language', { language: 'en-US' }, "language: Unsupported language: en-US (use one of Meta's codes, such as en_US or id)"],
    ['no name', { name: undefined }, 'name: Template Name is required'],
    ['unknown component', { components: [{ type: 'CAROUSEL' }] }, 'components.0.type: Each component needs a `type`: HEADER, BODY, FOOTER or BUTTONS'],
    ['GIF header', { components: [{ type: 'HEADER', format: 'GIF' }] }, 'components.0.format: Header `format` must be TEXT, IMAGE, VIDEO, DOCUMENT or LOCATION'],
    ['unknown button', { components: [{ type: 'BUTTONS', buttons: [{ type: 'FLOW', text: 'Go' }] }] }, 'components.0.buttons.0.type: Each button needs a `type`: QUICK_REPLY, URL, PHONE_NUMBER, COPY_CODE or OTP'],
    ['OTP without otp_type', { components: [{ type: 'BUTTONS', buttons: [{ type: 'OTP' }] }] }, 'components.0.buttons.0.otp_type: An OTP button needs an `otp_type`: COPY_CODE, ONE_TAP or ZERO_TAP'],
    ['bad parameter_format', { parameter_format: 'ORDERED' }, 'parameter_format: `parameter_format` must be POSITIONAL or NAMED'],
  ])('refuses a body with %s', (_label, change, message) => {
    expect(messagesOf({ name: 'x', language: 'en', category: 'UTILITY', components: [{ type: 'BODY', text: 'Hello there' }], ...change })).toEqual([message]);
  });

  it('reads Meta’s deprecated single-app OTP fields into supported_apps, a URL sample string into a list, a copy-code sample list into its string', () => {
    const t = waTemplateSchema.parse({
      name: 'x',
      language: 'en',
      category: 'MARKETING',
      components: [
        { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'ONE_TAP', package_name: 'com.example.app', signature_hash: 'K8a/AINcGX7' }, { type: 'URL', text: 'Go', url: 'https://a.example/{{1}}', example: 'https://a.example/x' }, { type: 'COPY_CODE', example: ['SAVE'] }] },
      ],
    });
    expect(t.components[0]).toEqual({
      type: 'BUTTONS',
      buttons: [
        { type: 'OTP', otp_type: 'ONE_TAP', supported_apps: [{ package_name: 'com.example.app', signature_hash: 'K8a/AINcGX7' }] },
        { type: 'URL', text: 'Go', url: 'https://a.example/{{1}}', example: ['https://a.example/x'] },
        { type: 'COPY_CODE', example: 'SAVE' },
      ],
    });
  });

  it('drops fields outside the model', () => {
    const t = waTemplateSchema.parse({ name: 'x', language: 'en', category: 'UTILITY', allow_category_change: true, status: 'APPROVED', components: [{ type: 'BODY', text: 'Hi', extra: 1 }] });
    expect(t).toEqual({ name: 'x', language: 'en', category: 'UTILITY', components: [{ type: 'BODY', text: 'Hi' }] });
  });
});

describe('toMetaCreateBody and effectiveParameterFormat', () => {
  it('strips the opt-out extension and sets parameter_format', () => {
    const t = waTemplateSchema.parse({
      name: 'promo',
      language: 'en',
      category: 'MARKETING',
      components: [
        { type: 'BODY', text: 'Hi {{name}}, our sale is on this week only.' },
        { type: 'FOOTER', text: 'Not interested? Tap stop promotions' },
        { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Stop promotions', marketing_opt_out: true, term_condition: true }] },
      ],
    });
    expect(effectiveParameterFormat(t)).toBe('NAMED');
    const body = toMetaCreateBody(t);
    expect(body.parameter_format).toBe('NAMED');
    expect(body.components[2]).toEqual({ type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Stop promotions' }] });
    expect(t.components[2]).toMatchObject({ buttons: [{ marketing_opt_out: true }] });
  });

  it.each([
    ['positional variables', undefined, 'Hi {{1}} there', 'POSITIONAL'],
    ['no variables', undefined, 'Hi there', 'POSITIONAL'],
    ['named variables', undefined, 'Hi {{name}} there', 'NAMED'],
    ['an explicit format', 'NAMED', 'Hi there', 'NAMED'],
  ] as const)('%s -> %s', (_label, format, text, expected) => {
    expect(effectiveParameterFormat({ parameter_format: format, components: [{ type: 'BODY', text }] })).toBe(expected);
  });
});

describe('sanitizeTemplateName (§5.1)', () => {
  it.each([
    ['Summer Sale 2024', 'summer_sale_2024'],
    ['Promo-Code! #1', 'promocode_1'],
    ['  leading', '__leading'],
    ['ÜBER größe', 'ber_gre'],
    ['already_ok_9', 'already_ok_9'],
    ['a'.repeat(600), 'a'.repeat(512)],
  ])('%j -> %j', (input, expected) => {
    expect(sanitizeTemplateName(input)).toBe(expected);
  });
});

describe('languages (§3 Languages)', () => {
  it('holds the spec’s codes with English names, unique, ending the spec’s range at Punjabi', () => {
    const codes = WA_TEMPLATE_LANGUAGES.map((l) => l.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of ['af', 'sq', 'ar', 'en', 'en_GB', 'en_US', 'id', 'zh_CN', 'zh_HK', 'zh_TW', 'pt_BR', 'pt_PT', 'fil', 'pa']) expect(codes).toContain(code);
    expect(languageName('en_US')).toBe('English (US)');
    expect(languageName('id')).toBe('Indonesian');
    expect(languageName('pa')).toBe('Punjabi');
    expect(languageName('xx')).toBe('xx');
    expect(waLanguageSchema.safeParse('pt_BR').success).toBe(true);
  });

  it.each([
    ['en', 'Not interested? Tap stop promotions', 'Stop promotions', 'Copy Promo Code'],
    ['en_US', 'Not interested? Tap stop promotions', 'Stop promotions', 'Copy Promo Code'],
    ['en_GB', 'Not interested? Tap stop promotions', 'Stop promotions', 'Copy Promo Code'],
    ['id', 'Hentikan promosi', 'Hentikan promosi', 'Salin Kode Promo'],
    ['pt_BR', 'Hentikan promosi', 'Hentikan promosi', 'Salin Kode Promo'],
  ])('default button texts in %s (§2.4)', (language, footer, optOut, promo) => {
    expect(optOutFooterDefault(language)).toBe(footer);
    expect(optOutButtonDefault(language)).toBe(optOut);
    expect(copyPromoCodeButtonDefault(language)).toBe(promo);
  });

  it('has the authentication wording of the four languages of §2.5', () => {
    expect([...AUTH_TEMPLATE_LANGUAGES]).toEqual(['en', 'en_GB', 'en_US', 'id']);
    expect(authBodyText('en_US', true)).toBe('[123456] is your verification code. For your security, do not share this code.');
    expect(authBodyText('en', false)).toBe('[123456] is your verification code.');
    expect(authBodyText('id', true)).toBe('[123456] adalah kode verifikasi Anda. Demi keamanan, jangan bagikan kode ini.');
    expect(authFooterText('en_GB', 10)).toBe('This code expires in 10 minutes.');
    expect(authFooterText('en', 1)).toBe('This code expires in 1 minute.');
    expect(authFooterText('id', 5)).toBe('Kode ini kedaluwarsa dalam 5 menit.');
    expect(authTemplateTexts('id').copyCode).toBe('Salin kode');
    expect(authTemplateTexts('en_US').copyCode).toBe('Copy code');
    expect(authTemplateTexts('fr').code).toBe('is your verification code.');
  });
});

describe('template statuses (§4)', () => {
  it.each([
    ['Draft', 'DRAFT', 'Draft'],
    ['draft', 'DRAFT', 'Draft'],
    ['Reviewed', 'PENDING', 'In Review'],
    ['InReview', 'PENDING', 'In Review'],
    ['Requested', 'PENDING', 'In Review'],
    ['PENDING', 'PENDING', 'In Review'],
    ['Approved', 'APPROVED', 'Approved'],
    ['APPROVED', 'APPROVED', 'Approved'],
    ['REJECTED', 'REJECTED', 'Rejected'],
    ['PAUSED', 'PAUSED', 'Paused'],
    ['DISABLED', 'DISABLED', 'Disabled'],
    ['IN_APPEAL', 'IN_APPEAL', 'In Appeal'],
    ['REINSTATED', 'APPROVED', 'Approved'],
    ['Active', undefined, 'Active'],
    ['active-low', undefined, 'Active Low'],
  ])('%s -> %s, labelled %j', (raw, status, label) => {
    expect(normaliseTemplateStatus(raw)).toBe(status);
    expect(templateStatusLabel(raw)).toBe(label);
  });

  it('lets only Draft and Rejected templates be edited', () => {
    expect(['Draft', 'REJECTED', 'rejected'].map(isTemplateEditable)).toEqual([true, true, true]);
    expect(['PENDING', 'Reviewed', 'APPROVED', 'PAUSED', 'DISABLED', 'Active'].map(isTemplateEditable)).toEqual([false, false, false, false, false, false]);
  });

  it('parses a status of a request', () => {
    expect(templateStatusSchema.parse('Reviewed')).toBe('PENDING');
    expect(templateStatusSchema.safeParse('bogus').error?.issues[0]?.message).toBe('Unknown template status: bogus');
  });
});

describe('variables', () => {
  it('tokenises a text', () => {
    expect(scanVariables('Hi {{1}}, {{first_name}}, {{First}}, {{#2}}, {{ 3 }}, {{0}}').tokens.map((t) => [t.name, t.kind])).toEqual([
      ['1', 'positional'],
      ['first_name', 'named'],
      ['First', 'malformed'],
      ['#2', 'forbidden'],
      [' 3 ', 'malformed'],
      ['0', 'malformed'],
    ]);
    expect(scanVariables('Hi {{1}').unclosed).toBe(true);
    expect(scanVariables('Hi 1}} and {{2}}').unclosed).toBe(true);
    expect(scanVariables('Hi {1} {{2}}').unclosed).toBe(false);
    expect(variableNames('{{2}} {{1}} {{2}} {{Bad}}')).toEqual(['2', '1']);
  });

  it.each([
    ['Hi {{1}}, your order {{2}} ships today.', 5],
    ['{{1}} {{2}}', 0],
    ['Total: {{1}} - thanks!', 2],
    ['', 0],
  ])('counts the words outside variables of %j', (text, words) => {
    expect(wordsOutsideVariables(text)).toBe(words);
  });

  it('numbers, inserts and blanks as the editor does (§2.4, §5.3)', () => {
    expect(nextPositionalVariable('Hi {{1}} and {{3}}', 'Header {{2}}')).toBe('{{4}}');
    expect(nextPositionalVariable(undefined)).toBe('{{1}}');
    expect(insertAt('Hi !', 3, '{{1}}')).toBe('Hi {{1}}!');
    expect(insertAt('Hi', 99, '{{1}}')).toBe('Hi{{1}}');
    expect(canInsertVariable('x'.repeat(1023))).toBe(true);
    expect(canInsertVariable('x'.repeat(1024))).toBe(false);
    expect(insertAt('x'.repeat(1024), 0, '{{1}}')).toBe('x'.repeat(1024));
    expect([undefined, null, '', '  ', 'undefined', 'null', ' null '].map(isBlankText)).toEqual([true, true, true, true, true, true, true]);
    expect(['a', 'nullable', 0].map(isBlankText)).toEqual([false, false, false]);
  });
});
