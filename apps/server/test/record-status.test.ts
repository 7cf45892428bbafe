/**
 * recordStatus, the one way a status changes (ARCHITECTURE.md §6.1): lifecycle rule (never
 * backwards, duplicates and late reports ignored, skipped steps recorded), events, hourly counters
 * by creation hour, outbox rows and the quota refund rule, on every channel.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_IDS, type ChannelId } from '@pesan/contracts/channels';
import { initialStatus, LIFECYCLES } from '@pesan/contracts/statuses';
import { messageEvents, messages, messageStatsHourly, statusOutbox } from '../src/db/schema/messages.ts';
import { rollUpStats } from '../src/messaging/engine/stats-rollup.ts';
import { quotaLedger, quotas } from '../src/db/schema/quotas.ts';
import { countAcceptedMessage, insertMessageWithEvent } from '../src/messaging/messages.repo.ts';
import { setProviderMessageId } from '../src/messaging/engine/dispatch.repo.ts';
import { hourOf, recordStatus, recordStatuses } from '../src/messaging/engine/status-recorder.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { insertMessage } from './application-fixtures.ts';
import { createAppWithToken, v1Post, type AppWithTokens } from './v1-helper.ts';

let t: TestApp;
let a: AppWithTokens;
beforeAll(async () => {
  t = await createTestApp({ workers: false });
  a = await createAppWithToken(t, { channels: [...CHANNEL_IDS] });
});
afterAll(async () => t.close());

const db = () => t.ctx.database.db;
const createdAt = new Date('2026-11-20T08:42:00Z');

/** A stored message at its initial status, created at `createdAt`. */
async function message(channel: ChannelId, recipient = channel === 'email' ? 'a@example.com' : '+6281234567890', app: AppWithTokens = a) {
  const id = randomUUID();
  const row = { id, organizationId: app.organizationId, applicationId: app.applicationId, channel, recipient, status: initialStatus(channel), body: {}, createdAt, updatedAt: createdAt };
  await insertMessageWithEvent(db(), row);
  await countAcceptedMessage(db(), row);
  return id;
}
const events = async (id: string) =>
  (await db().select().from(messageEvents).where(eq(messageEvents.messageId, id)).orderBy(asc(messageEvents.id))).map((e) => [e.status, e.reason, e.providerCode]);
const counters = async (channel: ChannelId, app: AppWithTokens = a) => {
  await rollUpStats(db());
  return Object.fromEntries(
    (await db().select().from(messageStatsHourly).where(and(eq(messageStatsHourly.applicationId, app.applicationId), eq(messageStatsHourly.channel, channel), eq(messageStatsHourly.hour, hourOf(createdAt)))))
      .filter((r) => r.count !== 0)
      .map((r) => [r.status, r.count]),
  );
};
const at = (minutes: number) => new Date(createdAt.getTime() + minutes * 60_000);

