/**
 * Issue 23 item 14: the Overview's Excel files label their rows and columns with the labels the
 * tiles show, in the interface language (ARCHITECTURE.md §7.9): the user's saved language, else
 * Accept-Language — never API field names like `total_all_bussiness_initiated`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { DASHBOARD_STATUSES } from '@pesan/contracts/dashboard';
import { DASHBOARD_LABELS } from '@pesan/contracts/dashboard-labels';
import { DASHBOARD_LABELS_ID } from '@pesan/contracts/messages-id';
import { createTestApp, type TestApp } from './harness.ts';
import { createAccount, insertMessage, type Account } from './application-fixtures.ts';

type Cells = (string | number)[][];

async function sheets(body: Buffer): Promise<Record<string, Cells>> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  return Object.fromEntries(
    wb.worksheets.map((w) => [w.name, w.getSheetValues().flatMap((r) => (Array.isArray(r) ? [r.slice(1) as (string | number)[]] : []))]),
  );
}

describe('Overview Excel labels', () => {
  let t: TestApp;
  let a: Account;
  let appId: string;
  const day = '2026-03-10';

  beforeAll(async () => {
    // Days of March 2026: a retention (RETENTION_DAYS) that keeps them whatever today is.
    t = await createTestApp({ workers: false, env: { RETENTION_DAYS: '36500' } });
    a = await createAccount(t);
    appId = (await t.app.inject({ method: 'POST', url: '/api/application', headers: a.headers, payload: { applicationName: 'Label App', channels: [{ channel: 'whatsapp' }, { channel: 'email' }] } })).json().id;
    const at = new Date('2026-03-10T03:00:00Z');
    await insertMessage(t, { organizationId: a.organizationId, applicationId: appId, channel: 'email', recipient: 'a@example.com', status: 'opened', createdAt: at, updatedAt: at });
  });
  afterAll(async () => t.close());

  const download = async (path: string, language: string) => {
    const res = await t.app.inject({ method: 'GET', url: `${path}?application_id=${appId}&start_date=2026-03-09&end_date=${day}${path.includes('usage') ? '&channel=email' : ''}`, headers: { ...a.headers, 'accept-language': language } });
    expect(res.statusCode, res.body).toBe(200);
    return sheets(res.rawPayload);
  };
  const allText = (book: Record<string, Cells>) => [...Object.keys(book), ...Object.values(book).flat(2).map(String)];

  it.each([
    ['en', DASHBOARD_LABELS],
    ['id', DASHBOARD_LABELS_ID],
  ] as const)('labels the session file in %s with the tiles’ labels', async (language, L) => {
    const book = await download('/api/whatsapp-api/conversation/download', language);
    const summary = book[L.sheetSummary]!;
    expect(summary[0]).toEqual([L.field, L.value]);
    expect(summary.map((r) => r[0])).toEqual([
      L.field, L.application, L.startDate, L.endDate, L.timeZone,
      L.total_all_conversation, L.total_all_bussiness_initiated, L.total_all_customer_initiated, L.total_all_marketing, L.total_all_utility, L.total_all_authentication, L.total_all_service,
    ]);
    expect(book[L.sheetPerDay]![0]).toEqual([L.date, L.total_all_conversation, L.business_initiated, L.customer_initiated, L.marketing, L.utility, L.authentication, L.service]);
    expect(allText(book).filter((s) => /total_|bussiness|_initiated/.test(s))).toEqual([]);
  });

  it.each([
    ['en', DASHBOARD_LABELS],
    ['id', DASHBOARD_LABELS_ID],
  ] as const)('labels the usage file in %s with the tiles’ labels', async (language, L) => {
    const book = await download('/api/report/usage/download', language);
    const summary = new Map(book[L.sheetSummary]!.map((r) => [r[0], r[1]]));
    expect(summary.get(L.channel)).toBe(L.channel_email);
    expect(summary.get(L.opened)).toBe(1);
    expect(summary.get(L.failed_server)).toBe(0);
    expect(summary.get(`${L.successRate} (%)`)).toBe(100);
    expect(book[L.sheetPerDay]![0]).toEqual([L.date, ...DASHBOARD_STATUSES.email.map((s) => L[s as keyof typeof L]), L.total]);
    expect(allText(book).filter((s) => /total_|failed_server|in_queue/.test(s))).toEqual([]);
  });

  it("follows the user's saved language over the browser's", async () => {
    const put = await t.app.inject({ method: 'PUT', url: `/api/user/${a.userId}`, headers: a.headers, payload: { fullName: 'Label User', language: 'id' } });
    expect(put.statusCode, put.body).toBe(200);
    const book = await download('/api/whatsapp-api/conversation/download', 'en');
    expect(Object.keys(book)).toEqual([DASHBOARD_LABELS_ID.sheetSummary, DASHBOARD_LABELS_ID.sheetPerDay]);
  });
});
