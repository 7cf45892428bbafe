/**
 * The demo Verify seed (ARCHITECTURE.md §4 DEMO_DATA, §6.4; seed/verify.ts): three weeks of
 * verifications of the demo application in every state, on each Verify channel it has, whose
 * sends are real messages of the code's channel to the same recipient, with no code anywhere
 * (only a random `code_hmac`; the messages carry the code masked).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import { VERIFY_TOKEN_CHANNEL } from '@pesan/contracts/verify';
import type { DemoIds } from '../src/seed/seed.ts';
import { seedDemoAccounts } from '../src/seed/accounts.ts';
import { seedDemoApplications } from '../src/seed/applications.ts';
import { seedDemoTraffic } from '../src/seed/traffic.ts';
import { DEMO_VERIFY_DAYS, DEMO_VERIFY_TEMPLATE, seedDemoVerify } from '../src/seed/verify.ts';
import { verifications } from '../src/db/schema/verifications.ts';
import { verifyStatsHourly } from '../src/db/schema/verify-stats.ts';
import { rollUpVerifyStats } from '../src/modules/verify/verify-stats.repo.ts';
import { messageEvents, messages } from '../src/db/schema/messages.ts';
import { createTestApp, type TestApp } from './harness.ts';

const DAY_MS = 86_400_000;
/** Something a code could be: 4 to 10 digits in a row. */
const CODE_LIKE = /\d{4,10}/;