describe('recordStatus', () => {
  it('moves forward, records skipped steps, ignores duplicates and backwards reports', async () => {
    const id = await message('whatsapp');
    expect(await recordStatus(db(), { messageId: id, status: 'in_queue', at: at(1) })).toMatchObject({ outcome: 'recorded', previous: 'submitted', statuses: ['in_queue'] });
    // `read` before `delivered` (and `sent`): the carrier implied them.
    expect(await recordStatus(db(), { messageId: id, status: 'read', at: at(3), providerCode: 'r1' })).toMatchObject({ outcome: 'recorded', statuses: ['sent', 'delivered', 'read'] });
    expect(await recordStatus(db(), { messageId: id, status: 'delivered', at: at(2) })).toMatchObject({ outcome: 'ignored', current: 'read' });
    expect(await recordStatus(db(), { messageId: id, status: 'read', at: at(4) })).toMatchObject({ outcome: 'ignored' });
    expect(await recordStatus(db(), { messageId: id, status: 'failed', at: at(5), reason: 'late' })).toMatchObject({ outcome: 'ignored' });
    expect(await events(id)).toEqual([
      ['submitted', null, null],
      ['in_queue', null, null],
      ['sent', null, null],
      ['delivered', null, null],
      ['read', null, 'r1'],
    ]);
    const [row] = await db().select().from(messages).where(eq(messages.id, id));
    expect(row).toMatchObject({ status: 'read', reason: null, providerCode: 'r1' });
    expect(row!.updatedAt.toISOString()).toBe(at(3).toISOString());
    const outbox = await db().select().from(statusOutbox).where(eq(statusOutbox.messageId, id)).orderBy(asc(statusOutbox.id));
    expect(outbox.map((o) => [o.previousStatus, o.status])).toEqual([
      ['submitted', 'in_queue'],
      ['in_queue', 'sent'],
      ['sent', 'delivered'],
      ['delivered', 'read'],
    ]);
    expect(outbox.every((o) => o.applicationId === a.applicationId && o.organizationId === a.organizationId && o.channel === 'whatsapp')).toBe(true);
  });

  it('walks every channel from its initial status to the end of its lifecycle, moving the hourly counter along', async () => {
    for (const channel of CHANNEL_IDS) {
      const before = await counters(channel);
      const id = await message(channel);
      const path = LIFECYCLES[channel];
      expect(await counters(channel)).toEqual({ ...before, [path[0]!]: (before[path[0]!] ?? 0) + 1 });
      const last = path[path.length - 1]!;
      const result = await recordStatus(db(), { messageId: id, status: last, at: at(2) });
      expect(result, channel).toMatchObject({ outcome: 'recorded', statuses: path.slice(1) });
      expect((await events(id)).map((e) => e[0])).toEqual([...path]);
      const after = await counters(channel);
      expect(after[last], channel).toBe((before[last] ?? 0) + 1);
      expect(after[path[0]!] ?? 0, channel).toBe(before[path[0]!] ?? 0);
    }
  });

  it('finds a message by (id, created_at) read back from the database, even one stamped by the database clock', async () => {
    // created_at from the column default (the database's now(), microseconds) rather than the accept path.
    const id = await insertMessage(t, { organizationId: a.organizationId, applicationId: a.applicationId, channel: 'sms', recipient: '+6281234567890', status: 'submitted' });
    const [row] = await db().select({ createdAt: messages.createdAt }).from(messages).where(eq(messages.id, id));
    expect(await recordStatus(db(), { messageId: id, messageCreatedAt: row!.createdAt, status: 'in_queue', at: at(1) })).toMatchObject({ outcome: 'recorded', messageId: id });
    await setProviderMessageId(db(), { id, createdAt: row!.createdAt, organizationId: a.organizationId }, 'smpp', `carrier-${id}`);
    const [after] = await db().select().from(messages).where(eq(messages.id, id));
    expect(after).toMatchObject({ status: 'in_queue', providerMessageId: `carrier-${id}` });
  });

  it('finds a message by its carrier id and answers unknown for an id nobody has', async () => {
    const id = await message('sms');
    await setProviderMessageId(db(), { id, createdAt, organizationId: a.organizationId }, 'smpp', 'carrier-42');
    expect(await recordStatus(db(), { driver: 'smpp', providerMessageId: 'carrier-42', status: 'sent', at: at(1) })).toMatchObject({ outcome: 'recorded', messageId: id, statuses: ['in_queue', 'sent'] });
    expect(await recordStatus(db(), { driver: 'smpp', providerMessageId: 'nobody', status: 'sent', at: at(1) })).toEqual({ outcome: 'unknown' });
    expect(await recordStatus(db(), { driver: 'sandbox', providerMessageId: 'carrier-42', status: 'delivered', at: at(1) })).toEqual({ outcome: 'unknown' });
  });

  it('stores the carrier id of a driver result in the status update, even when the status is ignored', async () => {
    const id = await message('sms');
    const sent = await recordStatus(db(), { messageId: id, status: 'sent', at: at(1), carrier: { driver: 'smpp', providerMessageId: 'carrier-77' } });
    expect(sent).toMatchObject({ outcome: 'recorded', statuses: ['in_queue', 'sent'] });
    const [row] = await db().select().from(messages).where(eq(messages.id, id));
    expect([row!.driver, row!.providerMessageId, row!.status]).toEqual(['smpp', 'carrier-77', 'sent']);
    // A later receipt finds it by that id.
    expect(await recordStatus(db(), { driver: 'smpp', providerMessageId: 'carrier-77', status: 'delivered', at: at(2) })).toMatchObject({ outcome: 'recorded', messageId: id });
    // A result whose status is behind the message's still stores the carrier id, and moves nothing.
    const late = await message('sms');
    await recordStatus(db(), { messageId: late, status: 'delivered', at: at(1) });
    const ignored = await recordStatus(db(), { messageId: late, status: 'sent', at: at(2), carrier: { driver: 'smpp', providerMessageId: 'carrier-78' } });
    expect(ignored).toMatchObject({ outcome: 'ignored', current: 'delivered' });
    const [lateRow] = await db().select().from(messages).where(eq(messages.id, late));
    expect([lateRow!.providerMessageId, lateRow!.status]).toEqual(['carrier-78', 'delivered']);
    expect((await events(late)).map((e) => e[0])).toEqual(['submitted', 'in_queue', 'sent', 'delivered']);
  });

  it('applies concurrent reports one after the other: each status once', async () => {
    const id = await message('sms');
    const results = await Promise.all(Array.from({ length: 10 }, () => recordStatus(db(), { messageId: id, status: 'delivered', at: at(1) })));
    expect(results.filter((r) => r.outcome === 'recorded')).toHaveLength(1);
    expect((await events(id)).map((e) => e[0])).toEqual(['submitted', 'in_queue', 'sent', 'delivered']);
  });

  it('refunds prepaid quota for a failure the carrier never took, once, and bills an undelivered SMS', async () => {
    const p = await createAppWithToken(t, { channels: ['sms'], billingType: 'pre-paid' });
    await db().insert(quotas).values({ applicationId: p.applicationId, organizationId: p.organizationId, type: 'sms', quota: 10, usage: 0 });
    const send = async (to: string) => (await v1Post(t, '/sms/messages', p.tokens.sms.accessToken, { to, text: 'x' })).json().id as string;
    const rejected = await send('081234560002');
    const undelivered = await send('081234560003');
    expect((await db().select().from(quotas).where(eq(quotas.applicationId, p.applicationId)))[0]!.usage).toBe(2);

    expect(await recordStatus(db(), { messageId: rejected, status: 'rejected', at: new Date(), reason: 'Number barred', providerCode: '0x0000000B' })).toMatchObject({ outcome: 'recorded', refunded: 1 });
    expect(await recordStatus(db(), { messageId: rejected, status: 'rejected', at: new Date() })).toMatchObject({ outcome: 'ignored' });
    await recordStatus(db(), { messageId: undelivered, status: 'sent', at: new Date() });
    expect(await recordStatus(db(), { messageId: undelivered, status: 'undelivered', at: new Date() })).toMatchObject({ outcome: 'recorded', refunded: 0 });

    expect((await db().select().from(quotas).where(eq(quotas.applicationId, p.applicationId)))[0]!.usage).toBe(1);
    const ledger = await db().select().from(quotaLedger).where(eq(quotaLedger.applicationId, p.applicationId)).orderBy(asc(quotaLedger.id));
    expect(ledger.map((l) => [l.messageId, l.delta, l.reason])).toEqual([
      [rejected, -1, 'message'],
      [undelivered, -1, 'message'],
      [rejected, 1, 'refund'],
    ]);
    const [row] = await db().select().from(messages).where(eq(messages.id, rejected));
    expect(row).toMatchObject({ status: 'rejected', reason: 'Number barred', providerCode: '0x0000000B' });
  });
});

