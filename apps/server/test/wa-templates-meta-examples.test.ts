/**
 * Meta's published example templates go through `POST /v1/whatsapp/templates` unchanged (issue 23
 * item 2; ARCHITECTURE.md §6: /v1 takes Meta's create body as Meta documents it). Each fixture of
 * test/fixtures/meta-templates is one example body of Meta's current template documentation
 * (marketing, utility, authentication, media and location headers, named parameters, every
 * catalog-free button kind), with the page it comes from. Each is POSTed byte for byte and must be
 * accepted (201, In Review); the stored template must come back the same from `GET /v1` (Meta's
 * model of the body: names upper-cased, the older single-app OTP fields as `supported_apps`) and
 * from the console's detail call, whose payload maps back to it (the editor opens it unchanged).
 * A dynamic URL's example is Meta's either way: the variable's value ('summer2023') or the whole
 * sample URL, in Meta's body as in the console's `sampleUrl`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleTemplatePayloadSchema, consoleToMeta } from '@pesan/contracts/wa-template-console';
import { toMetaCreateBody, waTemplateSchema } from '@pesan/contracts/wa-template-model';
import { createAccount, type Account } from './application-fixtures.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { issueToken, v1Post, type TokenPair } from './v1-helper.ts';

interface Fixture {
  label: string;
  source: string;
  body: Record<string, unknown>;
}

const dir = fileURLToPath(new URL('./fixtures/meta-templates/', import.meta.url));
/** Raw file texts, POSTed as they are. */
const fixtures = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((file) => {
    const raw = readFileSync(`${dir}${file}`, 'utf8');
    const parsed = JSON.parse(raw) as Fixture;
    return { file, raw, ...parsed, bodyText: JSON.stringify(parsed.body) };
  });

let t: TestApp;
let A: Account;
let token: TokenPair;
let applicationId: string;

beforeAll(async () => {
  t = await createTestApp({ env: { REVIEW_DELAY_MS: '600000', V1_RATE_LIMIT: '100000' } });
  A = await createAccount(t);
  const res = await t.app.inject({ method: 'POST', url: '/api/application', headers: A.headers, payload: { applicationName: 'Meta examples', channels: [{ channel: 'whatsapp' }] } });
  expect(res.statusCode, res.body).toBe(201);
  applicationId = res.json().id as string;
  token = await issueToken(t, { applicationId, organizationId: A.organizationId }, 'whatsapp');
});
afterAll(async () => t?.close());

const v1 = (method: 'GET' | 'DELETE', url: string) => t.app.inject({ method, url: `/v1${url}`, headers: { authorization: `Bearer ${token.accessToken}` } });

