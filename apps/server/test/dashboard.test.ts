/**
 * Overview dashboard API (ARCHITECTURE.md §5; templates-dashboard-reports.md §2.6, §3, §7.2, §9):
 * every figure read from the rollups equals a brute-force count over messages after mixed /v1
 * sends through the sandbox on every channel, day and hour buckets follow Asia/Jakarta, the range
 * rules answer clear 400s, the Excel exports open and hold what the screen shows, and another
 * organization's application is a 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { DASHBOARD_LABELS } from '@pesan/contracts/dashboard-labels';
import { CHANNEL_IDS, type ChannelId } from '@pesan/contracts/channels';
import { DASHBOARD_MESSAGES, DASHBOARD_STATUSES, conversationFigures, defaultDashboardRange, rateSummary, usageCounters, type StatusCounts } from '@pesan/contracts/dashboard';
import type { MessageStatus } from '@pesan/contracts/statuses';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { conversationStatsHourly, messages } from '../src/db/schema/messages.ts';
import { waTemplates } from '../src/db/schema/templates.ts';
import { sandboxLifecycle } from '../src/messaging/drivers/sandbox.ts';
import { openServiceWindow } from '../src/messaging/whatsapp/windows.repo.ts';
import { setConversationFromStatus, setMessageConversation } from '../src/messaging/whatsapp/webhook.repo.ts';
import { RECORDS_MESSAGES } from '@pesan/contracts/records';
import { firstKeptDay, retentionStart } from '../src/lib/retention.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { createAccount, insertMessage, type Account } from './application-fixtures.ts';
import { issueToken, v1Post, waitForStatus, type TokenPair } from './v1-helper.ts';

const SENDS: [ChannelId, string, Record<string, unknown>][] = [
  ['whatsapp', '081234567801', { template: { name: 'promo_offer', language: 'en', parameters: ['Budi'] } }],
  ['whatsapp', '081234560001', { template: { name: 'promo_offer', language: 'en', parameters: ['Sari'] } }],
  ['whatsapp', '081234560002', { template: { name: 'order_update', language: 'en' } }],
  ['whatsapp', '081234560004', { template: { name: 'order_update', language: 'en' } }],
  ['whatsapp', '081234567803', { text: 'Thanks for your message!' }],
  ['sms', '081234567811', { text: 'Hello' }],
  ['sms', '081234560001', { text: 'Hello' }],
  ['sms', '081234560002', { text: 'Hello' }],
  ['sms', '081234560003', { text: 'Hello' }],
  ['sms', '081234560004', { text: 'Hello' }],
  ['sms_otp', '081234567812', { text: 'Code 123456' }],
  ['sms_otp', '081234560003', { text: 'Code 654321' }],
  ['call', '081234567813', { text: 'Hello there' }],
  ['call', '081234560005', { text: 'Hello there' }],
  ['call', '081234560006', { text: 'Hello there' }],
  ['call', '081234560001', { text: 'Hello there' }],
  ['voice_otp', '081234567814', { code_length: 4 }],
  ['voice_otp', '081234560001', { code_length: 4 }],
  ['email', 'ann@example.com', { subject: 'Hi', text: 'Hello' }],
  ['email', 'ann+open@example.com', { subject: 'Hi', text: 'Hello' }],
  ['email', 'ann+click@example.com', { subject: 'Hi', html: '<p>Hello <a href="https://example.com">x</a></p>' }],
  ['email', 'ann+bounce@example.com', { subject: 'Hi', text: 'Hello' }],
  ['email', 'ann+unsub@example.com', { subject: 'Hi', text: 'Hello' }],
];

const V1_PATH: Record<ChannelId, string> = {
  whatsapp: '/whatsapp/messages', sms: '/sms/messages', sms_otp: '/sms-otp/messages', call: '/calls', voice_otp: '/voice-otp', email: '/email/messages',
};

describe('dashboard API', () => {
  let t: TestApp;
  let a: Account;
  let b: Account;
  let appId: string;
  const tokens = {} as Record<ChannelId, TokenPair>;
  const sent: { id: string; channel: ChannelId; recipient: string }[] = [];
  const range = defaultDashboardRange(new Date());

  const post = (who: Account, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: who.headers, payload });
  const body = (channel: ChannelId, extra: object = {}) => ({ application_id: appId, channel, ...range, ...extra });

  /** Counts per status of the app's `channel` straight from messages (the brute force). */
  async function bruteCounts(applicationId: string, channel: ChannelId): Promise<StatusCounts> {
    const rows = await t.ctx.database.db
      .select({ status: messages.status, n: sql<number>`count(*)::int` })
      .from(messages)
      .where(and(eq(messages.applicationId, applicationId), eq(messages.channel, channel)))
      .groupBy(messages.status);
    const counts: StatusCounts = Object.fromEntries(DASHBOARD_STATUSES[channel].map((s) => [s, 0]));
    for (const r of rows) counts[r.status as MessageStatus] = Number(r.n);
    return counts;
  }

  beforeAll(async () => {
    // Fixed days of 2026 below: a retention that keeps them whatever today is (the retention is tested at the end).
    t = await createTestApp({ env: { RETENTION_DAYS: '36500' } });
    a = await createAccount(t);
    b = await createAccount(t);
    const res = await post(a, '/api/application', { applicationName: 'Dashboard App', channels: CHANNEL_IDS.map((channel) => ({ channel })) });
    appId = res.json().id;
    for (const ch of CHANNEL_IDS) tokens[ch] = await issueToken(t, { applicationId: appId, organizationId: a.organizationId }, ch);
    const db = t.ctx.database.db;
    await db.insert(waTemplates).values([
      { organizationId: a.organizationId, applicationId: appId, name: 'promo_offer', language: 'en', category: 'MARKETING', status: 'APPROVED', components: [{ type: 'BODY', text: 'Hi {{1}}, 20% off today.' }] },
      { organizationId: a.organizationId, applicationId: appId, name: 'order_update', language: 'en', category: 'UTILITY', status: 'APPROVED', components: [{ type: 'BODY', text: 'Your order shipped.' }] },
    ]);
    await openServiceWindow(db, { applicationId: appId, organizationId: a.organizationId, recipient: '+6281234567803', at: new Date(), expiresAt: new Date(Date.now() + 86_400_000) });
  });
  afterAll(async () => t?.close());

  it('rates, usage counters and series equal a brute-force count over messages, before and after status changes', async () => {
    for (const [channel, to, rest] of SENDS) {
      const res = await v1Post(t, V1_PATH[channel], tokens[channel].accessToken, { to, ...rest });
      expect(res.statusCode, res.body).toBe(202);
      const m = res.json();
      sent.push({ id: m.id, channel, recipient: m.to });
    }
    // First read, while the sandbox carrier is still moving statuses: every message is counted once.
    for (const ch of CHANNEL_IDS) {
      const rate = await post(a, '/api/report/rate', body(ch));
      expect(rate.statusCode, rate.body).toBe(200);
      expect(rate.json().data.total).toBe(sent.filter((s) => s.channel === ch).length);
    }
    for (const s of sent) await waitForStatus(t, s.id, tokens[s.channel].accessToken, sandboxLifecycle(s.channel, s.recipient).at(-1)!.status);

    for (const ch of CHANNEL_IDS) {
      const counts = await bruteCounts(appId, ch);
      const rate = (await post(a, '/api/report/rate', body(ch))).json().data;
      expect(rate).toEqual({ channel: ch, ...rateSummary(ch, counts), by_status: counts });
      expect(rate.total).toBe(sent.filter((s) => s.channel === ch).length);
      const usage = await post(a, '/api/report/usage', body(ch));
      expect(usage.statusCode).toBe(200);
      expect(usage.json().data).toEqual(usageCounters(ch, counts));
      const chart = (await post(a, '/api/report/usage/range-date', body(ch))).json().data;
      expect(chart.granularity).toBe('day');
      expect(chart.labels).toHaveLength(7);
      expect(chart.labels.at(-1)).toBe(range.endDate);
      for (const st of DASHBOARD_STATUSES[ch]) {
        expect(chart.series[st].reduce((x: number, y: number) => x + y, 0), `${ch} ${st}`).toBe(counts[st]);
        expect(chart.series[st].at(-1)).toBe(counts[st]);
      }
      expect(chart.total.at(-1)).toBe(rate.total);
      // A single day is hourly.
      const today = (await post(a, '/api/report/usage/range-date', body(ch, { startDate: range.endDate, endDate: range.endDate }))).json().data;
      expect(today.granularity).toBe('hour');
      expect(today.labels).toHaveLength(24);
      expect(today.labels[0]).toBe(`${range.endDate} 00:00`);
      expect(today.total.reduce((x: number, y: number) => x + y, 0)).toBe(rate.total);
    }
    // Spot checks of the §9 formulas on known outcomes.
    const wa = (await post(a, '/api/report/rate', body('whatsapp'))).json().data;
    expect(wa).toMatchObject({ total: 5, success: 2, failure: 2, success_rate: 40, failure_rate: 40 }); // read×2; failed+rejected; sent is neither
    const call = (await post(a, '/api/report/rate', body('call'))).json().data;
    expect(call).toMatchObject({ total: 4, success: 1, failure: 3, success_rate: 25, failure_rate: 75 });
  });

  it('WhatsApp session figures equal the conversations recorded on messages, and follow a category change', async () => {
    const db = t.ctx.database.db;
    const brute = async () =>
      conversationFigures(
        (
          await db
            .select({ category: messages.conversationCategory, initiator: messages.conversationInitiator, count: sql<number>`count(*)::int` })
            .from(messages)
            .where(and(eq(messages.applicationId, appId), isNotNull(messages.conversationCategory)))
            .groupBy(messages.conversationCategory, messages.conversationInitiator)
        ).map((r) => ({ category: r.category!, initiator: r.initiator!, count: Number(r.count) })),
      );
    const read = async () => {
      const res = await post(a, '/api/whatsapp-api/conversation', { application_id: appId, ...range });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    let d = await read();
    let expected = await brute();
    // Every sandbox WhatsApp message was sent, so each carries its conversation.
    expect(expected).toEqual({ total: 5, business_initiated: 4, customer_initiated: 1, marketing: 2, utility: 2, authentication: 0, service: 1 });
    expect(d).toMatchObject({
      total_all_conversation: 5, total_all_bussiness_initiated: 4, total_all_customer_initiated: 1, total_all_marketing: 2, total_all_utility: 2, total_all_authentication: 0, total_all_service: 1,
      granularity: 'day',
    });
    expect(d.series.total.at(-1)).toBe(5);
    expect(d.series.marketing.reduce((x: number, y: number) => x + y, 0)).toBe(2);
    // A status webhook names another category: the counts move, they are not added twice.
    const promo = sent.find((s) => s.channel === 'whatsapp' && s.recipient.endsWith('7801'))!;
    await setConversationFromStatus(db, 'sandbox', `sandbox-${promo.id}`, { category: 'utility', conversationId: 'conv-1' });
    await setConversationFromStatus(db, 'sandbox', `sandbox-${promo.id}`, { category: 'utility' });
    d = await read();
    expected = await brute();
    expect(expected.marketing).toBe(1);
    expect(d.total_all_marketing).toBe(1);
    expect(d.total_all_utility).toBe(3);
    expect(d.total_all_conversation).toBe(5);
  });

  it('the migration backfill rebuilds the session rollup from the conversations on messages', async () => {
    const db = t.ctx.database.db;
    // The whole table: the backfill is a plain INSERT over every application's messages.
    const before = await db.select().from(conversationStatsHourly);
    const sum = (rows: { count: number }[]) => rows.reduce((n, r) => n + Number(r.count), 0);
    expect(sum(before.filter((r) => r.applicationId === appId))).toBe(5);
    await db.delete(conversationStatsHourly);
    const migration = readFileSync(fileURLToPath(new URL('../src/db/migrations/0006_conversation_rollup.sql', import.meta.url)), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toMatch(/INSERT INTO "conversation_stats_hourly"/);
    // 0006 predates organization_id (0017 adds it, filled from the application): replay both in order.
    const tenantMigration = readFileSync(fileURLToPath(new URL('../src/db/migrations/0017_tenant_organization_ids.sql', import.meta.url)), 'utf8');
    const tenantBackfill = tenantMigration.split('--> statement-breakpoint').find((s) => s.includes('UPDATE "conversation_stats_hourly"'))!;
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw('ALTER TABLE "conversation_stats_hourly" ALTER COLUMN "organization_id" DROP NOT NULL'));
      await tx.execute(sql.raw(backfill));
      await tx.execute(sql.raw(tenantBackfill));
      await tx.execute(sql.raw('ALTER TABLE "conversation_stats_hourly" ALTER COLUMN "organization_id" SET NOT NULL'));
    });
    const after = await db.select().from(conversationStatsHourly);
    const key = (r: { applicationId: string; organizationId: string; category: string; initiator: string; hour: Date; count: number }) =>
      `${r.applicationId}|${r.organizationId}|${r.category}|${r.initiator}|${new Date(r.hour).toISOString()}|${Number(r.count)}`;
    expect(after.map(key).sort()).toEqual(before.filter((r) => Number(r.count) !== 0).map(key).sort());
  });

  it('puts messages created at 23:59 and 00:00 Jakarta time on their own days and hours', async () => {
    const res = await post(a, '/api/application', { applicationName: 'Edge App', channels: [{ channel: 'sms' }, { channel: 'whatsapp' }] });
    const edgeApp = res.json().id as string;
    const lateNov1 = new Date('2026-11-01T16:59:00Z'); // 2026-11-01 23:59 WIB
    const midnightNov2 = new Date('2026-11-01T17:00:00Z'); // 2026-11-02 00:00 WIB
    for (const createdAt of [lateNov1, midnightNov2]) {
      await insertMessage(t, { organizationId: a.organizationId, applicationId: edgeApp, channel: 'sms', recipient: '+6281234567890', status: 'delivered', createdAt, updatedAt: createdAt });
      const wa = await insertMessage(t, { organizationId: a.organizationId, applicationId: edgeApp, channel: 'whatsapp', recipient: '+6281234567890', status: 'delivered', createdAt, updatedAt: createdAt });
      await setMessageConversation(t.ctx.database.db, { id: wa }, { category: 'authentication', initiator: 'business' });
    }
    const q = { application_id: edgeApp, channel: 'sms' };
    const days = (await post(a, '/api/report/usage/range-date', { ...q, startDate: '2026-11-01', endDate: '2026-11-02' })).json().data;
    expect(days.labels).toEqual(['2026-11-01', '2026-11-02']);
    expect(days.series.delivered).toEqual([1, 1]);
    const nov2 = (await post(a, '/api/report/usage/range-date', { ...q, startDate: '2026-11-02', endDate: '2026-11-02' })).json().data;
    expect(nov2.granularity).toBe('hour');
    expect(nov2.series.delivered[0]).toBe(1);
    expect(nov2.total.reduce((x: number, y: number) => x + y, 0)).toBe(1);
    const nov1 = (await post(a, '/api/report/usage/range-date', { ...q, startDate: '2026-11-01', endDate: '2026-11-01' })).json().data;
    expect(nov1.series.delivered[23]).toBe(1);
    expect(nov1.labels[23]).toBe('2026-11-01 23:00');
    expect((await post(a, '/api/report/rate', { ...q, startDate: '2026-11-02', endDate: '2026-11-02' })).json().data.total).toBe(1);
    // ISO date-times: 2026-11-02 00:00 to 00:59 WIB holds only the midnight message.
    expect((await post(a, '/api/report/rate', { ...q, startDate: '2026-11-02T00:00:00+07:00', endDate: '2026-11-02T00:59:59+07:00' })).json().data.total).toBe(1);
    const conv = (await post(a, '/api/whatsapp-api/conversation', { application_id: edgeApp, startDate: '2026-11-01', endDate: '2026-11-02' })).json().data;
    expect(conv.series.authentication).toEqual([1, 1]);
    expect(conv.total_all_authentication).toBe(2);
  });

  it('refuses ranges over 31 days, an end before the start and non-dates with clear 400s', async () => {
    const long = await post(a, '/api/report/rate', body('sms', { startDate: '2026-10-01', endDate: '2026-11-01' }));
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatchObject({ code: 'invalid_request', message: DASHBOARD_MESSAGES.rangeTooLong, details: [{ path: 'endDate', message: DASHBOARD_MESSAGES.rangeTooLong }] });
    expect((await post(a, '/api/report/rate', body('sms', { startDate: '2026-10-01', endDate: '2026-10-31' }))).statusCode).toBe(200);
    const inverted = await post(a, '/api/report/usage', body('sms', { startDate: '2026-11-02', endDate: '2026-11-01' }));
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().error.message).toBe(DASHBOARD_MESSAGES.rangeInvalid);
    const conv = await post(a, '/api/whatsapp-api/conversation', { application_id: appId, startDate: '2026-11-02T00:00:00Z', endDate: '2026-12-10T00:00:00Z' });
    expect(conv.json().error.message).toBe(DASHBOARD_MESSAGES.rangeTooLong);
    const bad = await post(a, '/api/report/usage/range-date', body('sms', { startDate: 'yesterday' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0]).toMatchObject({ path: 'startDate' });
    expect(bad.json().error.message).toMatch(/startDate/);
    const feb30 = await post(a, '/api/report/usage/range-date', body('sms', { startDate: '2026-02-30' }));
    expect(feb30.json().error.message).toMatch(/real date/);
    const dl = await t.app.inject({ method: 'GET', url: `/api/report/usage/download?application_id=${appId}&channel=sms&start_date=2026-11-02&end_date=2026-11-01`, headers: a.headers });
    expect(dl.statusCode).toBe(400);
    expect(dl.json().error.details[0]).toMatchObject({ path: 'end_date', message: DASHBOARD_MESSAGES.rangeInvalid });
  });

  it('exports what the screen shows as .xlsx files named per §9', async () => {
    const { startDate, endDate } = range;
    const res = await t.app.inject({ method: 'GET', url: `/api/report/usage/download?application_id=${appId}&channel=sms&start_date=${startDate}&end_date=${endDate}`, headers: a.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Report_Usage_SMS_${startDate}-${endDate}.xlsx"`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const per = wb.getWorksheet('Per day')!;
    const counts = await bruteCounts(appId, 'sms');
    const header = (per.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['Date', ...DASHBOARD_STATUSES.sms.map((s) => DASHBOARD_LABELS[s as keyof typeof DASHBOARD_LABELS]), 'Total']);
    expect(per.rowCount).toBe(1 + 7 + 1);
    const todayRow = (per.getRow(8).values as unknown[]).slice(1);
    expect(todayRow).toEqual([endDate, ...DASHBOARD_STATUSES.sms.map((s) => counts[s]), 5]);
    expect((per.getRow(2).values as unknown[]).slice(1)).toEqual([startDate, ...DASHBOARD_STATUSES.sms.map(() => 0), 0]);
    const summary = wb.getWorksheet('Summary')!;
    const fields = new Map<string, unknown>();
    summary.eachRow((row) => fields.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(fields.get('Success Rate (%)')).toBe(rateSummary('sms', counts).success_rate);
    expect(fields.get('Total Delivered')).toBe(counts.delivered);
    expect(fields.get('Application')).toBe('Dashboard App');

    const names: [ChannelId, string][] = [['sms_otp', 'SMS_OTP'], ['whatsapp', 'Whatsapp'], ['email', 'Email'], ['call', 'Call']];
    for (const [ch, name] of names) {
      const r = await t.app.inject({ method: 'GET', url: `/api/report/usage/download?application_id=${appId}&channel=${ch}&start_date=${endDate}&end_date=${endDate}`, headers: a.headers });
      expect(r.headers['content-disposition']).toBe(`attachment; filename="Report_Usage_${name}_${endDate}-${endDate}.xlsx"`);
      const w = new ExcelJS.Workbook();
      await w.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
      const hours = w.getWorksheet('Per hour')!;
      expect(hours.rowCount).toBe(1 + 24 + 1);
      expect(hours.getRow(2).getCell(1).value).toBe(`${endDate} 00:00`);
      expect(hours.getRow(26).getCell(DASHBOARD_STATUSES[ch].length + 2).value).toBe(sent.filter((s) => s.channel === ch).length);
    }

    const session = await t.app.inject({ method: 'GET', url: `/api/whatsapp-api/conversation/download?application_id=${appId}&start_date=${startDate}&end_date=${endDate}`, headers: a.headers });
    expect(session.statusCode, session.body).toBe(200);
    expect(session.headers['content-disposition']).toBe(`attachment; filename="Report_Session_WA_${startDate}-${endDate}.xlsx"`);
    const sw = new ExcelJS.Workbook();
    await sw.xlsx.load(session.rawPayload as unknown as ArrayBuffer);
    const sper = sw.getWorksheet('Per day')!;
    expect((sper.getRow(1).values as unknown[]).slice(1)).toEqual(['Date', 'Total Conversation', 'Business Initiated', 'Customer Initiated', 'Marketing', 'Utility', 'Authentication', 'Service']);
    expect((sper.getRow(8).values as unknown[]).slice(1)).toEqual([endDate, 5, 4, 1, 1, 3, 0, 1]);
    const ssum = new Map<string, unknown>();
    sw.getWorksheet('Summary')!.eachRow((row) => ssum.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(ssum.get('Total Conversation')).toBe(5);
    expect(ssum.get('Business Initiated')).toBe(4);
  });

  it('answers 404 for another organization’s application, and zeros for a channel the application lacks', async () => {
    const q = `application_id=${appId}&channel=sms&start_date=${range.startDate}&end_date=${range.endDate}`;
    for (const url of ['/api/report/rate', '/api/report/usage', '/api/report/usage/range-date']) {
      const res = await post(b, url, body('sms'));
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    expect((await post(b, '/api/whatsapp-api/conversation', { application_id: appId, ...range })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/report/usage/download?${q}`, headers: b.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/whatsapp-api/conversation/download?${q}`, headers: b.headers })).statusCode).toBe(404);
    expect((await post(b, '/api/report/rate', body('sms', { application_id: 'not-a-uuid' }))).statusCode).toBe(404);
    const res = await post(a, '/api/application', { applicationName: 'Mail Only', channels: [{ channel: 'email' }] });
    const mailOnly = res.json().id as string;
    const rate = await post(a, '/api/report/rate', { application_id: mailOnly, channel: 'sms', ...range });
    expect(rate.json().data).toMatchObject({ total: 0, success_rate: 0, failure_rate: 0 });
    expect((await t.app.inject({ method: 'POST', url: '/api/report/rate', payload: body('sms') })).statusCode).toBe(401);
  });
});

describe('dashboard API and the retention (RETENTION_DAYS)', () => {
  let t: TestApp;
  let a: Account;
  let appId: string;
  const DAY_MS = 86_400_000;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await createTestApp({ workers: false, env: { RETENTION_DAYS: '400' } });
    a = await createAccount(t);
    appId = (await t.app.inject({ method: 'POST', url: '/api/application', headers: a.headers, payload: { applicationName: 'Retention Dashboard', channels: [{ channel: 'sms' }, { channel: 'whatsapp' }] } })).json().id as string;
  });
  afterAll(async () => t?.close());

  /** Every Overview call (each tab's figures, chart and sessions, and both exports) over [startDate, endDate], with the name of its start field. */
  const calls = (startDate: string, endDate: string) => {
    const q = (channel?: string) => new URLSearchParams({ application_id: appId, ...(channel ? { channel } : {}), start_date: startDate, end_date: endDate }).toString();
    return [
      ...['/api/report/rate', '/api/report/usage', '/api/report/usage/range-date'].flatMap((url) =>
        ['sms', 'whatsapp'].map((channel) => ({ what: `${url} ${channel}`, field: 'startDate', inject: { method: 'POST' as const, url, payload: { application_id: appId, channel, startDate, endDate } } })),
      ),
      { what: 'sessions', field: 'startDate', inject: { method: 'POST' as const, url: '/api/whatsapp-api/conversation', payload: { application_id: appId, startDate, endDate } } },
      { what: 'usage export', field: 'start_date', inject: { method: 'GET' as const, url: `/api/report/usage/download?${q('sms')}` } },
      { what: 'sessions export', field: 'start_date', inject: { method: 'GET' as const, url: `/api/whatsapp-api/conversation/download?${q()}` } },
    ];
  };

  it('refuses every tab and export whose range starts before the oldest kept month with 422 and the first day to choose', async () => {
    const first = firstKeptDay(retentionStart(new Date(), 400), 'Asia/Jakarta');
    const message = RECORDS_MESSAGES.olderThanRetention(first, 400);
    const startMs = Date.parse(`${first}T00:00:00Z`);
    for (const c of calls(day(startMs - DAY_MS), day(startMs + 6 * DAY_MS))) {
      const res = await t.app.inject({ ...c.inject, headers: a.headers });
      expect(res.statusCode, c.what).toBe(422);
      expect(res.json().error, c.what).toMatchObject({ code: 'outside_retention', message, details: [{ path: c.field, message }] });
    }
    const id = await t.app.inject({ ...calls('2025-01-01', '2025-01-07')[0]!.inject, headers: { ...a.headers, 'accept-language': 'id' } });
    expect(id.statusCode).toBe(422);
    expect(id.json().error.message).toBe(`Pesan yang lebih lama dari ${first} tidak lagi disimpan (masa simpan: 400 hari). Pilih rentang mulai ${first}.`);
  });

  it('answers every tab and export from the first kept day on, and the last 30 days', async () => {
    const first = firstKeptDay(retentionStart(new Date(), 400), 'Asia/Jakarta');
    const startMs = Date.parse(`${first}T00:00:00Z`);
    for (const [from, to] of [
      [first, day(startMs + 6 * DAY_MS)],
      [day(Date.now() - 29 * DAY_MS), day(Date.now())],
    ] as const) {
      for (const c of calls(from, to)) {
        const res = await t.app.inject({ ...c.inject, headers: a.headers });
        expect(res.statusCode, `${c.what} ${from}..${to}: ${res.body.slice(0, 200)}`).toBe(200);
      }
    }
  });
});
