import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MESSAGE_CATALOGUE, translateMessage } from './message-translate.ts';
import { installClearZodMessages } from './zod-messages.ts';
import { smsBodySchema } from './messaging.ts';
import { tooManyAttemptsMessage, PASSWORD_RULES } from './auth.ts';
import { PASSWORD_RULE_LABELS_ID } from './messages-id.ts';

/** Sample arguments of each function message (default: one string per parameter). */
const SAMPLES: Record<string, unknown[][]> = {
  'AUTH_MESSAGES.tooManyAttempts': [[1], [30], [59], [60], [61], [299], [900]],
  'TEMPLATE_MEDIA_MESSAGES.tooLarge': [['image/jpeg'], ['image/png'], ['video/mp4'], ['application/pdf']],
  'WA_TEMPLATE_MESSAGES.variablesFormat': [['POSITIONAL'], ['NAMED']],
  'WA_TEMPLATE_MESSAGES.bodyTooManyVariables': [[1, 2], [3, 4]],
  'WA_TEMPLATE_MESSAGES.headerMediaSample': [['IMAGE'], ['document']],
  'WA_TEMPLATE_MESSAGES.headerMediaNotFound': [['VIDEO'], ['file']],
  'WA_TEMPLATE_MESSAGES.headerMediaNoAppId': [['IMAGE'], ['DOCUMENT']],
  'WA_TEMPLATE_MESSAGES.buttonTextTooLong': [['Button 2 (Visit website)']],
  'WA_TEMPLATE_MESSAGES.urlRequired': [['Button 1 (Visit website)']],
  'ZOD_MESSAGES.mustBeType': [['`n`', 'number'], ['`to`', 'string']],
  'ZOD_MESSAGES.atMostChars': [['Full Name', 120], ['`text`', 1600]],
  'ZOD_MESSAGES.required': [['`to`'], ['Email']],
  'SERVER_MESSAGES.notFound': [['User'], ['Report file']],
  'TOKEN_MESSAGES.tooManyTokens': [['1 minute'], ['30 seconds']],
  'UPLOAD_MESSAGES.unknownPurpose': [['banner']],
  'VALIDATION_MESSAGES.betweenYears': [['`date`', 2000, 2100]],
  'RECORDS_MESSAGES.olderThanRetention': [['2025-10-02', 400], ['2026-01-01', 31]],
  // Arguments are code (VERBATIM): 'date' and 'text' stay as they are.
  'WA_SEND_MESSAGES.missingParameter': [['body', '1'], ['header', 'first_name'], ['body', 'date']],
  'WA_SEND_MESSAGES.namedParameters': [['template.parameters', 'order_id'], ['template.header_parameters', 'text']],
  'WA_SEND_MESSAGES.unexpectedNamedParameter': [['foo', 'body', '{{order_id}}, {{state}}'], ['date', 'header', '{{first_name}}']],
  'WA_SEND_MESSAGES.positionalParameters': [['template.parameters']],
  'WA_SEND_MESSAGES.unexpectedPositionalParameter': [['body', 1], ['body', 3], ['header', 1], ['header', 12]],
  'WA_SEND_MESSAGES.missingHeaderMedia': [['image'], ['video'], ['document']],
  'WA_SEND_MESSAGES.missingButtonParameter': [[1, 'url'], [4, 'copy_code'], [2, 'otp'], [10, 'url']],
  'WA_SEND_MESSAGES.unexpectedButtonParameter': [[1], [2], [10]],
  'WA_TEMPLATE_SEND_MESSAGES.textParameters': [['header'], ['body']],
  'WA_TEMPLATE_SEND_MESSAGES.missingMediaParameter': [['IMAGE'], ['VIDEO'], ['DOCUMENT']],
  'WA_TEMPLATE_SEND_MESSAGES.wrongMediaParameter': [['IMAGE', 'video'], ['DOCUMENT', 'text'], ['VIDEO', ''], ['IMAGE', 'image/png']],
  'WA_TEMPLATE_SEND_MESSAGES.extraMediaParameter': [['IMAGE'], ['VIDEO'], ['DOCUMENT']],
  'WA_TEMPLATE_SEND_MESSAGES.mediaLinkAndId': [['IMAGE'], ['VIDEO'], ['DOCUMENT']],
  'WA_TEMPLATE_SEND_MESSAGES.mediaLinkInvalid': [['IMAGE'], ['VIDEO'], ['DOCUMENT']],
  'WA_TEMPLATE_SEND_MESSAGES.mediaLinkOrId': [['IMAGE'], ['VIDEO'], ['DOCUMENT']],
  'WA_TEMPLATE_SEND_MESSAGES.oneComponent': [['header'], ['body']],
  'WA_TEMPLATE_SEND_MESSAGES.unexpectedMediaParameter': [['image', 'TEXT'], ['document', 'LOCATION'], ['video', null]],
  'WA_TEMPLATE_SEND_MESSAGES.buttonTakesNoParameter': [[1], [3]],
  'WA_TEMPLATE_SEND_MESSAGES.missingButtonValue': [[1], [3]],
  'WA_TEMPLATE_SEND_MESSAGES.missingHeaderComponent': [['IMAGE'], ['VIDEO'], ['DOCUMENT']],
};
const samplesOf = (key: string, arity: number): unknown[][] => SAMPLES[key] ?? [Array.from({ length: arity }, (_, i) => `sample_${i + 1}`)];

