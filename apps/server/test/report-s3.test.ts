/**
 * Report files in an S3-compatible store (issue 12; ARCHITECTURE.md §9): with REPORTS_S3_URL set,
 * generated reports are uploaded to the bucket (under the URL's prefix) by the AWS SDK v3, their
 * download streams back from it, and retention removes the object. The peer is s3rver, a local
 * S3-compatible server on loopback.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { parse } from 'csv-parse/sync';
import { reportColumns, type ReportRow } from '@pesan/contracts/reports';
import { reports } from '../src/db/schema/reports.ts';
import { parseS3Url } from '../src/modules/reports/report-store.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { createAccount, insertMessage, type Account } from './application-fixtures.ts';

describe('reports in an S3-compatible bucket', () => {
  let server: S3rver;
  let dir: string;
  let s3: S3Client;
  let t: TestApp;
  let a: Account;
  let appId: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pesan-s3-'));
    server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
    const { port } = (await server.run()) as unknown as { port: number };
    const endpoint = `http://127.0.0.1:${port}`;
    s3 = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    await s3.send(new CreateBucketCommand({ Bucket: 'pesan-reports' }));
    // A report of 2026-11-02: a retention (RETENTION_DAYS) that keeps that day whatever today is.
    t = await createTestApp({ env: { REPORTS_S3_URL: `http://S3RVER:S3RVER@127.0.0.1:${port}/pesan-reports/console`, RETENTION_DAYS: '36500' } });
    a = await createAccount(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/application', headers: a.headers, payload: { applicationName: 'S3 App', channels: [{ channel: 'sms' }] } });
    appId = (res.json().id ?? res.json().data?.id) as string;
    for (let i = 0; i < 12; i++) {
      await insertMessage(t, { organizationId: a.organizationId, applicationId: appId, channel: 'sms', recipient: `+6281200000${String(i).padStart(3, '0')}`, status: 'delivered', createdAt: new Date(`2026-11-02T0${i % 10}:00:00+07:00`) });
    }
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('parses REPORTS_S3_URL forms', () => {
    expect(parseS3Url('s3://bucket/a/b?region=ap-southeast-3')).toMatchObject({ endpoint: undefined, bucket: 'bucket', prefix: 'a/b', region: 'ap-southeast-3' });
    expect(parseS3Url('https://k%2F1:s@minio.local:9000/reports')).toEqual({ endpoint: 'https://minio.local:9000', bucket: 'reports', prefix: '', region: 'us-east-1', credentials: { accessKeyId: 'k/1', secretAccessKey: 's' } });
    expect(() => parseS3Url('ftp://x/y')).toThrow(/REPORTS_S3_URL/);
  });

  it('uploads the file under the prefix, downloads it from the bucket, and retention removes the object', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/report/generate-report',
      headers: a.headers,
      payload: { application_id: appId, title: 'bucket report', channel: 'sms', status: [], start_date: '2026-11-02', end_date: '2026-11-02', type: 'csv' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json().data as ReportRow)._id;
    let row: ReportRow | undefined;
    for (let i = 0; i < 200 && row?.status !== 'done'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      row = (await t.app.inject({ method: 'GET', url: `/api/report/${id}`, headers: a.headers })).json().data;
      expect(row!.status).not.toBe('failed');
    }
    expect(row!.status).toBe('done');
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: 'pesan-reports', Prefix: 'console/' }));
    expect(listed.Contents?.map((o) => o.Key)).toEqual([`console/${a.organizationId}/${id}-1.csv`]);
    const res = await t.app.inject({ method: 'GET', url: `/api/report/${id}/download`, headers: a.headers });
    expect(res.statusCode).toBe(200);
    const rows = parse(res.rawPayload, { bom: true }) as string[][];
    expect(rows[0]).toEqual(reportColumns('Asia/Jakarta'));
    expect(rows.length).toBe(13);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);

    await t.ctx.database.db.update(reports).set({ createdAt: new Date(Date.now() - 31 * 86_400_000) }).where(eq(reports.id, id));
    expect((await t.ctx.services.reports.sweepReports()).deleted).toBe(1);
    const after = await s3.send(new ListObjectsV2Command({ Bucket: 'pesan-reports', Prefix: 'console/' }));
    expect(after.Contents ?? []).toEqual([]);
  });
});
