/**
 * Batch sends (ARCHITECTURE.md §6.3, issue 24 item 2): one entry per item in order, per-item
 * errors, prepaid quota in item order, the Idempotency-Key covering the batch, and a bad envelope
 * refusing the whole request with nothing stored.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { V1_MESSAGES } from '@pesan/contracts/messaging';
import { messages } from '../src/db/schema/messages.ts';
import { quotaLedger, quotas } from '../src/db/schema/quotas.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { createAppWithToken, v1Get, v1Post, waitForStatus, type AppWithTokens } from './v1-helper.ts';

let t: TestApp;
let a: AppWithTokens;

beforeAll(async () => {
  t = await createTestApp({ env: { V1_RATE_LIMIT: '100000' } });
  a = await createAppWithToken(t, { channels: ['whatsapp', 'sms', 'sms_otp', 'call', 'voice_otp', 'email'] });
});
afterAll(async () => t.close());

const countMessages = async (applicationId: string) =>
  (await t.ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(messages).where(eq(messages.applicationId, applicationId)))[0]!.n;

describe('batch sends', () => {
  it('answers one entry per item in order, each bad item refused alone, and the good ones become ordinary messages', async () => {
    const before = await countMessages(a.applicationId);
    const res = await v1Post(t, '/sms/messages/batch', a.tokens.sms.accessToken, {
      messages: [{ to: '081234567890', text: 'one' }, { to: 'not a number', text: 'two' }, { to: '081234567891' }, 'nope', { to: '081234567892', text: 'five', extra: 1 }, { to: '+6281234567893', text: 'six' }],
    });
    expect(res.statusCode).toBe(202);
    const body = res.json();
    expect(typeof body.batch_id).toBe('string');
    expect(body.data).toHaveLength(6);
    expect(body.data[0]).toMatchObject({ channel: 'sms', to: '+6281234567890', status: 'submitted', total_sms: 1, country: 'ID' });
    expect(body.data[1]).toEqual({ error: { code: 'invalid_request', message: V1_MESSAGES.invalidPhone, details: [{ path: 'to', message: V1_MESSAGES.invalidPhone }] } });
    expect(body.data[2].error.code).toBe('invalid_request');
    expect(body.data[2].error.details[0].path).toBe('text');
    expect(body.data[3].error).toMatchObject({ code: 'invalid_request', message: V1_MESSAGES.batchItem });
    expect(body.data[4].error.code).toBe('invalid_request');
    expect(body.data[5]).toMatchObject({ to: '+6281234567893', status: 'submitted' });
    expect(await countMessages(a.applicationId)).toBe(before + 2);
    // Ordinary messages: readable, and through their lifecycle.
    expect((await v1Get(t, body.data[0].id, a.tokens.sms.accessToken)).statusCode).toBe(200);
    await waitForStatus(t, body.data[5].id, a.tokens.sms.accessToken, 'delivered');
  });

  it('has a batch twin for every channel', async () => {
    const cases: [string, keyof AppWithTokens['tokens'], object][] = [
      ['/sms-otp/messages/batch', 'sms_otp', { to: '081234567890', text: 'Kode 1234' }],
      ['/whatsapp/messages/batch', 'whatsapp', { to: '081234567890', text: 'hi' }],
      ['/calls/batch', 'call', { to: '081234567890', text: 'Halo' }],
      ['/voice-otp/batch', 'voice_otp', { to: '081234567890', code_length: 5 }],
      ['/email/messages/batch', 'email', { to: 'budi@example.com', subject: 'S', text: 'x' }],
    ];
    for (const [path, channel, item] of cases) {
      const res = await v1Post(t, path, a.tokens[channel].accessToken, { messages: [item, item] });
      expect(res.statusCode, path).toBe(202);
      expect(res.json().data.map((d: { channel: string }) => d.channel)).toEqual([channel, channel]);
    }
    // A token of another channel refuses the whole request.
    expect((await v1Post(t, '/calls/batch', a.tokens.sms.accessToken, { messages: [{ to: '081234567890', text: 'x' }] })).statusCode).toBe(403);
  });

  it('takes prepaid quota in item order: once it is used up, the rest are quota_exceeded', async () => {
    const p = await createAppWithToken(t, { channels: ['sms'], billingType: 'pre-paid' });
    const db = t.ctx.database.db;
    await db.insert(quotas).values({ applicationId: p.applicationId, organizationId: p.organizationId, type: 'sms', quota: 3, usage: 0 });
    const res = await v1Post(t, '/sms/messages/batch', p.tokens.sms.accessToken, {
      messages: [{ to: '081234567890', text: 'a' }, { to: '081234567890', text: 'b'.repeat(200) }, { to: '081234567890', text: 'c' }, { to: '081234567890', text: 'd' }],
    });
    expect(res.statusCode).toBe(202);
    const data = res.json().data;
    // 1 + 2 segments use all 3 units; the third and fourth items find none left.
    expect(data.map((d: { status?: string; error?: { code: string } }) => d.status ?? d.error!.code)).toEqual(['submitted', 'submitted', 'quota_exceeded', 'quota_exceeded']);
    expect(data[2].error.message).toBe(V1_MESSAGES.quotaExceeded);
    expect(await countMessages(p.applicationId)).toBe(2);
    const [quota] = await db.select().from(quotas).where(eq(quotas.applicationId, p.applicationId));
    expect(quota).toMatchObject({ quota: 3, usage: 3 });
    expect(await db.select().from(quotaLedger).where(eq(quotaLedger.applicationId, p.applicationId))).toHaveLength(2);
  });

  it('replays the first answer for the same Idempotency-Key and body, sending nothing, and 409s another body', async () => {
    const b = await createAppWithToken(t, { channels: ['email'] });
    const key = { 'idempotency-key': 'newsletter-7' };
    const body = { messages: [{ to: 'a@example.com', subject: 'S', text: 'x' }, { to: 'bad', subject: 'S', text: 'x' }] };
    const first = await v1Post(t, '/email/messages/batch', b.tokens.email.accessToken, body, key);
    expect(first.statusCode).toBe(202);
    const concurrent = await Promise.all([1, 2, 3].map(() => v1Post(t, '/email/messages/batch', b.tokens.email.accessToken, body, key)));
    for (const again of concurrent) {
      expect(again.statusCode).toBe(202);
      expect(again.json()).toEqual(first.json());
      expect(again.headers['idempotent-replayed']).toBe('true');
    }
    expect(await countMessages(b.applicationId)).toBe(1);
    const conflict = await v1Post(t, '/email/messages/batch', b.tokens.email.accessToken, { messages: [body.messages[0]] }, key);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error.code).toBe('idempotency_conflict');
    expect(await countMessages(b.applicationId)).toBe(1);
  });

  it('refuses a bad envelope whole (not an array, empty, 1,001 items, unknown field, over 5 MB) and stores nothing', { timeout: 120_000 }, async () => {
    // No workers: 1,000 accepted messages are not dispatched while the test counts them.
    const w = await createTestApp({ env: { V1_RATE_LIMIT: '100000' }, workers: false });
    try {
      await refusesBadEnvelopes(w);
    } finally {
      await w.close();
    }
  });
});

async function refusesBadEnvelopes(t: TestApp): Promise<void> {
  const countMessages = async (applicationId: string) =>
    (await t.ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(messages).where(eq(messages.applicationId, applicationId)))[0]!.n;
  {
    const b = await createAppWithToken(t, { channels: ['sms'] });
    const item = { to: '081234567890', text: 'x' };
    const bad: unknown[] = [{ messages: [] }, { messages: item }, {}, [item], { messages: Array(1001).fill(item) }, { messages: [item], more: 1 }];
    for (const body of bad) {
      const res = await v1Post(t, '/sms/messages/batch', b.tokens.sms.accessToken, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().error.code).toBe('invalid_request');
    }
    const huge = await v1Post(t, '/sms/messages/batch', b.tokens.sms.accessToken, { messages: [{ to: '081234567890', text: 'x'.repeat(5 * 1024 * 1024) }] });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBeDefined();
    // 1,000 items at the limit pass.
    const full = await v1Post(t, '/sms/messages/batch', b.tokens.sms.accessToken, { messages: Array(1000).fill(item) });
    expect(full.statusCode).toBe(202);
    expect(await countMessages(b.applicationId)).toBe(1000);
  }
}