describe('Indonesian twins', () => {
  it('every object has a twin with exactly its keys, of the same kind and arity', () => {
    for (const { name, en, id } of MESSAGE_CATALOGUE) {
      expect(Object.keys(id).sort(), name).toEqual(Object.keys(en).sort());
      for (const key of Object.keys(en)) {
        const e = en[key]!;
        const i = id[key]!;
        expect(typeof i, `${name}.${key}`).toBe(typeof e);
        if (typeof e === 'function') expect((i as (...a: unknown[]) => string).length, `${name}.${key}`).toBe(e.length);
        else expect((i as string).length, `${name}.${key}`).toBeGreaterThan(0);
      }
    }
  });

  it('PASSWORD_RULES use the keyed labels, which have twins', () => {
    for (const r of PASSWORD_RULES) expect(translateMessage(r.label, 'id')).toBe(PASSWORD_RULE_LABELS_ID[r.key]);
  });
});

describe('translateMessage', () => {
  it('round-trips every string message en -> id -> en', () => {
    for (const { name, en, id } of MESSAGE_CATALOGUE) {
      for (const key of Object.keys(en)) {
        const e = en[key];
        if (typeof e !== 'string') continue;
        expect(translateMessage(e, 'id'), `${name}.${key}`).toBe(id[key]);
        expect(translateMessage(id[key] as string, 'en'), `${name}.${key}`).toBe(e);
        expect(translateMessage(e, 'en'), `${name}.${key}`).toBe(e);
      }
    }
  });

  it('round-trips every function message with sample arguments, and Indonesian differs from English', () => {
    for (const { name, en, id } of MESSAGE_CATALOGUE) {
      for (const key of Object.keys(en)) {
        const e = en[key];
        if (typeof e !== 'function') continue;
        const i = id[key] as (...a: unknown[]) => string;
        for (const args of samplesOf(`${name}.${key}`, e.length)) {
          const english = e(...args);
          const indonesian = translateMessage(english, 'id');
          expect(indonesian, `${name}.${key}(${JSON.stringify(args)})`).not.toBe(english);
          expect(translateMessage(indonesian, 'en'), `${name}.${key}(${JSON.stringify(args)})`).toBe(english);
          // The Indonesian function with the same (untranslated) arguments reads back the same English.
          expect(translateMessage(i(...args), 'en'), `${name}.${key} id(${JSON.stringify(args)})`).toBe(english);
        }
      }
    }
  });

  it('writes Indonesian as a product writer would', () => {
    expect(translateMessage('Email is required', 'id')).toBe('Email wajib diisi');
    expect(translateMessage('Email or password is incorrect', 'id')).toBe('Email atau kata sandi salah');
    expect(translateMessage(tooManyAttemptsMessage(299), 'id')).toBe('Terlalu banyak percobaan masuk. Coba lagi dalam 5 menit.');
    expect(translateMessage(tooManyAttemptsMessage(60), 'id')).toBe('Terlalu banyak percobaan masuk. Coba lagi dalam 1 menit.');
    expect(translateMessage(tooManyAttemptsMessage(20), 'id')).toBe('Terlalu banyak percobaan masuk. Coba lagi dalam 20 detik.');
    expect(translateMessage('Full Name must be at most 120 characters', 'id')).toBe('Nama lengkap maksimal 120 karakter');
  });

  it('translates the /v1 WhatsApp template parameter messages, keeping code as it is', () => {
    expect(translateMessage('Missing body parameter {{date}}', 'id')).toBe('Parameter body {{date}} belum dikirim');
    expect(translateMessage('Parameter body {{date}} belum dikirim', 'en')).toBe('Missing body parameter {{date}}');
    expect(translateMessage('Unexpected body parameter {{4}}: the template body has 3 parameters', 'id')).toBe('Parameter body {{4}} berlebih: body template ini hanya memiliki 3 parameter');
    expect(translateMessage('Parameter header {{2}} berlebih: header template ini hanya memiliki 1 parameter', 'en')).toBe('Unexpected header parameter {{2}}: the template header has 1 parameter');
    expect(translateMessage('Unexpected button parameter: the template has 1 button that takes a parameter', 'id')).toBe('Parameter tombol berlebih: template ini hanya memiliki 1 tombol yang menerima parameter');
    expect(translateMessage('Missing button parameter for button 4 (copy code)', 'id')).toBe('Parameter untuk tombol 4 (salin kode) belum dikirim');
    expect(translateMessage('Missing button parameter for button 4', 'id')).toBe('Parameter untuk tombol 4 belum dikirim');
    expect(translateMessage('Missing `header_media`: the template has an image header; send {"link": "https://…"}', 'id')).toBe(
      '`header_media` belum dikirim: template ini memiliki header gambar; kirim {"link": "https://…"}',
    );
    expect(translateMessage('Wrong HEADER parameter: the template\'s header is a DOCUMENT, so its parameter is of type "document", not "text"; send {"type": "header", "parameters": [{"type": "document", "document": {"link": "https://…"}}]} (or {"id": "<media id>"} instead of the link)', 'id')).toBe(
      'Parameter HEADER salah: header template ini berformat DOCUMENT, jadi parameternya bertipe "document", bukan "text"; kirim {"type": "header", "parameters": [{"type": "document", "document": {"link": "https://…"}}]} (atau {"id": "<media id>"} sebagai pengganti link)',
    );
    expect(translateMessage('Unexpected video HEADER parameter: the template has no header', 'id')).toBe('Parameter HEADER video tidak sesuai: template ini tidak memiliki header');
  });

  it('leaves unknown text unchanged', () => {
    for (const text of ['', 'hello', 'Something nobody wrote', 'Halo dunia']) {
      expect(translateMessage(text, 'id')).toBe(text);
      expect(translateMessage(text, 'en')).toBe(text);
    }
  });

  it('translates zod-messages output', () => {
    installClearZodMessages();
    const r = smsBodySchema.safeParse({});
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => i.message);
    expect(messages).toContain('`to` is required');
    expect(translateMessage('`to` is required', 'id')).toBe('`to` wajib diisi');
    const n = z.object({ n: z.number() }).safeParse({ n: 'x' });
    expect(translateMessage(n.error!.issues[0]!.message, 'id')).toBe('`n` harus berupa angka');
    expect(translateMessage('`page` must be at least 1', 'id')).toBe('`page` minimal 1');
    expect(translateMessage('Unknown field(s): a, b', 'id')).toBe('Kolom tidak dikenal: a, b');
    expect(translateMessage('The request body must be a JSON object', 'id')).toBe('Isi permintaan harus berupa objek JSON');
  });
});
