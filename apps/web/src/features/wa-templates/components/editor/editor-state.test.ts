import { describe, expect, it } from 'vitest';
import { consoleTemplatePayloadSchema, metaToConsole } from '@pesan/contracts/wa-template-console';
import { META_TEMPLATE_FIXTURES } from '@pesan/contracts/wa-template-fixtures';
import { WA_TEMPLATE_MESSAGES as M } from '@pesan/contracts/wa-template-messages';
import { waTemplateSchema } from '@pesan/contracts/wa-template-model';
import { derive, emptyState, fieldOf, fromPayload, newButton, switchParameterFormat, toInput } from './editor-state.ts';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import { countryOptions, dialCode, fromE164, toE164 } from './phone.ts';
import { applyFormat, insertAtCaret, sanitizeVariableName } from './text-tools.ts';

const base = () => emptyState({ name: 'promo', category: 'MARKETING', language: 'en_US', applicationId: 'app-1' });

describe('editor state <-> console payload', () => {
  // Every template of Meta's published examples can be loaded into the editor and sent back unchanged.
  for (const fixture of META_TEMPLATE_FIXTURES) {
    it(`round-trips ${fixture.label}`, () => {
      const payload = metaToConsole(waTemplateSchema.parse(fixture.body), { template_code_id: 'TPL-1' });
      const again = consoleTemplatePayloadSchema.parse(toInput(fromPayload(payload)));
      // The editor always names its parameter format, and stores phone numbers in E.164 ('+' first).
      const e164 = (p: typeof payload) => ({
        ...p,
        parameter_format: p.template_category === 'AUTHENTICATION' ? p.parameter_format : (p.parameter_format ?? 'POSITIONAL'),
        button: p.button.map((b) => (b.button_info.phone_number ? { ...b, button_info: { ...b.button_info, phone_number: `+${b.button_info.phone_number.replace(/^\+/, '')}` } } : b)),
      });
      expect(again).toEqual(e164(payload));
    });
  }

  it('sends application_id on create and template_code_id on edit, never both', () => {
    expect(toInput(base())).toMatchObject({ application_id: 'app-1' });
    const edit = { ...base(), templateCodeId: 'TPL-9' };
    expect(toInput(edit)).toMatchObject({ template_code_id: 'TPL-9' });
    expect(toInput(edit)).not.toHaveProperty('application_id');
  });

  it('puts the buttons in section order and works out section, index and order', () => {
    const s = { ...base(), body: 'Hi there, welcome.', cta: [newButton('URL', 'en'), newButton('PHONE_NUMBER', 'en')], quickReplies: [newButton('QUICK_REPLY', 'en')], firstSection: 'quick_reply' as const };
    const p = derive(s).payload!;
    expect(p.button.map((b) => [b.type, b.section, b.button_index, b.order])).toEqual([
      ['QUICK_REPLY', 'quick_reply', 0, 0],
      ['URL', 'cta', 1, 1],
      ['PHONE_NUMBER', 'cta', 2, 1],
    ]);
  });

  it('gives an opt-out button its default footer per language', () => {
    const en = { ...base(), body: 'Big sale.', quickReplies: [newButton('MARKETING_OPT_OUT', 'en_US')] };
    expect(derive(en).payload!.footer).toEqual({ type: 'text', text: { body: 'Not interested? Tap stop promotions' } });
    const id = { ...base(), language: 'id', body: 'Big sale.', quickReplies: [newButton('MARKETING_OPT_OUT', 'id')] };
    expect(derive(id).payload!.footer).toEqual({ type: 'text', text: { body: 'Hentikan promosi' } });
    expect(newButton('COPY_CODE', 'id').text).toBe('Salin Kode Promo');
  });
});

