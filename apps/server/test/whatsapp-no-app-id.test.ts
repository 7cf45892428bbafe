/**
 * WHATSAPP_DRIVER=cloud without WHATSAPP_APP_ID (issue 23 item 3): the server starts; sending and
 * template review without media go to Meta as usual; submitting a template whose media header
 * sample is one of our uploads is a 400 naming WHATSAPP_APP_ID, and stores nothing.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WA_TEMPLATE_MESSAGES as M } from '@pesan/contracts/wa-template-messages';
import { loadConfig } from '../src/config.ts';
import { waTemplates } from '../src/db/schema/templates.ts';
import { upsertSender } from '../src/messaging/whatsapp/senders.repo.ts';
import { createAccount, type Account } from './application-fixtures.ts';
import { startFakeGraph, type FakeGraph } from './fake-graph.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { issueToken, v1Post, type TokenPair } from './v1-helper.ts';

const CLOUD_WITHOUT_APP_ID = { WHATSAPP_DRIVER: 'cloud', WHATSAPP_TOKEN: 'EAAG-test-token', WHATSAPP_APP_SECRET: 'app-secret', WHATSAPP_VERIFY_TOKEN: 'verify' };

let graph: FakeGraph;
let t: TestApp;
let A: Account;
let app: string;
let token: TokenPair;

beforeAll(async () => {
  graph = await startFakeGraph();
  t = await createTestApp({ env: { ...CLOUD_WITHOUT_APP_ID, WHATSAPP_GRAPH_URL: graph.url } });
  A = await createAccount(t);
  const res = await t.app.inject({ method: 'POST', url: '/api/application', headers: A.headers, payload: { applicationName: 'Shop', channels: [{ channel: 'whatsapp' }] } });
  expect(res.statusCode, res.body).toBe(201);
  app = res.json().id as string;
  await upsertSender(t.ctx.database.db, { applicationId: app, organizationId: A.organizationId, wabaId: '102290129340398', phoneNumberId: '106540352242922', displayName: 'Shop', messagesPerSecond: null }, new Date());
  token = await issueToken(t, { applicationId: app, organizationId: A.organizationId }, 'whatsapp');
});
afterAll(async () => {
  await t?.close();
  await graph?.close();
});

async function until<T>(read: () => T | undefined, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = read();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

it('starts with the Cloud driver configured without WHATSAPP_APP_ID', () => {
  const config = loadConfig({ ...CLOUD_WITHOUT_APP_ID, SESSION_SECRET: 'test-secret-test-secret-test-secret-123' }, []);
  expect(config.whatsappDriver).toBe('cloud');
  expect(config.whatsappAppId).toBeUndefined();
});

it('sends and submits templates without media to Meta', async () => {
  await t.ctx.database.db.insert(waTemplates).values({
    organizationId: A.organizationId,
    applicationId: app,
    name: 'order_update',
    language: 'en',
    category: 'UTILITY',
    status: 'APPROVED',
    components: [{ type: 'BODY', text: 'Hi {{1}}, your order is on its way.' }],
  });
  const sent = await v1Post(t, '/whatsapp/messages', token.accessToken, { to: '081234567890', template: { name: 'order_update', language: 'en', parameters: ['Budi'] } });
  expect(sent.statusCode, sent.body).toBe(202);
  const request = await until(() => graph.requests.find((r) => r.path.endsWith('/106540352242922/messages')));
  expect(request.body).toMatchObject({ to: '6281234567890', type: 'template' });

  const created = await v1Post(t, '/whatsapp/templates', token.accessToken, {
    name: 'shipping_note',
    language: 'en_US',
    category: 'UTILITY',
    components: [{ type: 'BODY', text: 'Your parcel {{1}} left our warehouse today.', example: { body_text: [['A-17']] } }],
  });
  expect(created.statusCode, created.body).toBe(201);
  const review = await until(() => graph.templateRequests.find((r) => r.body['name'] === 'shipping_note'));
  expect(review.path).toBe('/v23.0/102290129340398/message_templates');
});

it('refuses to submit a media header sample without WHATSAPP_APP_ID (400 naming it), keeps drafts, and stores nothing', async () => {
  const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'), randomBytes(2000), Buffer.from([0xff, 0xd9])]);
  const boundary = 'x-pesan-test-boundary';
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/upload?purpose=template_media',
    headers: { ...A.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="sample"\r\ncontent-type: image/jpeg\r\n\r\n`), JPEG, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  expect(upload.statusCode, upload.body).toBe(201);
  const handle = upload.json().data.handle as string;
  const count = async () => (await t.ctx.database.db.select().from(waTemplates).where(eq(waTemplates.applicationId, app))).length;
  const before = await count();
  const message = M.headerMediaNoAppId('IMAGE');
  expect(message).toContain('WHATSAPP_APP_ID');

  const consoleBody = {
    application_id: app,
    template_name: 'summer_banner',
    template_category: 'MARKETING',
    language: 'en',
    header: { type: 'image', example: { header_handle: [handle] } },
    body: { text: 'Our summer sale starts today for everyone.', variable: [] },
  };
  const submitted = await t.app.inject({ method: 'POST', url: '/api/wa/template?draft=false', headers: A.headers, payload: consoleBody });
  expect(submitted.statusCode, submitted.body).toBe(400);
  expect(submitted.json().error).toMatchObject({ message, details: [{ path: 'components.0.example.header_handle', message }] });

  const v1 = await v1Post(t, '/whatsapp/templates', token.accessToken, {
    name: 'summer_banner',
    language: 'en_US',
    category: 'MARKETING',
    components: [{ type: 'HEADER', format: 'IMAGE', example: { header_handle: [handle] } }, { type: 'BODY', text: 'Our summer sale starts today for everyone.' }],
  });
  expect(v1.statusCode, v1.body).toBe(400);
  expect(v1.json().error.message).toBe(message);
  expect(await count()).toBe(before);
  expect(graph.uploads).toEqual([]);
  expect(graph.templateRequests.filter((r) => r.body['name'] === 'summer_banner')).toEqual([]);

  // A draft needs nothing from Meta: it is kept.
  const draft = await t.app.inject({ method: 'POST', url: '/api/wa/template?draft=true', headers: A.headers, payload: consoleBody });
  expect(draft.statusCode, draft.body).toBe(201);
  // Submitting the draft later is refused the same way.
  const id = draft.json().data._id as string;
  const { application_id: _a, ...edit } = consoleBody;
  const resubmit = await t.app.inject({ method: 'PUT', url: `/api/wa/template/${id}?draft=false`, headers: A.headers, payload: edit });
  expect(resubmit.statusCode, resubmit.body).toBe(400);
  expect(resubmit.json().error.message).toBe(message);
  expect((await t.ctx.database.db.select().from(waTemplates).where(eq(waTemplates.id, id)))[0]!.status).toBe('DRAFT');
});
