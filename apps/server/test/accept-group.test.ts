/**
 * Group-commit accept (ARCHITECTURE.md §6.5, issue 24 item 1): concurrent sends share transactions,
 * prepaid quota stays exact (each message its own 202 or 402), hourly counters add up, and a group
 * whose transaction fails answers 5xx to its own requests only, storing nothing, so a retry with
 * the same Idempotency-Key is safe.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageEvents, messages, messageStatsHourly } from '../src/db/schema/messages.ts';
import { quotaLedger, quotas } from '../src/db/schema/quotas.ts';
import { onAcceptGroup, type AcceptGroupStats } from '../src/messaging/engine/accept-batcher.ts';
import { rollUpStats } from '../src/messaging/engine/stats-rollup.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { createAppWithToken, v1Post } from './v1-helper.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { V1_RATE_LIMIT: '100000' }, workers: false });
});
afterAll(async () => t.close());

const countRows = async (applicationId: string) => {
  const db = t.ctx.database.db;
  const [m] = await db.select({ n: sql<number>`count(*)::int` }).from(messages).where(eq(messages.applicationId, applicationId));
  const [e] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messageEvents)
    .innerJoin(messages, eq(messages.id, messageEvents.messageId))
    .where(eq(messages.applicationId, applicationId));
  // The counters as the rollup folds them (engine/stats-rollup.ts).
  await rollUpStats(db);
  const [s] = await db.select({ n: sql<number>`coalesce(sum(count), 0)::int` }).from(messageStatsHourly).where(eq(messageStatsHourly.applicationId, applicationId));
  return { messages: m!.n, events: e!.n, counted: s!.n };
};

describe('group-commit accept', () => {
  it('accepts exactly 500 of 1,000 concurrent sends against 500 units, in far fewer transactions than sends', { timeout: 120_000 }, async () => {
    const p = await createAppWithToken(t, { channels: ['sms'], billingType: 'pre-paid' });
    const db = t.ctx.database.db;
    await db.insert(quotas).values({ applicationId: p.applicationId, organizationId: p.organizationId, type: 'sms', quota: 500, usage: 0 });
    const groups: AcceptGroupStats[] = [];
    const off = onAcceptGroup((s) => groups.push(s));
    const results = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => v1Post(t, '/sms/messages', p.tokens.sms.accessToken, { to: '081234567890', text: `m${i}` })),
    );
    off();
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 202)).toHaveLength(500);
    expect(codes.filter((c) => c === 402)).toHaveLength(500);
    for (const r of results.filter((x) => x.statusCode === 402)) expect(r.json().error.code).toBe('quota_exceeded');
    const [quota] = await db.select().from(quotas).where(eq(quotas.applicationId, p.applicationId));
    expect(quota).toMatchObject({ quota: 500, usage: 500 });
    const ledger = await db.select().from(quotaLedger).where(eq(quotaLedger.applicationId, p.applicationId));
    expect(ledger).toHaveLength(500);
    expect(new Set(ledger.map((l) => l.messageId))).toEqual(new Set(results.filter((r) => r.statusCode === 202).map((r) => r.json().id)));
    expect(await countRows(p.applicationId)).toEqual({ messages: 500, events: 500, counted: 500 });
    // Grouped: every send went through a group, and groups held many sends each.
    expect(groups.reduce((n, g) => n + g.size, 0)).toBe(1000);
    expect(groups.length).toBeLessThan(250);
  });

  it('answers 500 to the requests of a failing group only, stores nothing of it, and a retry with the same key is safe', async () => {
    const p = await createAppWithToken(t, { channels: ['sms'] });
    const db = t.ctx.database.db;
    // The next group's transaction fails at its commit, after every statement ran.
    let failNext = true;
    const original = db.transaction.bind(db);
    (db as { transaction: typeof db.transaction }).transaction = (async (fn: Parameters<typeof db.transaction>[0]) =>
      original(async (tx) => {
        const result = await fn(tx);
        if (failNext) {
          failNext = false;
          throw Object.assign(new Error('injected failure of this group'), { code: '53100' });
        }
        return result;
      })) as typeof db.transaction;
    try {
      const key = { 'idempotency-key': 'retry-me' };
      const failed = await v1Post(t, '/sms/messages', p.tokens.sms.accessToken, { to: '081234567890', text: 'x' }, key);
      expect(failed.statusCode).toBe(500);
      expect(failed.json().error.code).toBe('internal_error');
      expect(await countRows(p.applicationId)).toEqual({ messages: 0, events: 0, counted: 0 });
      // The next group is another transaction: its requests are answered.
      const retry = await v1Post(t, '/sms/messages', p.tokens.sms.accessToken, { to: '081234567890', text: 'x' }, key);
      expect(retry.statusCode).toBe(202);
      const again = await v1Post(t, '/sms/messages', p.tokens.sms.accessToken, { to: '081234567890', text: 'x' }, key);
      expect(again.json().id).toBe(retry.json().id);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(await countRows(p.applicationId)).toEqual({ messages: 1, events: 1, counted: 1 });
    } finally {
      (db as { transaction: typeof db.transaction }).transaction = original;
    }
  });

  it('answers each of many concurrent sends with one key and another body with 409, and the first body with one message', async () => {
    const p = await createAppWithToken(t, { channels: ['email'] });
    const key = { 'idempotency-key': 'mixed' };
    const bodies = Array.from({ length: 20 }, (_, i) => ({ to: 'a@example.com', subject: 'S', text: i % 2 ? 'odd' : 'even' }));
    const results = await Promise.all(bodies.map((b) => v1Post(t, '/email/messages', p.tokens.email.accessToken, b, key)));
    const ok = results.filter((r) => r.statusCode === 202);
    const conflicts = results.filter((r) => r.statusCode === 409);
    expect(ok.length + conflicts.length).toBe(20);
    expect(new Set(ok.map((r) => r.json().id)).size).toBe(1);
    expect(ok.length === 10 || conflicts.length === 10).toBe(true);
    expect((await countRows(p.applicationId)).messages).toBe(1);
  });

  it('stores keys, texts and e-mail fields with quotes, backslashes, commas, braces and line breaks exactly as sent, and replays them', async () => {
    const p = await createAppWithToken(t, { channels: ['sms', 'email'] });
    const key = 'k"e\\y,{1} NULL';
    const text = 'Line "one", {two}\\three\nNULL\t\u00e9';
    const sms = await v1Post(t, '/sms/messages', p.tokens.sms.accessToken, { to: '081234567890', text }, { 'idempotency-key': key });
    expect(sms.statusCode).toBe(202);
    const replay = await v1Post(t, '/sms/messages', p.tokens.sms.accessToken, { to: '081234567890', text }, { 'idempotency-key': key });
    expect(replay.statusCode).toBe(202);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().id).toBe(sms.json().id);
    const email = await v1Post(t, '/email/messages', p.tokens.email.accessToken, { to: 'a@example.com', subject: 'Re: "x", {y}', text, from_name: 'A\\B, "C"' });
    expect(email.statusCode).toBe(202);
    const db = t.ctx.database.db;
    const [smsRow] = await db.select().from(messages).where(eq(messages.id, sms.json().id));
    expect([smsRow!.idempotencyKey, (smsRow!.body as { text: string }).text]).toEqual([key, text]);
    const [emailRow] = await db.select().from(messages).where(eq(messages.id, email.json().id));
    expect(emailRow!.body).toMatchObject({ subject: 'Re: "x", {y}', text, from_name: 'A\\B, "C"' });
  });
});