describe('where a rule is shown', () => {
  it('maps validateTemplate paths to fields, samples to their variable, buttons to their id', () => {
    const url = { ...newButton('URL', 'en'), text: 'Go', url: 'https://x.example.com/{{1}}', urlType: 'url_dynamic' as const };
    const s = { ...base(), headerKind: 'text' as const, headerText: 'Hi {{1}}', body: 'Hello {{1}} and {{2}} friends of ours', bodySamples: { 1: 'a' }, cta: [url] };
    const d = derive(s);
    const at = (message: string) => fieldOf(s, d.meta, d.issues.find((i) => i.message === message)!);
    expect(at(M.variableSample('Header', '{{1}}'))).toBe('header.sample:1');
    expect(at(M.variableSample('Body', '{{2}}'))).toBe('body.sample:2');
    expect(at(M.sampleUrlRequired)).toBe(`button:${url.id}.sampleUrl`);
  });

  it('maps a server 400 given in payload paths', () => {
    const b = { ...newButton('PHONE_NUMBER', 'en'), text: 'Call' };
    const s = { ...base(), body: 'x', cta: [b] };
    expect(fieldOf(s, undefined, { path: 'button.0.button_info.phone_number', message: '' })).toBe(`button:${b.id}.phone`);
    expect(fieldOf(s, undefined, { path: 'body.text', message: '' })).toBe('body');
    expect(fieldOf(s, undefined, { path: 'template_name', message: '' })).toBe('name');
    expect(fieldOf(s, undefined, { path: 'something.else', message: '' })).toBe('general');
  });
});

describe('variables, formats and tools', () => {
  it('switches numbered and named variables with their samples', () => {
    const s = { ...base(), body: 'Hi {{1}}, order {{2}} ok', bodySamples: { 1: 'Ann', 2: 'A1' } };
    const named = switchParameterFormat(s, 'NAMED');
    expect(named.body).toBe('Hi {{var_1}}, order {{var_2}} ok');
    expect(named.bodySamples).toEqual({ var_1: 'Ann', var_2: 'A1' });
    const back = switchParameterFormat({ ...named, body: 'Hi {{first}}, order {{var_2}} ok', bodySamples: { first: 'Ann', var_2: 'A1' } }, 'POSITIONAL');
    expect(back.body).toBe('Hi {{1}}, order {{2}} ok');
    expect(back.bodySamples).toEqual({ 1: 'Ann', 2: 'A1' });
  });

  it('formats the selection or inserts fill-text; inserts at the caret below 1024 characters only', () => {
    expect(applyFormat('abc def', 4, 7, 'bold')).toEqual({ text: 'abc *def*', selectionStart: 5, selectionEnd: 8 });
    expect(applyFormat('abc', 3, 3, 'mono').text).toBe('abc```fill-text```');
    expect(insertAtCaret('ab', 1, '{{1}}')).toEqual({ text: 'a{{1}}b', selectionStart: 6, selectionEnd: 6 });
    expect(insertAtCaret('a'.repeat(1024), 0, '😀')).toBeNull();
    expect(sanitizeVariableName(' First Name! ')).toBe('first_name');
  });

  it('stores phone numbers in E.164 and reads them back', () => {
    expect(toE164('ID', '0812-3456-7890')).toBe('+6281234567890');
    expect(toE164('US', '(202) 555-0123')).toBe('+12025550123');
    expect(toE164('US', '+44 20 7946 0958')).toBe('+442079460958');
    expect(toE164('US', '')).toBe('');
    expect(fromE164('+6281234567890')).toEqual({ country: 'ID', national: '81234567890' });
    expect(fromE164('15550051310')).toEqual({ country: 'US', national: '5550051310' });
    expect(fromE164('+442079460958')).toEqual({ country: 'GB', national: '2079460958' });
    expect(fromE164('+201001234567')).toEqual({ country: 'EG', national: '1001234567' });
  });

  it("keeps the calling-code table equal to libphonenumber-js's", () => {
    expect(countryOptions()).toHaveLength(getCountries().length);
    for (const iso of getCountries()) expect(dialCode(iso)).toBe(`+${getCountryCallingCode(iso)}`);
  });
});
