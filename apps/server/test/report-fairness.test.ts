/**
 * Reports are fair between organizations (issue 23 item 20): an organization may have at most
 * REPORT_PENDING_LIMIT reports waiting or being generated (one more is a 429 that stores nothing),
 * and generation takes organizations in turns, one report at a time each, so another
 * organization's report starts at once whatever one organization queued. The reports of the
 * flooding organization are slow for real: their files go to an S3-compatible store on loopback
 * that answers their uploads only after SLOW_UPLOAD_MS.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REPORT_MESSAGES, REPORT_PENDING_LIMIT, type ReportRow } from '@pesan/contracts/reports';
import { REPORT_MESSAGES_ID } from '@pesan/contracts/messages-id';
import { reports } from '../src/db/schema/reports.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { createAccount, type Account } from './application-fixtures.ts';

const SLOW_UPLOAD_MS = 5000;

/** A bucket that keeps every upload whose key contains `slowPart()` waiting SLOW_UPLOAD_MS; records when each upload began and ended. */
async function startSlowBucket(slowPart: () => string) {
  const uploads: { key: string; began: number; ended?: number }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'PUT') return res.writeHead(204).end();
      const upload: { key: string; began: number; ended?: number } = { key: req.url ?? '', began: Date.now() };
      uploads.push(upload);
      const answer = () => {
        upload.ended = Date.now();
        res.writeHead(200, { etag: '"0"' }).end();
      };
      if (upload.key.includes(slowPart())) setTimeout(answer, SLOW_UPLOAD_MS);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://key:secret@127.0.0.1:${(server.address() as AddressInfo).port}/bucket/reports`,
    uploads,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('reports are fair between organizations', () => {
  let t: TestApp;
  let bucket: Awaited<ReturnType<typeof startSlowBucket>>;
  let flooding: Account;
  let other: Account;

  beforeAll(async () => {
    bucket = await startSlowBucket(() => flooding.organizationId);
    // Reports of 2026-11-02: a retention (RETENTION_DAYS) that keeps that day whatever today is.
    t = await createTestApp({ env: { REPORTS_S3_URL: bucket.url, RETENTION_DAYS: '36500' } });
    flooding = await createAccount(t);
    other = await createAccount(t);
  });
  afterAll(async () => {
    // The slow uploads end (failed) before the app closes.
    await bucket.close();
    await new Promise((r) => setTimeout(r, 200));
    await t.close();
  });

  async function application(who: Account) {
    const res = await t.app.inject({ method: 'POST', url: '/api/application', headers: who.headers, payload: { applicationName: 'Reports', channels: [{ channel: 'sms' }] } });
    return res.json().id as string;
  }
  const generate = (who: Account, applicationId: string, title: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/report/generate-report',
      headers: { ...who.headers, ...headers },
      payload: { application_id: applicationId, title, channel: 'sms', status: [], start_date: '2026-11-02', end_date: '2026-11-02', type: 'csv' },
    });
  const pendingOf = async (organizationId: string) => (await t.ctx.database.db.select().from(reports).where(eq(reports.organizationId, organizationId))).length;

  it('caps the reports one organization has waiting, and another organization’s report is done at once', async () => {
    const floodingApp = await application(flooding);
    const otherApp = await application(other);
    // Concurrent calls cannot pass the limit together.
    const flood = await Promise.all(Array.from({ length: REPORT_PENDING_LIMIT + 5 }, (_, i) => generate(flooding, floodingApp, `flood_${i}`)));
    expect(flood.filter((r) => r.statusCode === 201)).toHaveLength(REPORT_PENDING_LIMIT);
    const refused = flood.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(5);
    for (const r of refused) expect([r.statusCode, r.json().error.code, r.json().error.message]).toEqual([429, 'rate_limited', REPORT_MESSAGES.tooManyPending]);
    expect(REPORT_MESSAGES.tooManyPending).toContain(String(REPORT_PENDING_LIMIT));
    // In Indonesian too; still nothing stored.
    const id = await generate(flooding, floodingApp, 'one_more', { 'accept-language': 'id' });
    expect([id.statusCode, id.json().error.message]).toEqual([429, REPORT_MESSAGES_ID.tooManyPending]);
    expect(await pendingOf(flooding.organizationId)).toBe(REPORT_PENDING_LIMIT);

    // Another organization's report starts and finishes within seconds.
    const asked = Date.now();
    const created = await generate(other, otherApp, 'other_org');
    expect(created.statusCode).toBe(201);
    const reportId = (created.json().data as ReportRow)._id;
    let row: ReportRow | undefined;
    while (row?.status !== 'done' && Date.now() - asked < 20_000) {
      await new Promise((r) => setTimeout(r, 50));
      row = (await t.app.inject({ method: 'GET', url: `/api/report/${reportId}`, headers: other.headers })).json().data;
    }
    expect(row!.status).toBe('done');
    expect(Date.now() - asked).toBeLessThan(SLOW_UPLOAD_MS);

    // The flooding organization never had two reports generated at once.
    const mine = bucket.uploads.filter((u) => u.key.includes(flooding.organizationId));
    for (const u of mine) expect(mine.filter((v) => v !== u && v.began < (u.ended ?? Infinity) && u.began < (v.ended ?? Infinity))).toEqual([]);
  });

  it('takes a new report of the flooding organization once one of its reports is done', async () => {
    const floodingApp = (await t.ctx.database.db.select().from(reports).where(eq(reports.organizationId, flooding.organizationId)))[0]!.applicationId;
    const until = Date.now() + 20_000;
    let res = await generate(flooding, floodingApp, 'later');
    while (res.statusCode === 429 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      res = await generate(flooding, floodingApp, 'later');
    }
    expect(res.statusCode).toBe(201);
    expect(await pendingOf(flooding.organizationId)).toBe(REPORT_PENDING_LIMIT + 1);
  });
});
