/**
 * The whatsapp-cloud driver end to end (ARCHITECTURE.md §6, §6.1; issue 8 WhatsApp part), against a
 * loopback fake of the Graph API (fake-graph.ts) and Meta's published webhook payloads
 * (fixtures/whatsapp/*.json) posted with real `X-Hub-Signature-256` signatures: template and text
 * sends with their exact Graph bodies, statuses in any order and duplicated, failures with Meta's
 * reasons, retries, the handshake, the signature and size checks, the sender and service-window
 * rules, conversations and template decisions.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { whatsappAccountUpdates, whatsappInboundMessages } from '../src/db/schema/carriers.ts';
import { waTemplates } from '../src/db/schema/templates.ts';
import { messages } from '../src/db/schema/messages.ts';
import { startWebhookReceiver } from './webhook-receiver.ts';
import { insertMessage } from './application-fixtures.ts';
import { upsertSender } from '../src/messaging/whatsapp/senders.repo.ts';
import { GRAPH_ERRORS, startFakeGraph, type FakeGraph } from './fake-graph.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { createAppWithToken, messageFromDb, v1Get, v1Post, waitForStatus, type AppWithTokens } from './v1-helper.ts';

const SECRET = 'test-app-secret-0123456789';
const TOKEN = 'EAAG-test-system-user-token';
const PHONE_NUMBER_ID = '106540352242922';
const WABA_ID = '102290129340398';
const fixture = (name: string) => JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures/whatsapp', `${name}.json`), 'utf8')) as Record<string, any>;

let graph: FakeGraph;
let t: TestApp;
let a: AppWithTokens;

const ORDER_UPDATE = [
  { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}' },
  { type: 'BODY', text: 'Hi {{1}}, order {{2}} is on its way.' },
  { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Thanks' }, { type: 'URL', text: 'Track', url: 'https://shop.example/t/{{1}}' }] },
];
const PROMO_NAMED = [
  { type: 'HEADER', format: 'TEXT', text: 'Hello {{first_name}}' },
  { type: 'BODY', text: 'Use {{code}} before {{date}}.' },
  { type: 'BUTTONS', buttons: [{ type: 'COPY_CODE', example: 'SAVE10' }] },
];

beforeAll(async () => {
  graph = await startFakeGraph();
  t = await createTestApp({
    env: { WHATSAPP_DRIVER: 'cloud', WHATSAPP_GRAPH_URL: graph.url, WHATSAPP_TOKEN: TOKEN, WHATSAPP_APP_ID: '1234567890', WHATSAPP_APP_SECRET: SECRET, WHATSAPP_VERIFY_TOKEN: 'meatyhamhock' },
  });
  a = await createAppWithToken(t, { channels: ['whatsapp'] });
  const db = t.ctx.database.db;
  await upsertSender(db, { applicationId: a.applicationId, organizationId: a.organizationId, wabaId: WABA_ID, phoneNumberId: PHONE_NUMBER_ID, displayName: 'Toko Budi', messagesPerSecond: null }, new Date());
  await db.insert(waTemplates).values([
    { organizationId: a.organizationId, applicationId: a.applicationId, name: 'order_update', language: 'id', category: 'UTILITY', status: 'APPROVED', components: ORDER_UPDATE },
    { organizationId: a.organizationId, applicationId: a.applicationId, name: 'promo_named', language: 'en', category: 'MARKETING', status: 'APPROVED', components: PROMO_NAMED },
    { organizationId: a.organizationId, applicationId: a.applicationId, name: 'my_message_template', language: 'en_US', category: 'UTILITY', status: 'PENDING', components: [{ type: 'BODY', text: 'Hi' }] },
  ]);
});
afterAll(async () => {
  await t?.close();
  await graph?.close();
});

const token = () => a.tokens.whatsapp.accessToken;
const orderUpdate = { name: 'order_update', language: 'id', header_parameters: ['A-17'], parameters: ['Budi', 'A-17'], button_parameters: ['A-17'] };

/** Sends and expects 202; returns the message id. */
async function send(body: object): Promise<string> {
  const res = await v1Post(t, '/whatsapp/messages', token(), body);
  expect(res.statusCode, res.body).toBe(202);
  return res.json().id as string;
}

