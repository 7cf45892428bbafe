/**
 * The smpp SMS driver end to end (ARCHITECTURE.md §6.1, issue 8), against a test SMSC on loopback
 * (smsc-peer.ts, the `smpp` package's own server): bind, GSM-7 and UCS-2 submit_sm with the right
 * octets, long texts as concatenated segments, receipts (text and TLV forms) through recordStatus,
 * SMSC refusals, and a connection dropped mid-load.
 */
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { applicationChannels } from '../src/db/schema/applications.ts';
import { messageSegments } from '../src/db/schema/carriers.ts';
import { messageEvents, messages } from '../src/db/schema/messages.ts';
import { encodeGsm7, encodeUcs2 } from '../src/messaging/smpp/gsm7.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { startSmscPeer, type SmscPeer, type SubmitRecord } from './smsc-peer.ts';
import { createAppWithToken, messageFromDb, v1Post, waitForStatus, type AppWithTokens } from './v1-helper.ts';

const PASSWORD = 'pa55-secret';
let peer: SmscPeer;
let t: TestApp;
let a: AppWithTokens;
const warnings: string[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(what: string, fn: () => Promise<T | null | undefined | false> | T | null | undefined | false, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

beforeAll(async () => {
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    warnings.push(args.map(String).join(' '));
  });
  peer = await startSmscPeer({ systemId: 'pesan', password: PASSWORD });
  t = await createTestApp({ env: { SMS_DRIVER: 'smpp', SMPP_URL: peer.url, SMPP_RATE: '500' } });
  a = await createAppWithToken(t, { channels: ['sms', 'sms_otp'] });
  await t.ctx.database.db
    .update(applicationChannels)
    .set({ senderName: 'PESAN' })
    .where(and(eq(applicationChannels.applicationId, a.applicationId), eq(applicationChannels.channel, 'sms')));
  await t.ctx.database.db
    .update(applicationChannels)
    .set({ senderNumber: '+6281100000001' })
    .where(and(eq(applicationChannels.applicationId, a.applicationId), eq(applicationChannels.channel, 'sms_otp')));
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
  vi.restoreAllMocks();
});

let seq = 0;
/** A fresh Indonesian mobile number per send. */
const nextNumber = () => `+62812${String(1_000_000 + ++seq).padStart(7, '0')}`;
const send = async (body: { to: string; text: string; sender_id?: string }, path = '/sms/messages', token = a.tokens.sms.accessToken) => {
  const res = await v1Post(t, path, token, body);
  expect(res.statusCode, res.body).toBe(202);
  return res.json() as { id: string; total_sms: number };
};
const submitsTo = (to: string) => peer.submits.filter((s) => s.destinationAddr === to.slice(1));
const waitSubmits = (to: string, n = 1) => until(`${n} submit_sm to ${to}`, () => (submitsTo(to).filter((s) => s.status === 0).length >= n ? submitsTo(to) : null));
/** Waits until the message has its carrier id stored (so a receipt finds it). */
const waitProviderId = (id: string) =>
  until(`provider id of ${id}`, async () => (await t.ctx.database.db.select({ p: messages.providerMessageId }).from(messages).where(eq(messages.id, id)))[0]?.p);
const events = async (id: string) =>
  (await t.ctx.database.db.select().from(messageEvents).where(eq(messageEvents.messageId, id)).orderBy(asc(messageEvents.id))).map((e) => ({ status: e.status, reason: e.reason, code: e.providerCode }));