describe('recordStatuses', () => {
  it('records a batch as the same reports one by one would: in order, duplicates and backwards ignored, unknown named', async () => {
    const wa = await message('whatsapp');
    const sms = await message('sms');
    const byCarrier = await message('sms');
    await setProviderMessageId(db(), { id: byCarrier, createdAt, organizationId: a.organizationId }, 'smpp', `carrier-${byCarrier}`);
    const before = { wa: await counters('whatsapp'), sms: await counters('sms') };
    const outcomes = await recordStatuses(db(), [
      { messageId: wa, status: 'in_queue', at: at(1) },
      { messageId: sms, status: 'delivered', at: at(2) },
      { messageId: wa, status: 'read', at: at(3), providerCode: 'r1' },
      { messageId: wa, status: 'delivered', at: at(2) },
      { messageId: randomUUID(), status: 'sent', at: at(1) },
      { messageId: sms, status: 'delivered', at: at(4) },
      { driver: 'smpp', providerMessageId: `carrier-${byCarrier}`, status: 'sent', at: at(1) },
      { driver: 'smpp', providerMessageId: `carrier-${byCarrier}`, status: 'undelivered', at: at(5), reason: 'Handset off', providerCode: '001' },
    ]);
    expect(outcomes).toMatchObject([
      { outcome: 'recorded', messageId: wa, previous: 'submitted', statuses: ['in_queue'] },
      { outcome: 'recorded', messageId: sms, previous: 'submitted', statuses: ['in_queue', 'sent', 'delivered'] },
      { outcome: 'recorded', messageId: wa, previous: 'in_queue', statuses: ['sent', 'delivered', 'read'] },
      { outcome: 'ignored', messageId: wa, current: 'read' },
      { outcome: 'unknown' },
      { outcome: 'ignored', messageId: sms, current: 'delivered' },
      { outcome: 'recorded', messageId: byCarrier, statuses: ['in_queue', 'sent'] },
      { outcome: 'recorded', messageId: byCarrier, previous: 'sent', statuses: ['undelivered'], refunded: 0 },
    ]);
    expect(await events(wa)).toEqual([
      ['submitted', null, null],
      ['in_queue', null, null],
      ['sent', null, null],
      ['delivered', null, null],
      ['read', null, 'r1'],
    ]);
    expect((await events(sms)).map((e) => e[0])).toEqual(['submitted', 'in_queue', 'sent', 'delivered']);
    expect(await events(byCarrier)).toEqual([
      ['submitted', null, null],
      ['in_queue', null, null],
      ['sent', null, null],
      ['undelivered', 'Handset off', '001'],
    ]);
    const rows = await db().select().from(messages).where(inArray(messages.id, [wa, sms, byCarrier]));
    const row = (id: string) => rows.find((r) => r.id === id)!;
    expect(row(wa)).toMatchObject({ status: 'read', providerCode: 'r1' });
    expect(row(wa).updatedAt.toISOString()).toBe(at(3).toISOString());
    expect(row(sms)).toMatchObject({ status: 'delivered', reason: null });
    expect(row(byCarrier)).toMatchObject({ status: 'undelivered', reason: 'Handset off', providerCode: '001' });
    const outbox = await db().select().from(statusOutbox).where(eq(statusOutbox.messageId, wa)).orderBy(asc(statusOutbox.id));
    expect(outbox.map((o) => [o.previousStatus, o.status])).toEqual([
      ['submitted', 'in_queue'],
      ['in_queue', 'sent'],
      ['sent', 'delivered'],
      ['delivered', 'read'],
    ]);
    // Each message moved once, from where it was to where it ended.
    const wac = await counters('whatsapp');
    expect(wac['submitted'] ?? 0).toBe((before.wa['submitted'] ?? 0) - 1);
    expect(wac['read']).toBe((before.wa['read'] ?? 0) + 1);
    expect(wac['in_queue'] ?? 0).toBe(before.wa['in_queue'] ?? 0);
    const smsc = await counters('sms');
    expect(smsc['submitted'] ?? 0).toBe((before.sms['submitted'] ?? 0) - 2);
    expect(smsc['delivered']).toBe((before.sms['delivered'] ?? 0) + 1);
    expect(smsc['undelivered']).toBe((before.sms['undelivered'] ?? 0) + 1);
    expect(smsc['sent'] ?? 0).toBe(before.sms['sent'] ?? 0);
  });

  it('refunds each failed message of a batch once', async () => {
    const p = await createAppWithToken(t, { channels: ['sms'], billingType: 'pre-paid' });
    await db().insert(quotas).values({ applicationId: p.applicationId, organizationId: p.organizationId, type: 'sms', quota: 10, usage: 0 });
    const send = async (to: string) => (await v1Post(t, '/sms/messages', p.tokens.sms.accessToken, { to, text: 'x' })).json().id as string;
    const one = await send('081234560002');
    const two = await send('081234560002');
    const outcomes = await recordStatuses(db(), [
      { messageId: one, status: 'rejected', at: new Date(), reason: 'Number barred' },
      { messageId: two, status: 'rejected', at: new Date() },
      { messageId: one, status: 'rejected', at: new Date() },
    ]);
    expect(outcomes.map((o) => (o.outcome === 'recorded' ? o.refunded : o.outcome))).toEqual([1, 1, 'ignored']);
    expect((await db().select().from(quotas).where(eq(quotas.applicationId, p.applicationId)))[0]!.usage).toBe(0);
    const refunds = await db().select().from(quotaLedger).where(and(eq(quotaLedger.applicationId, p.applicationId), eq(quotaLedger.reason, 'refund')));
    expect(refunds.map((r) => r.messageId).sort()).toEqual([one, two].sort());
  });

  it('runs concurrent overlapping batches over two applications without a deadlock, each status once', async () => {
    const b = await createAppWithToken(t, { channels: ['sms'] });
    const ids: string[] = [];
    for (let i = 0; i < 24; i++) ids.push(await message('sms', '+6281234567890', i % 2 ? b : a));
    const before = { a: await counters('sms'), b: await counters('sms', b) };
    const reversed = [...ids].reverse();
    const shuffled = [...ids].sort(() => Math.random() - 0.5);
    const batches = [ids, reversed, shuffled, reversed, ids, shuffled].map((order, n) =>
      recordStatuses(
        db(),
        order.map((messageId) => ({ messageId, status: n % 2 ? ('sent' as const) : ('delivered' as const), at: at(n + 1) })),
      ),
    );
    const results = await Promise.all(batches);
    for (const id of ids) {
      expect((await events(id)).map((e) => e[0])).toEqual(['submitted', 'in_queue', 'sent', 'delivered']);
      expect(results.flat().filter((o) => o.outcome === 'recorded' && o.messageId === id && o.statuses.includes('delivered'))).toHaveLength(1);
    }
    const after = { a: await counters('sms'), b: await counters('sms', b) };
    expect(after.a['delivered']).toBe((before.a['delivered'] ?? 0) + 12);
    expect(after.b['delivered']).toBe((before.b['delivered'] ?? 0) + 12);
    expect(after.b['submitted'] ?? 0).toBe((before.b['submitted'] ?? 0) - 12);
    expect(after.b['sent'] ?? 0).toBe(before.b['sent'] ?? 0);
  });
});