describe('Meta’s published example templates through /v1 unchanged', () => {
  it('has the examples: every category, media and location headers, named parameters, each button kind', () => {
    const bodies = fixtures.map((f) => f.bodyText.toUpperCase());
    for (const needle of ['"MARKETING"', '"UTILITY"', '"AUTHENTICATION"', '"IMAGE"', '"VIDEO"', '"DOCUMENT"', '"LOCATION"', '"NAMED"', 'QUICK_REPLY', '"URL"', 'PHONE_NUMBER', '"COPY_CODE"', 'ONE_TAP', 'ZERO_TAP']) {
      expect(bodies.some((b) => b.includes(needle)), needle).toBe(true);
    }
    expect(fixtures.find((f) => f.file === 'marketing-dynamic-url-sample-value.json')!.bodyText).toContain('"example":["summer2023"]');
  });

  it.each(fixtures.map((f) => [f.label, f] as const))('%s: 201, stored and listed as posted, the console opens it unchanged', async (_label, f) => {
    const res = await v1Post(t, '/whatsapp/templates', token.accessToken, f.body);
    expect(res.statusCode, res.body).toBe(201);
    const expected = waTemplateSchema.parse(f.body);
    expect(res.json()).toEqual({ id: expect.any(String), status: 'PENDING', category: expected.category });
    const id = res.json().id as string;

    // GET /v1 gives back Meta's model of the body.
    const listed = await v1('GET', `/whatsapp/templates?name=${expected.name}`);
    expect(listed.statusCode, listed.body).toBe(200);
    const [item] = listed.json().data as Record<string, unknown>[];
    expect(item).toMatchObject({ id, name: expected.name, language: expected.language, category: expected.category, status: 'PENDING', components: toMetaCreateBody(expected).components });

    // The console's view maps back to the same template (the editor saves what it opened).
    const detail = await t.app.inject({ method: 'GET', url: `/api/wa/template/${id}`, headers: A.headers });
    expect(detail.statusCode, detail.body).toBe(200);
    const payload = consoleTemplatePayloadSchema.parse(detail.json().data.payload);
    expect(consoleToMeta(payload)).toEqual(expected);

    expect((await v1('DELETE', `/whatsapp/templates?name=${expected.name}`)).statusCode).toBe(200);
  });

  it('takes a dynamic URL’s sample as the variable’s value from the console too (sampleUrl "summer2023")', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wa/template?draft=false',
      headers: A.headers,
      payload: {
        application_id: applicationId,
        template_name: 'promo_console',
        template_category: 'MARKETING',
        language: 'en_US',
        body: { text: 'Shop now and use code {{1}} to get a discount.', variable: [{ name: '1', value: '25OFF' }] },
        button: [{ type: 'URL', text: 'Shop Now', button_info: { url: 'https://www.examplesite.com/shop?promo={{1}}', sampleUrl: 'summer2023' } }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ status: 'PENDING', payload: { button: [{ url_type: 'url_dynamic', button_info: { sampleUrl: 'summer2023' } }] } });
  });

  it('still refuses a sample that makes no URL either way, naming the field', async () => {
    const body = JSON.parse(fixtures.find((f) => f.file === 'marketing-dynamic-url-sample-value.json')!.bodyText) as { components: { buttons?: { example?: string[] }[] }[] };
    body.components[3]!.buttons![1]!.example = ['summer sale'];
    const res = await v1Post(t, '/whatsapp/templates', token.accessToken, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([expect.objectContaining({ path: 'components.3.buttons.1.example', message: 'Please enter a valid URL' })]);
    expect((await v1('GET', '/whatsapp/templates?name=seasonal_promotion_shop')).json().data).toEqual([]);
  });
});

describe('phone button numbers follow the country’s numbering plan (issue 23 item 12c, §2.4)', () => {
  const withPhone = (name: string, phone: string) => ({
    name,
    language: 'en_US',
    category: 'UTILITY',
    components: [
      { type: 'BODY', text: 'Your order {{1}} is ready for pickup at our store.', example: { body_text: [['A-17']] } },
      { type: 'BUTTONS', buttons: [{ type: 'PHONE_NUMBER', text: 'Call us', phone_number: phone }] },
    ],
  });
  const message = 'Button 1 (Call phone number): enter a valid phone number for its country, with the country code (check the number of digits)';

  it.each([['+1 11 digits', '+120255501234'], ['+62 too short', '+628123'], ['no such calling code', '+999123456789']])('/v1 refuses %s, storing nothing', async (_label, phone) => {
    const res = await v1Post(t, '/whatsapp/templates', token.accessToken, withPhone('pickup_call', phone));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([{ path: 'components.1.buttons.0.phone_number', message }]);
    expect((await v1('GET', '/whatsapp/templates?name=pickup_call')).json().data).toEqual([]);
  });

  it('the console’s submit refuses +1 with 11 digits too, in the user’s language, and takes 10', async () => {
    const body = (phone: string) => ({
      application_id: applicationId,
      template_name: 'pickup_call_console',
      template_category: 'UTILITY',
      language: 'en_US',
      body: { text: 'Your order {{1}} is ready for pickup at our store.', variable: [{ name: '1', value: 'A-17' }] },
      button: [{ type: 'PHONE_NUMBER', text: 'Call us', button_info: { phone_number: phone } }],
    });
    const bad = await t.app.inject({ method: 'POST', url: '/api/wa/template?draft=false', headers: { ...A.headers, 'accept-language': 'id' }, payload: body('+120255501234') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([
      expect.objectContaining({ path: 'components.1.buttons.0.phone_number', message: expect.stringContaining('masukkan nomor telepon yang valid untuk negaranya, beserta kode negaranya (periksa jumlah digitnya)') }),
    ]);
    const good = await t.app.inject({ method: 'POST', url: '/api/wa/template?draft=false', headers: A.headers, payload: body('+12025550123') });
    expect(good.statusCode, good.body).toBe(201);
  });
});