describe('demo Verify seed', () => {
  let t: TestApp;
  const ids: DemoIds = {};
  let rows: (typeof verifications.$inferSelect)[];
  let seedMs = 0;

  beforeAll(async () => {
    t = await createTestApp({ workers: false });
    await seedDemoAccounts(t.ctx, ids);
    await seedDemoApplications(t.ctx, ids);
    await seedDemoTraffic(t.ctx, ids);
    // A worker's first rollup run may come before the seed (the app starts its workers first).
    await rollUpVerifyStats(t.ctx.database.db, new Date());
    const started = performance.now();
    await seedDemoVerify(t.ctx, ids);
    seedMs = performance.now() - started;
    rows = await t.ctx.database.db.select().from(verifications).where(eq(verifications.applicationId, ids.applicationId!));
  }, 60_000);
  afterAll(async () => t.close());

  it('seeds a few hundred verifications over the last 3 weeks, quickly', () => {
    expect(rows.length).toBeGreaterThanOrEqual(200);
    expect(rows.length).toBeLessThanOrEqual(500);
    const times = rows.map((r) => r.createdAt.getTime());
    expect(Math.min(...times)).toBeGreaterThan(Date.now() - DEMO_VERIFY_DAYS * DAY_MS - DAY_MS);
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan((DEMO_VERIFY_DAYS - 2) * DAY_MS);
    // Every day has some.
    expect(new Set(rows.map((r) => Math.floor((Date.now() - r.createdAt.getTime()) / DAY_MS))).size).toBeGreaterThanOrEqual(DEMO_VERIFY_DAYS - 1);
    for (const r of rows) expect(r.organizationId).toBe(ids.organizationId);
    // Generous on a loaded machine; about a quarter of a second on PGlite.
    expect(seedMs).toBeLessThan(5_000);
    console.info(`demo Verify seed: ${rows.length} verifications in ${seedMs.toFixed(0)} ms`);
  });

  it("is in the Overview's hourly rollup even when a worker's first run came before it", async () => {
    const stats = await t.ctx.database.db.select().from(verifyStatsHourly).where(eq(verifyStatsHourly.applicationId, ids.applicationId!));
    const sum = (f: (r: (typeof stats)[number]) => number) => stats.reduce((a, r) => a + f(r), 0);
    expect(sum((r) => r.started)).toBe(rows.length);
    expect(sum((r) => r.approved)).toBe(rows.filter((r) => r.status === 'approved').length);
  });

  it('has every state: pending (recent, not expired), approved (realistic times, ~80 %), expired, failed after 5 checks, canceled', () => {
    const by = (s: string) => rows.filter((r) => r.status === s);
    for (const s of ['pending', 'approved', 'expired', 'failed', 'canceled']) expect(by(s).length, s).toBeGreaterThan(0);
    for (const r of by('pending')) {
      expect(r.expiresAt.getTime()).toBeGreaterThan(Date.now());
      expect(r.createdAt.getTime()).toBeGreaterThan(Date.now() - 15 * 60_000);
      expect(r.closedAt).toBeNull();
    }
    const closed = rows.filter((r) => r.status !== 'pending');
    const conversion = by('approved').length / closed.length;
    expect(conversion).toBeGreaterThanOrEqual(0.75);
    expect(conversion).toBeLessThanOrEqual(0.85);
    const seconds = by('approved')
      .map((r) => (r.approvedAt!.getTime() - r.lastSendAt!.getTime()) / 1000)
      .sort((a, b) => a - b);
    expect(seconds[0]).toBeGreaterThanOrEqual(10);
    expect(seconds[Math.floor(seconds.length / 2)]).toBeLessThan(90);
    expect(seconds.filter((s) => s <= 90).length / seconds.length).toBeGreaterThan(0.75);
    expect(seconds.at(-1)).toBeGreaterThan(180);
    for (const r of by('approved')) {
      expect(r.closedAt).toEqual(r.approvedAt);
      expect(r.approvedAt!.getTime()).toBeLessThan(r.expiresAt.getTime());
    }
    for (const r of by('failed')) expect(r.attempts).toBe(5);
    for (const r of by('expired')) expect(r.closedAt!.getTime()).toBeGreaterThanOrEqual(r.expiresAt.getTime());
    for (const r of closed) {
      expect(r.closedAt, r.status).not.toBeNull();
      expect(r.closedAt!.getTime()).toBeLessThan(Date.now());
    }
  });

  it('spreads them over the Verify channels, with Indonesian and Singaporean numbers and e-mail addresses', () => {
    const perChannel = Object.fromEntries(['sms', 'whatsapp', 'call', 'email'].map((c) => [c, rows.filter((r) => r.channel === c).length]));
    for (const [c, n] of Object.entries(perChannel)) expect(n, c).toBeGreaterThanOrEqual(10);
    expect(perChannel['sms']).toBeGreaterThan(Math.max(perChannel['whatsapp']!, perChannel['call']!, perChannel['email']!));
    for (const r of rows) {
      if (r.channel === 'email') {
        expect(r.recipient).toMatch(/^[a-z0-9.]+@example\.com$/);
        expect(r.country).toBeNull();
      } else {
        expect(r.recipient).toMatch(/^\+(62|65)\d{8,12}$/);
        expect(['ID', 'SG']).toContain(r.country);
      }
      expect(r.template).toBe(r.channel === 'whatsapp' ? DEMO_VERIFY_TEMPLATE : null);
    }
    expect(new Set(rows.map((r) => r.country))).toEqual(new Set(['ID', 'SG', null]));
  });

  it('points every send at a real message of the channel, application and recipient, with the code masked', async () => {
    const sends = rows.flatMap((r) => r.sends.map((s) => ({ row: r, send: s })));
    for (const r of rows) {
      expect(r.sendCount).toBe(r.sends.length);
      expect(r.lastSendAt!.toISOString()).toBe(r.sends.at(-1)!.at);
    }
    const found = await t.ctx.database.db.select().from(messages).where(inArray(messages.id, sends.map((s) => s.send.message_id)));
    const byId = new Map(found.map((m) => [m.id, m]));
    expect(byId.size).toBe(sends.length);
    for (const { row, send } of sends) {
      const m = byId.get(send.message_id)!;
      expect(m.applicationId).toBe(row.applicationId);
      expect(m.organizationId).toBe(row.organizationId);
      expect(send.channel).toBe(row.channel);
      expect(m.channel).toBe(VERIFY_TOKEN_CHANNEL[row.channel]);
      expect(m.recipient).toBe(row.recipient);
      expect(m.createdAt.toISOString()).toBe(send.at);
      const { to, ...body } = m.body as Record<string, unknown>;
      expect(to).toBe(row.recipient);
      expect(body['sealed']).toBeUndefined();
      const text = JSON.stringify(body);
      // The code masked, one dot a digit (a call spells it out, twice).
      expect(text.match(/•/g)?.length ?? 0, text).toBeGreaterThanOrEqual(row.codeLength);
      expect(text, text).not.toMatch(CODE_LIKE);
    }
  });

  it('holds nothing that looks like a code outside code_hmac', async () => {
    for (const r of rows) {
      expect(r.codeHmac).toMatch(/^[0-9a-f]{64}$/);
      // Every field but the HMAC, the recipient, ids and times.
      const { codeHmac: _h, recipient: _r, id: _i, organizationId: _o, applicationId: _a, sends, ...rest } = r;
      const fields = Object.values(rest).filter((v) => !(v instanceof Date));
      expect(JSON.stringify(fields)).not.toMatch(CODE_LIKE);
      expect(JSON.stringify(sends.map((s) => s.channel))).not.toMatch(CODE_LIKE);
    }
    const events = await t.ctx.database.db
      .select({ status: messageEvents.status, reason: messageEvents.reason })
      .from(messageEvents)
      .where(inArray(messageEvents.messageId, rows.flatMap((r) => r.sends.map((s) => s.message_id))));
    expect(events.length).toBeGreaterThan(rows.length);
    expect(JSON.stringify(events)).not.toMatch(CODE_LIKE);
  });

  it('is safe to run again', async () => {
    const db = t.ctx.database.db;
    const before = Number((await db.select({ n: count() }).from(messages))[0]!.n);
    await seedDemoVerify(t.ctx, ids);
    expect(Number((await db.select({ n: count() }).from(verifications))[0]!.n)).toBe(rows.length);
    expect(Number((await db.select({ n: count() }).from(messages))[0]!.n)).toBe(before);
  });
});
