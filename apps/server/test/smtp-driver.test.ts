/**
 * The smtp e-mail driver end to end (ARCHITECTURE.md §6.1, issue 7 item 4), against a real SMTP
 * server on loopback (smtp-server) that accepts, refuses permanently (550) and refuses temporarily
 * (451 on the first attempt): /v1 send -> relay -> `delivered` / `failed` with the SMTP reply /
 * retried, then the open pixel, click redirect (only to the message's own links) and one-click
 * unsubscribe, all through recordStatus.
 */
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageEvents } from '../src/db/schema/messages.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { parseEml } from './accounts-helper.ts';
import { createAppWithToken, v1Post, waitForStatus, type AppWithTokens } from './v1-helper.ts';

interface Received {
  to: string[];
  raw: string;
}

let server: SMTPServer;
let t: TestApp;
let a: AppWithTokens;
const received: Received[] = [];
const attempts = new Map<string, number>();

beforeAll(async () => {
  server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address;
      attempts.set(to, (attempts.get(to) ?? 0) + 1);
      if (to.startsWith('perm')) return callback(Object.assign(new Error('5.1.1 <' + to + '>: mailbox does not exist'), { responseCode: 550 }));
      if (to.startsWith('temp') && attempts.get(to) === 1) return callback(Object.assign(new Error('4.2.0 greylisted, try again later'), { responseCode: 451 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  t = await createTestApp({ env: { EMAIL_DRIVER: 'smtp', EMAIL_SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Pesan <no-reply@pesan.test>' } });
  a = await createAppWithToken(t, { channels: ['email'] });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const send = async (body: object) => {
  const res = await v1Post(t, '/email/messages', a.tokens.email.accessToken, body);
  expect(res.statusCode, res.body).toBe(202);
  return res.json().id as string;
};
const statuses = async (id: string) =>
  (await t.ctx.database.db.select().from(messageEvents).where(eq(messageEvents.messageId, id)).orderBy(asc(messageEvents.id))).map((e) => e.status);
const mailTo = (to: string) => received.filter((r) => r.to.includes(to));
/** The header block of a raw message with folded lines joined. */
const headersOf = (raw: string) => raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
/** Decoded HTML, with quoted-printable soft breaks and =3D undone. */
const htmlOf = (raw: string) => parseEml('smtp', raw).html;

describe('smtp driver', () => {
  it('relays the customer e-mail with from name, reply-to, both parts, a stable Message-ID and one-click unsubscribe; accepted = delivered', async () => {
    const html = '<html><body><p>Hi Budi, see <a href="https://shop.example/order/42?x=1&amp;y=2">your order</a> and <a href=\'https://shop.example/help\'>help</a>.</p></body></html>';
    const id = await send({ to: 'budi@example.com', subject: 'Order shipped', html, text: 'Your order shipped.', from_name: 'Toko Budi', reply_to: 'cs@shop.example' });
    await waitForStatus(t, id, a.tokens.email.accessToken, 'delivered');
    expect(await statuses(id)).toEqual(['submitted', 'in_queue', 'delivered']);
    const [mail] = mailTo('budi@example.com');
    expect(mail).toBeDefined();
    const headers = headersOf(mail!.raw);
    expect(headers).toMatch(/^From: Toko Budi <no-reply@pesan\.test>$/m);
    expect(headers).toMatch(/^Reply-To: cs@shop\.example$/m);
    expect(headers).toMatch(new RegExp(`^Message-ID: <${id}@localhost>$`, 'm'));
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(headers).toMatch(/^List-Unsubscribe: <http:\/\/localhost:3000\/t\/u\/[^>]+>$/m);
    const parsed = parseEml('smtp', mail!.raw);
    expect(parsed.text).toContain('Your order shipped.');
    expect(parsed.html).toContain('http://localhost:3000/t/c/');
    expect(parsed.html).not.toContain('https://shop.example/order/42');
    expect(parsed.html).toMatch(/<img src="http:\/\/localhost:3000\/t\/o\/[^"]+"/);
  });

  it('records opened from the pixel and clicked from a redirect to the message own link only', async () => {
    const id = await send({ to: 'sari@example.com', subject: 'News', html: '<p><a href="https://a.example/one">one</a> <a href="https://b.example/two?q=1&amp;r=2">two</a></p>' });
    await waitForStatus(t, id, a.tokens.email.accessToken, 'delivered');
    const html = htmlOf(mailTo('sari@example.com')[0]!.raw);
    const pixel = /\/t\/o\/([^"]+)"/.exec(html)![1]!;
    const link1 = /(\/t\/c\/[^"]+\/1)"/.exec(html)![1]!;
    const open = await t.app.inject({ method: 'GET', url: `/t/o/${pixel}` });
    expect(open.statusCode).toBe(200);
    expect(open.headers['content-type']).toBe('image/gif');
    const click = await t.app.inject({ method: 'GET', url: link1 });
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe('https://b.example/two?q=1&r=2');
    expect(await statuses(id)).toEqual(['submitted', 'in_queue', 'delivered', 'opened', 'clicked']);
    // No open redirect: a link number the message does not have, a forged token, another channel.
    expect((await t.app.inject({ method: 'GET', url: link1.replace(/\/1$/, '/7') })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: link1.replace(/\.[A-Za-z0-9_-]+\//, '.AAAAAAAAAAAAAAAAAAAAAA/') })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/t/c/https%3A%2F%2Fevil.example/0' })).statusCode).toBe(404);
  });

  it('fails the message with the SMTP reply on a permanent refusal', async () => {
    const id = await send({ to: 'perm@example.com', subject: 'S', text: 'x' });
    const body = await waitForStatus(t, id, a.tokens.email.accessToken, 'failed');
    expect(body.error).toMatchObject({ reason: expect.stringContaining('mailbox does not exist') });
    expect(await statuses(id)).toEqual(['submitted', 'in_queue', 'failed']);
    expect(mailTo('perm@example.com')).toHaveLength(0);
  });

  it('retries a temporary refusal with backoff, the message staying in_queue, then delivers once', async () => {
    const id = await send({ to: 'temp@example.com', subject: 'S', text: 'x' });
    for (let i = 0; i < 100 && (attempts.get('temp@example.com') ?? 0) < 1; i++) await new Promise((r) => setTimeout(r, 50));
    expect((await statuses(id)).at(-1)).toBe('in_queue');
    await waitForStatus(t, id, a.tokens.email.accessToken, 'delivered', 30_000);
    expect(attempts.get('temp@example.com')).toBe(2);
    expect(mailTo('temp@example.com')).toHaveLength(1);
    expect(await statuses(id)).toEqual(['submitted', 'in_queue', 'delivered']);
  });

  it('unsubscribes only on the one-click POST; the GET page asks first', async () => {
    const id = await send({ to: 'dewi@example.com', subject: 'Promo', text: 'x' });
    await waitForStatus(t, id, a.tokens.email.accessToken, 'delivered');
    const url = /^List-Unsubscribe: <http:\/\/localhost:3000(\/t\/u\/[^>]+)>/m.exec(headersOf(mailTo('dewi@example.com')[0]!.raw))![1]!;
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    expect((await statuses(id)).at(-1)).toBe('delivered');
    const post = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(post.statusCode).toBe(200);
    expect(await statuses(id)).toEqual(['submitted', 'in_queue', 'delivered', 'unsubscribe']);
  });
});
