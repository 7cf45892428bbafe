/**
 * Storage maintenance (issue 25, ARCHITECTURE.md §9): monthly partitions made ahead and before the
 * port opens, whole months dropped after RETENTION_DAYS whatever their name, the current data never
 * touched, rollups and webhook events before the retention deleted, Idempotency-Key claims pruned
 * after 24 hours, and the operator's `storage` report.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, ensurePartitionsBetween, listPartitions, monthStart, parseRangeBound } from '../src/db/partitions.ts';
import { idempotencyKeys, messageStatsHourly } from '../src/db/schema/messages.ts';
import { pruneExpiredRecords } from '../src/jobs/maintenance.ts';
import { retentionStart } from '../src/lib/retention.ts';
import { createStorageService, dropDate } from '../src/modules/storage/storage.service.ts';
import { rollUpStats } from '../src/messaging/engine/stats-rollup.ts';
import { insertMessage } from './application-fixtures.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { createAppWithToken, v1Post, type AppWithTokens } from './v1-helper.ts';

let t: TestApp;
let a: AppWithTokens;
beforeAll(async () => {
  t = await createTestApp({ workers: false });
  a = await createAppWithToken(t, { channels: ['sms'] });
});
afterAll(async () => t.close());

const db = () => t.ctx.database.db;
const q = async <T>(text: string, values?: unknown[]) => (await t.ctx.database.executor.executeSql(text, values)).rows as T[];
const partitionNames = async (table = 'messages') => (await listPartitions(db())).filter((p) => p.table === table).map((p) => p.name);
const monthName = (table: string, d: Date) => `${table}_p${d.toISOString().slice(0, 7).replace('-', '')}`;
const DAY = 86_400_000;

describe('partitions', () => {
  it('are native range partitions on PostgreSQL and PGlite, this month and three ahead made at migration', async () => {
    const kinds = await q<{ relname: string; relkind: string }>(`select relname, relkind from pg_class where relname in ('messages', 'message_events', 'status_outbox') order by 1`);
    expect(kinds.map((k) => k.relkind)).toEqual(['p', 'p', 'p']);
    const now = new Date();
    for (const table of ['messages', 'message_events', 'status_outbox']) {
      const names = await partitionNames(table);
      for (let n = 0; n <= 3; n++) expect(names, table).toContain(monthName(table, addMonths(now, n)));
    }
  });

  it('makes the current and next month before the port opens, even when a restart left them missing', async () => {
    // A clock eight months ahead: nothing exists for it yet (as after a long stop, or a crash mid-maintenance).
    const later = addMonths(new Date(), 8);
    const storage = createStorageService({ db: db(), now: () => new Date(later.getTime() + 5 * DAY), retentionDays: 400 });
    expect(await partitionNames()).not.toContain(monthName('messages', later));
    await storage.ensureCurrent();
    for (const table of ['messages', 'message_events', 'status_outbox']) {
      expect(await partitionNames(table), table).toEqual(expect.arrayContaining([monthName(table, later), monthName(table, addMonths(later, 1))]));
    }
    // A send into that month now has somewhere to go.
    const id = await insertMessage(t, { organizationId: a.organizationId, applicationId: a.applicationId, channel: 'sms', recipient: '+6281234567890', createdAt: new Date(later.getTime() + 5 * DAY) });
    const [row] = await q<{ part: string }>(`select tableoid::regclass::text as part from messages where id = $1`, [id]);
    expect(row!.part).toBe(monthName('messages', later));
    // Running it again (a second process, a restart) changes nothing and fails nothing.
    const before = (await listPartitions(db())).length;
    await storage.ensureCurrent();
    expect((await listPartitions(db())).length).toBe(before);
  });

  it('keeps the month after next at every run of the maintenance', async () => {
    const storage = createStorageService({ db: db(), now: () => new Date(), retentionDays: 400 });
    const r = await storage.runMaintenance();
    expect(r.ensuredMonths).toHaveLength(4);
    expect(await partitionNames('status_outbox')).toContain(monthName('status_outbox', addMonths(new Date(), 2)));
  });
});

describe('retention', () => {
  it('drops whole months older than RETENTION_DAYS, whatever their name, and never the current data', async () => {
    const now = new Date();
    const retentionDays = 62;
    const keptFrom = retentionStart(now, retentionDays);
    const oldMonth = addMonths(keptFrom, -2);
    const keptMonth = keptFrom;
    await ensurePartitionsBetween(db(), oldMonth, now);
    const oldId = await insertMessage(t, { organizationId: a.organizationId, applicationId: a.applicationId, channel: 'sms', recipient: '+6281234567890', createdAt: new Date(oldMonth.getTime() + DAY) });
    const keptId = await insertMessage(t, { organizationId: a.organizationId, applicationId: a.applicationId, channel: 'sms', recipient: '+6281234567890', createdAt: new Date(keptMonth.getTime() + DAY) });
    const nowId = await insertMessage(t, { organizationId: a.organizationId, applicationId: a.applicationId, channel: 'sms', recipient: '+6281234567890', createdAt: new Date(now.getTime() - 1000) });
    await rollUpStats(db());
    // An operator attached a restored month under a name of their own, older than the retention.
    const restoredFrom = addMonths(oldMonth, -1);
    await q(`create table restored_old_month (like messages including defaults including constraints)`);
    await q(`alter table messages attach partition restored_old_month for values from ('${restoredFrom.toISOString()}') to ('${oldMonth.toISOString()}')`);

    const r = await createStorageService({ db: db(), now: () => now, retentionDays }).runMaintenance();
    expect(r.dropped).toEqual(expect.arrayContaining([`messages.${monthName('messages', oldMonth)}`, 'messages.restored_old_month', `message_events.${monthName('message_events', oldMonth)}`]));
    const names = await partitionNames();
    expect(names).not.toContain('restored_old_month');
    expect(names).not.toContain(monthName('messages', oldMonth));
    expect(names).toContain(monthName('messages', keptMonth));
    expect(names).toContain(monthName('messages', now));
    const left = await q<{ id: string }>(`select id from messages where id = any($1::uuid[])`, [[oldId, keptId, nowId]]);
    expect(left.map((x) => x.id).sort()).toEqual([keptId, nowId].sort());
    // Hourly counters of the dropped months go with them; the kept ones stay.
    const hours = (await db().select().from(messageStatsHourly).where(eq(messageStatsHourly.applicationId, a.applicationId))).map((h) => h.hour.getTime());
    expect(hours.every((h) => h >= keptFrom.getTime())).toBe(true);
    expect(hours.length).toBeGreaterThan(0);
    // Nothing left to drop on the next run.
    expect((await createStorageService({ db: db(), now: () => now, retentionDays }).runMaintenance()).dropped).toEqual([]);
  });

  it('reads partition bounds whatever the session time zone prints', () => {
    expect(parseRangeBound("FOR VALUES FROM ('2026-11-01 00:00:00+00') TO ('2026-12-01 00:00:00+00')")).toEqual({ from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-12-01T00:00:00Z') });
    expect(parseRangeBound("FOR VALUES FROM ('2026-11-01 07:00:00+07') TO ('2026-12-01 07:00:00+07')")).toEqual({ from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-12-01T00:00:00Z') });
    expect(parseRangeBound("FOR VALUES FROM ('2026-11-01 05:30:00+05:30') TO (MAXVALUE)")).toEqual({ from: new Date('2026-11-01T00:00:00Z'), to: null });
    expect(parseRangeBound('DEFAULT')).toEqual({ from: null, to: null });
  });

  it('dates each drop at the end of its month plus RETENTION_DAYS', () => {
    expect(dropDate(new Date('2026-01-01T00:00:00Z'), 400)).toEqual(new Date('2027-02-05T00:00:00Z'));
    expect(dropDate(null, 400)).toBeNull();
    // The day after its drop date, retention has passed the month's end.
    const end = monthStart(new Date('2026-03-15T00:00:00Z'));
    expect(retentionStart(new Date(dropDate(end, 45)!.getTime() + DAY), 45).getTime()).toBeGreaterThanOrEqual(end.getTime());
  });
});

describe('Idempotency-Key claims', () => {
  it('are pruned after 24 hours by the maintenance job; younger ones keep answering replays', async () => {
    const key = `prune-${randomUUID()}`;
    const body = { to: '081234567890', text: 'x' };
    const first = await v1Post(t, '/sms/messages', a.tokens.sms.accessToken, body, { 'idempotency-key': key });
    expect(first.statusCode).toBe(202);
    const young = `young-${randomUUID()}`;
    expect((await v1Post(t, '/sms/messages', a.tokens.sms.accessToken, body, { 'idempotency-key': young })).statusCode).toBe(202);
    await db().update(idempotencyKeys).set({ createdAt: new Date(Date.now() - 25 * 3600_000) }).where(eq(idempotencyKeys.key, key));
    const pruned = await pruneExpiredRecords(t.ctx, new Date());
    expect(pruned['idempotency_keys']).toBeGreaterThanOrEqual(1);
    expect(await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
    const replay = await v1Post(t, '/sms/messages', a.tokens.sms.accessToken, body, { 'idempotency-key': young });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    // The pruned key names a new message.
    const again = await v1Post(t, '/sms/messages', a.tokens.sms.accessToken, body, { 'idempotency-key': key });
    expect(again.statusCode).toBe(202);
    expect(again.json().id).not.toBe(first.json().id);
  });
});

describe('npm run admin -- storage', () => {
  it('prints every partitioned table with its partitions, row estimates, sizes and the next drop date', async () => {
    const out = (await t.ctx.services.admin.runAdminCommand({ command: 'storage' }, new Date())).output;
    expect(out).toMatch(/^Retention: \d+ days \(RETENTION_DAYS\): messages are kept from \d{4}-\d\d-01 \(UTC\)/);
    expect(out).toMatch(/Next drop: \d{4}-\d\d-\d\d\./);
    for (const table of ['messages', 'message_events', 'status_outbox']) expect(out).toContain(`\n${table}:\n  partition`);
    expect(out).toContain(monthName('messages', new Date()));
    expect(out).toMatch(/rows \(est\.\)\s+size\s+dropped on/);
  });
});