/** Waits until the message has its wamid (the Graph answered and dispatch stored it). */
async function wamidOf(id: string, timeoutMs = 15_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const { row } = await messageFromDb(t, id);
    if (row?.providerMessageId) return row.providerMessageId;
    await new Promise((r) => setTimeout(r, 50));
  }
  const { row, events } = await messageFromDb(t, id);
  throw new Error(`message ${id} never reached the Graph API: ${row?.status} ${row?.reason ?? ''} [${events.join(', ')}]`);
}

const sign = (raw: string | Buffer, secret = SECRET) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

/** POSTs `raw` to /hooks/whatsapp with a signature (by default the right one). */
function postHook(raw: string | Buffer, signature: string | null = sign(raw)) {
  return t.app.inject({
    method: 'POST',
    url: '/hooks/whatsapp',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
    payload: raw,
  });
}

/** A status fixture for `wamid` at `at` (unix seconds), as Meta formats it (pretty-printed). */
function statusHook(name: 'status-sent' | 'status-delivered' | 'status-read' | 'status-failed', wamid: string, at = Math.floor(Date.now() / 1000)): string {
  const body = fixture(name);
  const s = body.entry[0].changes[0].value.statuses[0];
  s.id = wamid;
  s.timestamp = String(at);
  return JSON.stringify(body, null, 2);
}

const eventStatuses = async (id: string) => (await messageFromDb(t, id)).events;

