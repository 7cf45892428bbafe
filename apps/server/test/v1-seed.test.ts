import { and, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messageEvents, messages } from '../src/db/schema/messages.ts';
import { DEMO_HISTORY_DAYS, seedDemoTraffic } from '../src/seed/traffic.ts';
import type { ChannelId } from '@pesan/contracts/channels';
import { sandboxLifecycle } from '../src/messaging/drivers/sandbox.ts';
import { undispatchedMessages } from '../src/messaging/engine/dispatcher.ts';
import { conversationStatsHourly, messageStatsHourly } from '../src/db/schema/messages.ts';
import { rollUpStats } from '../src/messaging/engine/stats-rollup.ts';
import { reports } from '../src/db/schema/reports.ts';
import { users } from '../src/db/schema/users.ts';
import { seedDemoReports } from '../src/seed/reports.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { createAppWithToken, v1Get } from './v1-helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ workers: false });
});
afterAll(async () => t.close());

it('seeds 25 finished demo messages over the last 24 hours, several per channel, readable through /v1, and 4 weeks of older traffic', async () => {
  const a = await createAppWithToken(t, { channels: ['sms'] });
  await seedDemoTraffic(t.ctx, {});
  expect((await t.ctx.database.db.select().from(messages)).length).toBe(0);
  await seedDemoTraffic(t.ctx, { applicationId: a.applicationId, organizationId: a.organizationId });
  const all = await t.ctx.database.db.select().from(messages).where(eq(messages.applicationId, a.applicationId));
  const dayAgo = Date.now() - 24 * 3600_000 - 60_000;
  const rows = all.filter((r) => r.createdAt.getTime() > dayAgo);
  expect(rows.length).toBe(25);
  // Older traffic on each of the DEMO_HISTORY_DAYS days before, on every channel, for the dashboard.
  const older = all.filter((r) => r.createdAt.getTime() <= dayAgo);
  const days = new Set(older.map((r) => Math.floor((Date.now() - r.createdAt.getTime()) / 86_400_000)));
  expect(days.size).toBeGreaterThanOrEqual(DEMO_HISTORY_DAYS - 1);
  expect(Math.min(...older.map((r) => r.createdAt.getTime()))).toBeLessThan(Date.now() - 26 * 86_400_000);
  expect(new Set(older.map((r) => r.channel)).size).toBe(6);
  for (const r of older) expect(r.status).toBe(sandboxLifecycle(r.channel as ChannelId, r.recipient).at(-1)!.status);
  expect(new Set(rows.map((r) => r.channel))).toEqual(new Set(['whatsapp', 'sms', 'sms_otp', 'call', 'voice_otp', 'email']));
  for (const channel of ['whatsapp', 'sms', 'sms_otp', 'call', 'voice_otp', 'email']) {
    expect(rows.filter((r) => r.channel === channel).length, channel).toBeGreaterThanOrEqual(3);
  }
  // the newest is recent: Monitoring's 'Last transaction update' reads minutes, not days
  expect(Math.max(...rows.map((r) => r.updatedAt.getTime()))).toBeGreaterThan(Date.now() - 60 * 60_000);
  for (const r of rows) {
    expect(r.createdAt.getTime()).toBeGreaterThan(dayAgo);
    expect(r.createdAt.getTime()).toBeLessThan(Date.now());
    expect(r.updatedAt.getTime()).toBeLessThan(Date.now());
    expect(r.updatedAt.getTime()).toBeGreaterThanOrEqual(r.createdAt.getTime());
    // At the end of its sandbox lifecycle: no callback is left to come.
    expect(r.status).toBe(sandboxLifecycle(r.channel as ChannelId, r.recipient).at(-1)!.status);
    expect(r.providerMessageId).toBe(`sandbox-${r.id}`);
    const events = await t.ctx.database.db.select().from(messageEvents).where(eq(messageEvents.messageId, r.id)).orderBy(messageEvents.id);
    expect(events.at(-1)!.status).toBe(r.status);
    expect(new Set(events.map((e) => e.status)).size).toBe(events.length);
  }
  expect(rows.some((r) => r.status === 'failed')).toBe(true);
  expect(rows.some((r) => r.status === 'read')).toBe(true);
  // Messages a carrier has are never re-dispatched.
  expect(await undispatchedMessages(t.ctx.database.db, new Date(Date.now() + 3 * 60_000))).toEqual([]);
  // The hourly counters hold every message at its final status.
  await rollUpStats(t.ctx.database.db);
  const stats = await t.ctx.database.db.select().from(messageStatsHourly).where(eq(messageStatsHourly.applicationId, a.applicationId));
  expect(stats.reduce((n, s) => n + s.count, 0)).toBe(all.length);
  expect(stats.filter((s) => s.status === 'read').reduce((n, s) => n + s.count, 0)).toBe(all.filter((r) => r.status === 'read').length);
  // Every WhatsApp message carries its conversation, and the session rollup counts each once.
  const wa = all.filter((r) => r.channel === 'whatsapp');
  expect(wa.every((r) => r.conversationCategory && r.conversationInitiator)).toBe(true);
  const sessions = await t.ctx.database.db.select().from(conversationStatsHourly).where(eq(conversationStatsHourly.applicationId, a.applicationId));
  expect(sessions.reduce((n, s) => n + s.count, 0)).toBe(wa.length);
  expect(sessions.filter((s) => s.initiator === 'user').reduce((n, s) => n + s.count, 0)).toBe(wa.filter((r) => r.conversationCategory === 'service').length);
  const res = await v1Get(t, rows[0]!.id, a.tokens.sms.accessToken);
  expect(res.statusCode).toBe(200);
  expect(res.json().events.length).toBeGreaterThan(1);
});

it('seeds three finished demo reports of that traffic, each file holding the matching messages', async () => {
  const a = await createAppWithToken(t, { channels: ['sms', 'whatsapp', 'email'] });
  const [user] = await t.ctx.database.db.select({ id: users.id }).from(users).where(eq(users.organizationId, a.organizationId));
  const ids = { applicationId: a.applicationId, organizationId: a.organizationId, userId: user!.id };
  await seedDemoTraffic(t.ctx, ids);
  await seedDemoReports(t.ctx, ids);
  const made = await t.ctx.database.db.select().from(reports).where(eq(reports.applicationId, a.applicationId));
  expect(made.map((r) => [r.channel, r.type, r.status])).toEqual([
    ['sms', 'csv', 'done'],
    ['whatsapp', 'xlsx', 'done'],
    ['email', 'csv', 'done'],
  ]);
  const sms = await t.ctx.database.db.select().from(messages).where(and(eq(messages.applicationId, a.applicationId), eq(messages.channel, 'sms'), gte(messages.createdAt, made[0]!.rangeFrom)));
  expect(made[0]!.rowsWritten).toBe(sms.length);
  expect(sms.length).toBeGreaterThan(10);
  const file = await t.ctx.services.reports.openReportDownload(a.organizationId, made[0]!.id);
  const text = (await file.stream.toArray()).map(String).join('');
  expect(text.trim().split('\n').length).toBe(sms.length + 1);
});
