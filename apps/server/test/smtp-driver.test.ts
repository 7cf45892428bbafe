/**
 * The smtp e-mail driver end to end (ARCHITECTURE.md §6.1, issue 7 item 4), against a real SMTP
 * server on loopback (smtp-server) that accepts, refuses permanently (550) and refuses temporarily
 * (451 on the first attempt): /v1 send -> relay -> `delivered` / `failed` with the SMTP reply /
 * retried, then the open pixel, click redirect (only to the message's own links) and one-click
 * unsubscribe, all through recordStatus.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageEvents } from '../src/db/schema/messages.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { parseEml } from './accounts-helper.ts';
import { smtpRefusal, startSmtpPeer, type SmtpPeer } from './smtp-peer.ts';
import { createAppWithToken, v1Post, waitForStatus, type AppWithTokens } from './v1-helper.ts';

let peer: SmtpPeer;
let t: TestApp;
let a: AppWithTokens;

beforeAll(async () => {
  peer = await startSmtpPeer((to, attempt) => {
    if (to.startsWith('perm')) return smtpRefusal(550, `5.1.1 <${to}>: mailbox does not exist`);
    if (to.startsWith('temp') && attempt === 1) return smtpRefusal(451, '4.2.0 greylisted, try again later');
    return null;
  });
  t = await createTestApp({ env: { EMAIL_DRIVER: 'smtp', EMAIL_SMTP_URL: peer.url, MAIL_FROM: 'Pesan <no-reply@pesan.test>' } });
  a = await createAppWithToken(t, { channels: ['email'] });
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

const send = async (body: object) => {
  const res = await v1Post(t, '/email/messages', a.tokens.email.accessToken, body);
  expect(res.statusCode, res.body).toBe(202);
  return res.json().id as string;
};
const statuses = async (id: string) =>
  (await t.ctx.database.db.select().from(messageEvents).where(eq(messageEvents.messageId, id)).orderBy(asc(messageEvents.id))).map((e) => e.status);
const mailTo = (to: string) => peer.received.filter((r) => r.to.includes(to));
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
    for (let i = 0; i < 100 && (peer.attempts.get('temp@example.com') ?? 0) < 1; i++) await new Promise((r) => setTimeout(r, 50));
    expect((await statuses(id)).at(-1)).toBe('in_queue');
    await waitForStatus(t, id, a.tokens.email.accessToken, 'delivered', 30_000);
    expect(peer.attempts.get('temp@example.com')).toBe(2);
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
