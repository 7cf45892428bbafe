/**
 * The organization's time zone (issue 23 item 7): saved on Edit Organization (an IANA zone checked
 * on the server, Asia/Jakarta by default), sent with the session, and used wherever the server reads
 * days: Monitoring records, the Overview's ranges and buckets, its Excel files and reports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { ORGANIZATION_MESSAGES } from '@pesan/contracts/organization';
import { organizations } from '../src/db/schema/organizations.ts';
import { reports } from '../src/db/schema/reports.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { createAccount, insertMessage, type Account } from './application-fixtures.ts';

describe('organization time zone', () => {
  let t: TestApp;
  let a: Account;
  let b: Account;
  let appId: string;
  let msgId: string;
  const org = { business_name: 'Zone Shop', business_phone: '+6281200000000', business_address: 'Jl. Zona 1', website_url: '' };

  beforeAll(async () => {
    // Days of March 2026: a retention (RETENTION_DAYS) that keeps them whatever today is.
    t = await createTestApp({ workers: false, env: { RETENTION_DAYS: '36500' } });
    a = await createAccount(t);
    b = await createAccount(t);
    appId = (await t.app.inject({ method: 'POST', url: '/api/application', headers: a.headers, payload: { applicationName: 'Zone App', channels: [{ channel: 'sms' }] } })).json().id;
    // 10 March 2026 10:00 in Jakarta (UTC+7) is 9 March 23:00 in New York (UTC-4 after 8 March).
    const at = new Date('2026-03-10T03:00:00Z');
    msgId = await insertMessage(t, { organizationId: a.organizationId, applicationId: appId, channel: 'sms', recipient: '+6281100000001', status: 'delivered', createdAt: at, updatedAt: at });
  });
  afterAll(async () => t.close());

  const put = (who: Account, payload: object) => t.app.inject({ method: 'PUT', url: `/api/organization/${who.organizationId}`, headers: who.headers, payload });
  const post = (path: string, payload: object) => t.app.inject({ method: 'POST', url: path, headers: a.headers, payload });
  const savedZone = async (id: string) => (await t.ctx.database.db.select({ z: organizations.timeZone }).from(organizations).where(eq(organizations.id, id)))[0]!.z;
  const recordIds = async (day: string) => {
    const res = await post('/api/records', { application_id: appId, channel: 'sms', startDate: day, endDate: day, limit: 10 });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.map((r: { msgid: string }) => r.msgid);
  };
  const trend = async (startDate: string, endDate: string) => {
    const res = await post('/api/report/usage/range-date', { application_id: appId, channel: 'sms', startDate, endDate });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { time_zone: string; labels: string[]; series: Record<string, number[]> };
  };

  it('is Asia/Jakarta by default, on the organization and in the session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/organization', headers: a.headers })).json().data.time_zone).toBe('Asia/Jakarta');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: a.headers })).json().data.timeZone).toBe('Asia/Jakarta');
    expect(await recordIds('2026-03-10')).toEqual([msgId]);
    expect(await recordIds('2026-03-09')).toEqual([]);
    const d = await trend('2026-03-09', '2026-03-10');
    expect(d.time_zone).toBe('Asia/Jakarta');
    expect(d.series.delivered).toEqual([0, 1]);
  });

  it('refuses what is not an IANA zone with a 400 under the field, and keeps the saved zone', async () => {
    for (const time_zone of ['Mars/Olympus', '+07:00', 'UTC+7', 'Asia/Jakarta; drop table', '', 'x'.repeat(65), 42]) {
      const res = await put(a, { ...org, time_zone });
      expect(res.statusCode, String(time_zone)).toBe(400);
      expect(res.json().error.details).toEqual([{ path: 'time_zone', message: ORGANIZATION_MESSAGES.timeZoneInvalid }]);
    }
    expect(await savedZone(a.organizationId)).toBe('Asia/Jakarta');
  });

  it('saves a zone in its canonical spelling; an update without one keeps it; another organization is untouched', async () => {
    const res = await put(a, { ...org, time_zone: 'america/new_york' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.time_zone).toBe('America/New_York');
    expect((await put(a, org)).json().data.time_zone).toBe('America/New_York');
    expect(await savedZone(a.organizationId)).toBe('America/New_York');
    expect(await savedZone(b.organizationId)).toBe('Asia/Jakarta');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: a.headers })).json().data.timeZone).toBe('America/New_York');
    // Another organization's id: 404, nothing changes.
    expect((await t.app.inject({ method: 'PUT', url: `/api/organization/${b.organizationId}`, headers: a.headers, payload: { ...org, time_zone: 'UTC' } })).statusCode).toBe(404);
    expect(await savedZone(b.organizationId)).toBe('Asia/Jakarta');
  });

  it('moves the day boundaries of records, the Overview, its Excel file and reports to the new zone', async () => {
    expect(await recordIds('2026-03-09')).toEqual([msgId]);
    expect(await recordIds('2026-03-10')).toEqual([]);
    const days = await trend('2026-03-09', '2026-03-10');
    expect(days.time_zone).toBe('America/New_York');
    expect(days.series.delivered).toEqual([1, 0]);
    const hours = await trend('2026-03-09', '2026-03-09');
    expect(hours.labels[23]).toBe('2026-03-09 23:00');
    expect(hours.series.delivered[23]).toBe(1);
    expect((await post('/api/report/rate', { application_id: appId, channel: 'sms', startDate: '2026-03-10', endDate: '2026-03-10' })).json().data.total).toBe(0);

    const file = await t.app.inject({ method: 'GET', url: `/api/report/usage/download?application_id=${appId}&channel=sms&start_date=2026-03-09&end_date=2026-03-09`, headers: a.headers });
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const summary = wb.worksheets[0]!.getSheetValues().flatMap((r) => (Array.isArray(r) ? [r.slice(1)] : []));
    expect(summary).toContainEqual([expect.any(String), 'America/New_York']);

    const report = await post('/api/report/generate-report', { application_id: appId, title: 'NY day', channel: 'sms', status: [], start_date: '2026-03-09', end_date: '2026-03-09', type: 'csv' });
    expect(report.statusCode, report.body).toBeLessThan(300);
    const [row] = await t.ctx.database.db.select().from(reports).where(eq(reports.organizationId, a.organizationId));
    expect(row!.timeZone).toBe('America/New_York');
    expect(row!.rangeFrom.toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(row!.rangeTo.toISOString()).toBe('2026-03-10T04:00:00.000Z');
  });
});