describe('whatsapp-cloud sends', () => {
  it('sends a positional template with header and URL button parameters as Meta expects, stores the wamid and the conversation', async () => {
    const id = await send({ to: '081234500001', template: orderUpdate });
    const wamid = await wamidOf(id);
    const [req] = graph.requestsTo('6281234500001');
    expect(req!.method).toBe('POST');
    expect(req!.path).toBe(`/v23.0/${PHONE_NUMBER_ID}/messages`);
    expect(req!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(req!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '6281234500001',
      type: 'template',
      template: {
        name: 'order_update',
        language: { code: 'id' },
        components: [
          { type: 'header', parameters: [{ type: 'text', text: 'A-17' }] },
          { type: 'body', parameters: [{ type: 'text', text: 'Budi' }, { type: 'text', text: 'A-17' }] },
          { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: 'A-17' }] },
        ],
      },
    });
    expect(graph.wamids).toContain(wamid);
    const { row, events } = await messageFromDb(t, id);
    expect(row).toMatchObject({ driver: 'whatsapp-cloud', status: 'in_queue', conversationCategory: 'utility', conversationInitiator: 'business' });
    expect(events).toEqual(['submitted', 'in_queue']);

    // Statuses out of order and duplicated: read first (implies sent, delivered), then the rest.
    expect((await postHook(statusHook('status-read', wamid))).statusCode).toBe(200);
    expect((await postHook(statusHook('status-delivered', wamid))).statusCode).toBe(200);
    expect((await postHook(statusHook('status-sent', wamid))).statusCode).toBe(200);
    expect((await postHook(statusHook('status-read', wamid))).statusCode).toBe(200);
    expect(await eventStatuses(id)).toEqual(['submitted', 'in_queue', 'sent', 'delivered', 'read']);
    const after = (await messageFromDb(t, id)).row!;
    expect(after).toMatchObject({ status: 'read', conversationId: '6ceb9d929c1ed8ea9f5b7e3c2a9e7e1a', conversationCategory: 'utility', conversationInitiator: 'business' });
  });

  it('sends a named template with parameter_name, moving to delivered then read in order', async () => {
    const id = await send({ to: '+6281234500002', template: { name: 'promo_named', language: 'en', header_parameters: { first_name: 'Sari' }, parameters: { date: '1 May', code: 'HEMAT' }, button_parameters: ['HEMAT'] } });
    const wamid = await wamidOf(id);
    expect(graph.requestsTo('6281234500002')[0]!.body['template']).toEqual({
      name: 'promo_named',
      language: { code: 'en' },
      components: [
        { type: 'header', parameters: [{ type: 'text', parameter_name: 'first_name', text: 'Sari' }] },
        {
          type: 'body',
          parameters: [
            { type: 'text', parameter_name: 'code', text: 'HEMAT' },
            { type: 'text', parameter_name: 'date', text: '1 May' },
          ],
        },
        { type: 'button', sub_type: 'copy_code', index: '0', parameters: [{ type: 'coupon_code', coupon_code: 'HEMAT' }] },
      ],
    });
    await postHook(statusHook('status-sent', wamid));
    await postHook(statusHook('status-delivered', wamid));
    expect((await v1Get(t, id, token())).json().status).toBe('delivered');
    await postHook(statusHook('status-read', wamid));
    await postHook(statusHook('status-delivered', wamid));
    expect(await eventStatuses(id)).toEqual(['submitted', 'in_queue', 'sent', 'delivered', 'read']);
    expect((await messageFromDb(t, id)).row).toMatchObject({ conversationCategory: 'utility', conversationInitiator: 'business' });
  });

  it('refuses parameters that do not match the template with a 400 naming the parameter', async () => {
    const res = await v1Post(t, '/whatsapp/messages', token(), { to: '081234500009', template: { ...orderUpdate, parameters: ['Budi'] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_request', message: 'Missing body parameter {{2}}', details: [{ path: 'template.parameters', message: 'Missing body parameter {{2}}' }] });
    const extra = await v1Post(t, '/whatsapp/messages', token(), { to: '081234500009', template: { name: 'promo_named', language: 'en', header_parameters: { first_name: 'S' }, parameters: { code: 'X', date: 'Y', foo: 'Z' }, button_parameters: ['X'] } });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.message).toMatch(/^Unexpected parameter `foo`/);
    expect(graph.requestsTo('6281234500009')).toHaveLength(0);
  });

  it('fails the message with the reason and code of a failed status (130472)', async () => {
    const id = await send({ to: '081234500003', template: orderUpdate });
    const wamid = await wamidOf(id);
    await postHook(statusHook('status-sent', wamid));
    expect((await postHook(statusHook('status-failed', wamid))).statusCode).toBe(200);
    const body = await waitForStatus(t, id, token(), 'failed');
    expect(body.error).toEqual({ reason: "User's number is part of an experiment: Failed to send message because this user's phone number is part of an experiment" });
    expect((await messageFromDb(t, id)).row!.providerCode).toBe('130472');
    expect(await eventStatuses(id)).toEqual(['submitted', 'in_queue', 'sent', 'failed']);
  });

  it('fails the message with Meta title on 131026 (undeliverable), without retrying', async () => {
    graph.script.set('6281234500004', () => GRAPH_ERRORS.undeliverable);
    const id = await send({ to: '081234500004', template: orderUpdate });
    const body = await waitForStatus(t, id, token(), 'failed');
    expect(body.error).toEqual({ reason: 'Message Undeliverable: Message failed to send because of an unknown error with the recipient.' });
    expect((await messageFromDb(t, id)).row!.providerCode).toBe('131026');
    expect(graph.requestsTo('6281234500004')).toHaveLength(1);
  });

  it('retries 130429 (throughput) with backoff and sends once', async () => {
    graph.script.set('6281234500005', (n) => (n === 1 ? GRAPH_ERRORS.throughput : null));
    const id = await send({ to: '081234500005', template: orderUpdate });
    const wamid = await wamidOf(id, 20_000);
    expect(graph.requestsTo('6281234500005')).toHaveLength(2);
    await postHook(statusHook('status-delivered', wamid));
    expect(await eventStatuses(id)).toEqual(['submitted', 'in_queue', 'sent', 'delivered']);
  });

  it('retries a Graph 500 and sends once', async () => {
    graph.script.set('6281234500011', (n) => (n === 1 ? { bare500: true } : null));
    const id = await send({ to: '081234500011', template: orderUpdate });
    await wamidOf(id, 20_000);
    expect(graph.requestsTo('6281234500011')).toHaveLength(2);
    expect((await messageFromDb(t, id)).row!.status).toBe('in_queue');
  });

  it('logs an alert on 190 (token) without the token, and retries', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      graph.script.set('6281234500006', (n) => (n === 1 ? GRAPH_ERRORS.token : null));
      const id = await send({ to: '081234500006', template: orderUpdate });
      await wamidOf(id, 20_000);
      const lines = spy.mock.calls.map((c) => c.join(' '));
      expect(lines.some((l) => l.includes('ALERT') && l.includes('190'))).toBe(true);
      expect(lines.some((l) => l.includes(TOKEN) || l.includes(SECRET))).toBe(false);
      expect(graph.requestsTo('6281234500006')).toHaveLength(2);
    } finally {
      spy.mockRestore();
    }
  });

  it('refuses WhatsApp with 403 channel_not_enabled when the application has no sender', async () => {
    const other = await createAppWithToken(t, { channels: ['whatsapp'] });
    const res = await v1Post(t, '/whatsapp/messages', other.tokens.whatsapp.accessToken, { to: '081234500007', text: 'hi' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'channel_not_enabled', message: 'WhatsApp is not set up for this application: ask Pesan to connect its WhatsApp sender' });
  });

  it('sends free text only inside the service window an inbound message opened, as a user-initiated service conversation', async () => {
    const refused = await v1Post(t, '/whatsapp/messages', token(), { to: '081234500008', text: 'Halo' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details).toEqual([{ path: 'text', message: "Free-form text can only be sent within 24 hours of the recipient's last message; send a template instead" }]);

    const inbound = fixture('inbound-text');
    const msg = inbound.entry[0].changes[0].value.messages[0];
    msg.from = '6281234500008';
    msg.timestamp = String(Math.floor(Date.now() / 1000) - 60);
    const raw = JSON.stringify(inbound, null, 2);
    expect((await postHook(raw)).statusCode).toBe(200);
    expect((await postHook(raw)).statusCode).toBe(200); // Meta's retry: stored once
    const stored = await t.ctx.database.db.select().from(whatsappInboundMessages).where(eq(whatsappInboundMessages.wamid, msg.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ applicationId: a.applicationId, sender: '+6281234500008', type: 'text' });

    const id = await send({ to: '081234500008', text: 'Halo, warna lain ada.' });
    await wamidOf(id);
    expect(graph.requestsTo('6281234500008')[0]!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '6281234500008',
      type: 'text',
      text: { body: 'Halo, warna lain ada.', preview_url: false },
    });
    expect((await messageFromDb(t, id)).row).toMatchObject({ conversationCategory: 'service', conversationInitiator: 'user' });
  });
});