describe('smpp driver', () => {
  it('binds as a transceiver with the system_id and password of SMPP_URL', async () => {
    await until('a bind', () => peer.binds >= 1);
  });

  it('sends a GSM-7 SMS with data_coding 0, the escape pairs of the extension table, sender name and international recipient', async () => {
    const to = nextNumber();
    const text = 'Kode OTP {1234} €5 @ home_ok';
    const m = await send({ to, text });
    expect(m.total_sms).toBe(1);
    const [s] = await waitSubmits(to);
    expect(s).toMatchObject({ dataCoding: 0, esmClass: 0, registeredDelivery: 1, sourceAddr: 'PESAN', sourceTon: 5, sourceNpi: 0, destinationAddr: to.slice(1), destTon: 1, destNpi: 1 });
    expect(s!.shortMessage.equals(encodeGsm7(text))).toBe(true);
    // '{' is ESC 0x28, '€' ESC 0x65, '@' septet 0, '_' septet 0x11.
    expect([...s!.shortMessage.subarray(9, 11)]).toEqual([0x1b, 0x28]);
    expect(s!.shortMessage.includes(Buffer.from([0x1b, 0x65]))).toBe(true);
    expect(s!.shortMessage.includes(0x00)).toBe(true);
    expect(s!.shortMessage.includes(0x11)).toBe(true);
    const pid = await waitProviderId(m.id);
    expect(pid).toBe(s!.messageId);
    await until('sent', async () => (await messageFromDb(t, m.id)).row!.status === 'sent');
    expect((await messageFromDb(t, m.id)).events).toEqual(['submitted', 'in_queue', 'sent']);
  });

  it('sends UCS-2 (data_coding 8, UTF-16BE) when the text needs it; a numeric sender_id goes as an international number', async () => {
    const to = nextNumber();
    const text = 'Terima kasih 😀 – sampai jumpa';
    const m = await send({ to, text, sender_id: '+62811555' });
    const [s] = await waitSubmits(to);
    expect(s).toMatchObject({ dataCoding: 8, esmClass: 0, sourceAddr: '62811555', sourceTon: 1, sourceNpi: 1 });
    expect(s!.shortMessage.equals(encodeUcs2(text))).toBe(true);
    expect(s!.shortMessage.subarray(0, 4).toString('hex')).toBe('00540065');
    await waitProviderId(m.id);
  });

  it('sends SMS OTP with the channel sender number (TON 1, NPI 1)', async () => {
    const to = nextNumber();
    await send({ to, text: 'OTP 9876' }, '/sms-otp/messages', a.tokens.sms_otp.accessToken);
    const [s] = await waitSubmits(to);
    expect(s).toMatchObject({ sourceAddr: '6281100000001', sourceTon: 1, sourceNpi: 1, dataCoding: 0 });
  });

  it('maps text receipts DELIVRD / UNDELIV / EXPIRED / REJECTD (either case) to delivered / undelivered / failed / rejected with reason', async () => {
    const cases = [
      { stat: 'DELIVRD', err: '000', status: 'delivered', reason: null, code: null, mixedCase: false },
      { stat: 'UNDELIV', err: '001', status: 'undelivered', reason: 'SMSC: UNDELIV (err 001)', code: '001', mixedCase: true },
      { stat: 'EXPIRED', err: '027', status: 'failed', reason: 'SMSC: EXPIRED (err 027)', code: '027', mixedCase: false },
      { stat: 'REJECTD', err: '011', status: 'rejected', reason: 'SMSC: REJECTD (err 011)', code: '011', mixedCase: true },
    ];
    for (const c of cases) {
      const to = nextNumber();
      const m = await send({ to, text: `status ${c.stat}` });
      const pid = await waitProviderId(m.id);
      expect(await peer.sendReceipt({ id: pid, stat: c.stat, err: c.err, mixedCase: c.mixedCase, doneDate: '2501020304' })).toBe(0);
      const body = await waitForStatus(t, m.id, a.tokens.sms.accessToken, c.status, 5_000);
      const evs = await events(m.id);
      expect(evs.map((e) => e.status)).toEqual(['submitted', 'in_queue', 'sent', c.status]);
      expect(evs.at(-1)).toEqual({ status: c.status, reason: c.reason, code: c.code });
      if (c.reason) expect(body.error).toMatchObject({ reason: c.reason });
      const last = body.events.at(-1)!;
      expect(new Date(last.at).toISOString()).toBe('2025-01-02T03:04:00.000Z');
    }
  });

  it('lets the TLVs receipted_message_id and message_state win over the text form', async () => {
    const to = nextNumber();
    const m = await send({ to, text: 'tlv wins' });
    const pid = await waitProviderId(m.id);
    await peer.sendReceipt({ id: 'not-ours', stat: 'UNDELIV', err: '005', tlv: { receiptedMessageId: pid, messageState: 2 } });
    await waitForStatus(t, m.id, a.tokens.sms.accessToken, 'delivered', 5_000);
    // TLVs only, no text at all.
    const m2 = await send({ to: nextNumber(), text: 'tlv only' });
    const pid2 = await waitProviderId(m2.id);
    await peer.sendReceipt({ id: '', stat: '', noText: true, tlv: { receiptedMessageId: pid2, messageState: 8 } });
    await waitForStatus(t, m2.id, a.tokens.sms.accessToken, 'rejected', 5_000);
  });

  it('splits a long text into concatenated segments matching total_sms; one delivered event after every segment is delivered', async () => {
    const to = nextNumber();
    const text = Array.from({ length: 400 }, (_, i) => 'abcdefghij'[i % 10]).join('');
    const m = await send({ to, text });
    expect(m.total_sms).toBe(3);
    const segs = await waitSubmits(to, 3);
    expect(segs).toHaveLength(3);
    const udh = segs.map((s) => [...s.shortMessage.subarray(0, 6)]);
    const ref = udh[0]![3];
    expect(udh).toEqual([1, 2, 3].map((n) => [0x05, 0x00, 0x03, ref, 3, n]));
    for (const s of segs) expect(s).toMatchObject({ esmClass: 0x40, dataCoding: 0 });
    expect(Buffer.concat(segs.map((s) => s.shortMessage.subarray(6))).equals(encodeGsm7(text))).toBe(true);
    expect(segs.map((s) => s.shortMessage.length - 6)).toEqual([153, 153, 94]);
    await waitProviderId(m.id);
    const stored = await t.ctx.database.db.select().from(messageSegments).where(eq(messageSegments.messageId, m.id)).orderBy(asc(messageSegments.segment));
    expect(stored.map((s) => s.providerMessageId)).toEqual(segs.map((s) => s.messageId));
    // Out of order, with a duplicate and an intermediate receipt.
    await peer.sendReceipt({ id: segs[2]!.messageId!, stat: 'DELIVRD' });
    await peer.sendReceipt({ id: segs[0]!.messageId!, stat: 'DELIVRD' });
    await peer.sendReceipt({ id: segs[0]!.messageId!, stat: 'DELIVRD' });
    await peer.sendReceipt({ id: segs[0]!.messageId!, stat: 'ENROUTE' });
    await waitForStatus(t, m.id, a.tokens.sms.accessToken, 'sent', 5_000);
    await sleep(100);
    expect((await messageFromDb(t, m.id)).row!.status).toBe('sent');
    await peer.sendReceipt({ id: segs[1]!.messageId!, stat: 'DELIVRD' });
    await waitForStatus(t, m.id, a.tokens.sms.accessToken, 'delivered', 5_000);
    await peer.sendReceipt({ id: segs[1]!.messageId!, stat: 'DELIVRD' });
    await sleep(100);
    expect((await events(m.id)).map((e) => e.status)).toEqual(['submitted', 'in_queue', 'sent', 'delivered']);
  });

  it('gives a long message the first non-delivered segment status once every segment has a final receipt', async () => {
    const to = nextNumber();
    const m = await send({ to, text: 'ж'.repeat(150) });
    expect(m.total_sms).toBe(3);
    const segs = await waitSubmits(to, 3);
    for (const s of segs) expect(s).toMatchObject({ esmClass: 0x40, dataCoding: 8 });
    await waitProviderId(m.id);
    await peer.sendReceipt({ id: segs[2]!.messageId!, stat: 'EXPIRED', err: '009' });
    await peer.sendReceipt({ id: segs[1]!.messageId!, stat: 'UNDELIV', err: '001' });
    await waitForStatus(t, m.id, a.tokens.sms.accessToken, 'sent', 5_000);
    await peer.sendReceipt({ id: segs[0]!.messageId!, stat: 'DELIVRD' });
    await waitForStatus(t, m.id, a.tokens.sms.accessToken, 'undelivered', 5_000);
    expect((await events(m.id)).at(-1)).toEqual({ status: 'undelivered', reason: 'SMSC: UNDELIV (err 001)', code: '001' });
  });

  it('fails the message on a permanent refusal, retries a throttled one', async () => {
    const bad = nextNumber();
    const slow = nextNumber();
    let throttled = 0;
    peer.refuse = (r: SubmitRecord) => {
      if (r.destinationAddr === bad.slice(1)) return 0x0b;
      if (r.destinationAddr === slow.slice(1) && throttled++ === 0) return 0x58;
      return null;
    };
    try {
      const m = await send({ to: bad, text: 'nope' });
      const body = await waitForStatus(t, m.id, a.tokens.sms.accessToken, 'failed', 5_000);
      expect(body.error).toMatchObject({ reason: 'SMSC refused the message: ESME_RINVDSTADR (0x0000000B)' });
      expect((await events(m.id)).at(-1)).toMatchObject({ status: 'failed', code: '0x0000000B' });
      const m2 = await send({ to: slow, text: 'later' });
      await waitProviderId(m2.id);
      expect(submitsTo(slow).map((s) => s.status)).toEqual([0x58, 0]);
    } finally {
      peer.refuse = () => null;
    }
  });

  it('reconnects after the SMSC drops the connection mid-load; no message is lost and none answered is sent twice', async () => {
    const bindsBefore = peer.binds;
    const firstNew = peer.submits.length;
    peer.dropAfterAnswered(20);
    const sent = await Promise.all(Array.from({ length: 50 }, (_, i) => send({ to: nextNumber(), text: `load ${i}` })));
    const ids = sent.map((m) => m.id);
    await until(
      'all 50 messages with a carrier id',
      async () => (await t.ctx.database.db.select({ id: messages.id }).from(messages).where(and(inArray(messages.id, ids), isNotNull(messages.providerMessageId)))).length === 50,
      25_000,
    );
    expect(peer.binds).toBeGreaterThan(bindsBefore);
    const load = peer.submits.slice(firstNew);
    const keyOf = (destination: string, sm: Buffer) => `${destination}|${sm.toString('latin1')}`;
    const byKey = new Map<string, SubmitRecord[]>();
    for (const s of load) byKey.set(keyOf(s.destinationAddr, s.shortMessage), [...(byKey.get(keyOf(s.destinationAddr, s.shortMessage)) ?? []), s]);
    // Every message reached the SMSC, and each one's stored carrier id is an id the SMSC answered for that very text.
    expect(byKey.size).toBe(50);
    const rows = await t.ctx.database.db.select({ p: messages.providerMessageId, to: messages.recipient, body: messages.body }).from(messages).where(inArray(messages.id, ids));
    for (const r of rows) {
      const group = byKey.get(keyOf(r.to.slice(1), encodeGsm7((r.body as { text: string }).text)))!;
      expect(group.filter((s) => s.status === 0).map((s) => s.messageId)).toContain(r.p);
    }
    // A submit was resent only when it went on the dropped connection and its answer never reached
    // the driver (unanswered, or answered into a socket being reset): at most SMPP_WINDOW of them.
    const dropped = new Set(peer.droppedSessions);
    expect(dropped.size).toBe(1);
    const resent = [...byKey.values()].filter((g) => g.length > 1);
    for (const g of resent) {
      for (const s of g.slice(0, -1)) expect(dropped.has(s.session)).toBe(true);
      expect(dropped.has(g.at(-1)!.session)).toBe(false);
    }
    expect(resent.length).toBeLessThanOrEqual(t.ctx.config.smppWindow);
    // Submits after the reconnect are each sent once.
    for (const g of byKey.values()) expect(g.filter((s) => !dropped.has(s.session)).length).toBeLessThanOrEqual(1);
    const lost = warnings.find((w) => w.includes('lost'));
    expect(lost).toMatch(/SMPP bind to smpp:\/\/pesan:\*\*\*@127\.0\.0\.1:\d+ lost/);
    expect(warnings.join('\n')).not.toContain(PASSWORD);
  });
});