describe('/hooks/whatsapp', () => {
  it('answers the subscription handshake only with the verify token', async () => {
    const q = fixture('handshake') as Record<string, string>;
    const ok = await t.app.inject({ method: 'GET', url: '/hooks/whatsapp', query: q });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    expect(ok.body).toBe('1158201444');
    expect((await t.app.inject({ method: 'GET', url: '/hooks/whatsapp', query: { ...q, 'hub.verify_token': 'meatyhamhoc' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/hooks/whatsapp', query: { ...q, 'hub.mode': 'unsubscribe' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/hooks/whatsapp' })).statusCode).toBe(403);
    // Not a tenant route: kept out of the OpenAPI document.
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/hooks'))).toEqual([]);
  });

  it('refuses a missing, wrong or re-serialised signature with 401 and changes nothing', async () => {
    const id = await send({ to: '081234500010', template: orderUpdate });
    const wamid = await wamidOf(id);
    const raw = statusHook('status-delivered', wamid);
    expect((await postHook(raw, null)).statusCode).toBe(401);
    expect((await postHook(raw, sign(raw, 'another-secret'))).statusCode).toBe(401);
    expect((await postHook(raw, 'sha256=zz')).statusCode).toBe(401);
    // The signature is over the bytes sent: the same JSON with other whitespace does not match.
    expect((await postHook(JSON.stringify(JSON.parse(raw)), sign(raw))).statusCode).toBe(401);
    expect(await eventStatuses(id)).toEqual(['submitted', 'in_queue']);
    expect((await postHook(raw)).statusCode).toBe(200);
    expect(await eventStatuses(id)).toEqual(['submitted', 'in_queue', 'sent', 'delivered']);
  });

  it('refuses bodies over 3 MB with 413 and bad JSON with 400', async () => {
    const big = Buffer.from(JSON.stringify({ object: 'whatsapp_business_account', entry: [], pad: 'x'.repeat(3 * 1024 * 1024) }));
    expect((await postHook(big)).statusCode).toBe(413);
    expect((await postHook('{"object":')).statusCode).toBe(400);
    expect((await postHook('{"object":"page","entry":[]}')).statusCode).toBe(400);
  });

  it('keeps a status that arrives before dispatch stored the wamid, and records it once the wamid is there', async () => {
    const id = await insertMessage(t, { organizationId: a.organizationId, applicationId: a.applicationId, channel: 'whatsapp', recipient: '+6281234509999', status: 'in_queue' });
    expect((await postHook(statusHook('status-delivered', 'wamid.EARLY'))).statusCode).toBe(200);
    expect((await messageFromDb(t, id)).row!.status).toBe('in_queue');
    await t.ctx.database.db.update(messages).set({ driver: 'whatsapp-cloud', providerMessageId: 'wamid.EARLY' }).where(eq(messages.id, id));
    const until = Date.now() + 5000;
    while ((await messageFromDb(t, id)).row!.status !== 'delivered' && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(await eventStatuses(id)).toEqual(['sent', 'delivered']);
  });

  it('ignores numbers it does not know and stores template decisions, applying them to the template', async () => {
    const unknown = fixture('status-delivered');
    unknown.entry[0].changes[0].value.metadata.phone_number_id = '999999999';
    expect((await postHook(JSON.stringify(unknown))).statusCode).toBe(200);

    // The application's status webhook endpoint hears of the decision (template.status, ARCHITECTURE.md §6.2).
    const receiver = await startWebhookReceiver();
    await t.ctx.services.webhooks.putWebhook(a.organizationId, a.applicationId, { url: receiver.url, enabled: true });
    const raw = JSON.stringify(fixture('template-status-update'));
    expect((await postHook(raw)).statusCode).toBe(200);
    // Status changes of earlier tests' messages may reach the new endpoint first: take the template event.
    let event: { body: string } | undefined;
    for (let n = 1; !event; n++) event = (await receiver.waitFor(n)).find((e) => JSON.parse(e.body).type === 'template.status');
    expect(JSON.parse(event.body)).toMatchObject({
      type: 'template.status',
      data: { name: 'my_message_template', language: 'en_US', category: 'UTILITY', status: 'APPROVED', reason: null },
    });
    await receiver.close();
    const db = t.ctx.database.db;
    const [tpl] = await db.select().from(waTemplates).where(and(eq(waTemplates.organizationId, a.organizationId), eq(waTemplates.name, 'my_message_template')));
    expect(tpl!.status).toBe('APPROVED');
    const updates = await db.select().from(whatsappAccountUpdates).where(eq(whatsappAccountUpdates.wabaId, WABA_ID));
    expect(updates.map((u) => u.field)).toContain('message_template_status_update');
  });
});
