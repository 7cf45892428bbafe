/**
 * Migration 0018_monthly_partitions (issue 25): a database holding messages of several months, their
 * events and outbox rows, an Idempotency-Key and a message accepted just before the migration that
 * is still in flight is converted in place: every row is kept, each month gets its partition, the
 * key still names its message, and the in-flight message is dispatched and delivered after the
 * restart. Runs the migrations up to 0017, writes old-style rows, then starts the app on it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Database } from '../src/db/client.ts';
import { findByIdempotencyKey } from '../src/messaging/messages.repo.ts';
import { createTestApp, freshPostgresDatabase, testDbKind, type TestApp } from './harness.ts';
import { migrateFrom, migrationsBefore } from './migrations-helper.ts';


const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** The months (UTC, first day) `n` months before the current one. */
const monthsAgo = (n: number, day = 10) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, day, 9, 30));
};

describe('migration 0018_monthly_partitions', () => {
  it('converts messages, events and outbox rows of several months in place, keeps keys, and delivers the in-flight message', { timeout: 120_000 }, async () => {
    // A database at 0017, as a server before this release left it.
    let database: Database;
    let dataDir: string | undefined;
    let databaseUrl: string | undefined;
    if (testDbKind() === 'postgres') {
      const fresh = await freshPostgresDatabase();
      cleanups.push(fresh.drop);
      databaseUrl = fresh.url;
      database = await openPostgres(fresh.url);
    } else {
      dataDir = mkdtempSync(join(tmpdir(), 'pesan-partition-migration-'));
      cleanups.push(() => rmSync(dataDir!, { recursive: true, force: true }));
      database = await openPglite(dataDir);
    }
    const before = migrationsBefore('0018_monthly_partitions');
    cleanups.push(() => rmSync(before, { recursive: true, force: true }));
    await migrateFrom(database, before);
    const sql = async <T>(text: string, values?: unknown[]) => (await database.executor.executeSql(text, values)).rows as T[];

    const [org] = await sql<{ id: string }>(`insert into organizations (business_name, business_phone, business_address) values ('Old Co', '+6281', 'Jakarta') returning id`);
    const [user] = await sql<{ id: string }>(`insert into users (full_name, email, phone_number, password_hash, organization_id) values ('U', 'old@example.com', '+6281', 'x', $1) returning id`, [org!.id]);
    const [app] = await sql<{ id: string }>(`insert into applications (organization_id, user_id, name) values ($1, $2, 'Legacy') returning id`, [org!.id, user!.id]);
    const message = async (createdAt: Date, status: string, extra: { key?: string } = {}) => {
      const id = randomUUID();
      await sql(
        `insert into messages (id, organization_id, application_id, channel, recipient, status, body, idempotency_key, request_hash, created_at, updated_at)
         values ($1, $2, $3, 'sms', '+6281234567890', $4, '{"to":"+6281234567890","text":"hi"}', $5, $6, $7, $7)`,
        [id, org!.id, app!.id, status, extra.key ?? null, extra.key ? 'hash-1' : null, createdAt.toISOString()],
      );
      await sql(`insert into message_events (message_id, status, at) values ($1, 'submitted', $2)`, [id, createdAt.toISOString()]);
      if (status !== 'submitted') {
        await sql(`insert into message_events (message_id, status, at) values ($1, $2, $3)`, [id, status, createdAt.toISOString()]);
        await sql(
          `insert into status_outbox (message_id, organization_id, application_id, channel, status, previous_status, at, created_at, webhooked_at)
           values ($1, $2, $3, 'sms', $4, 'submitted', $5, $5, $5)`,
          [id, org!.id, app!.id, status, createdAt.toISOString()],
        );
      }
      return id;
    };
    const old = [await message(monthsAgo(5), 'delivered'), await message(monthsAgo(2), 'delivered'), await message(monthsAgo(1), 'undelivered', { key: 'order-7' })];
    // Accepted just before the migration: not yet handed to a carrier.
    const inFlight = await message(new Date(Date.now() - 1000), 'submitted');
    const counts = async () => {
      const [c] = await sql<{ m: number; e: number; o: number }>(
        `select (select count(*) from messages)::int as m, (select count(*) from message_events)::int as e, (select count(*) from status_outbox)::int as o`,
      );
      return c!;
    };
    const beforeCounts = await counts();
    expect(beforeCounts).toEqual({ m: 4, e: 7, o: 3 });
    await database.close();

    // The new release starts on it: the migration runs, then the workers.
    const t: TestApp = await createTestApp({ ...(dataDir ? { dataDir } : {}), ...(databaseUrl ? { databaseUrl } : {}) });
    cleanups.push(() => t.close());
    const q = async <T>(text: string, values?: unknown[]) => (await t.ctx.database.executor.executeSql(text, values)).rows as T[];

    const kinds = await q<{ relname: string; relkind: string }>(`select relname, relkind from pg_class where relname in ('messages', 'message_events', 'status_outbox') order by relname`);
    expect(kinds.map((k) => [k.relname, k.relkind])).toEqual([
      ['message_events', 'p'],
      ['messages', 'p'],
      ['status_outbox', 'p'],
    ]);
    const [after] = await q<{ m: number; e: number; o: number }>(
      `select (select count(*) from messages)::int as m, (select count(*) from message_events)::int as e, (select count(*) from status_outbox)::int as o`,
    );
    // Every row kept (the in-flight message has gained its own statuses since).
    expect(after!.m).toBe(4);
    expect(after!.e).toBeGreaterThanOrEqual(7);
    expect(after!.o).toBeGreaterThanOrEqual(3);

    // Each old row sits in its own month's partition, and events carry their organization.
    const placed = await q<{ id: string; part: string }>(`select id, tableoid::regclass::text as part from messages where id = any($1::uuid[])`, [old]);
    const month = (d: Date) => `messages_p${d.toISOString().slice(0, 7).replace('-', '')}`;
    expect(Object.fromEntries(placed.map((p) => [p.id, p.part]))).toEqual({ [old[0]!]: month(monthsAgo(5)), [old[1]!]: month(monthsAgo(2)), [old[2]!]: month(monthsAgo(1)) });
    const [orgless] = await q<{ n: number }>(`select count(*)::int as n from message_events where organization_id is distinct from $1`, [org!.id]);
    expect(orgless!.n).toBe(0);
    const parts = await q<{ name: string }>(`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'messages'::regclass order by 1`);
    // This month and the three after it exist.
    for (let n = 0; n <= 3; n++) expect(parts.map((p) => p.name)).toContain(month(monthsAgo(-n)));

    // The Idempotency-Key still names its message.
    expect((await findByIdempotencyKey(t.ctx.database.db, org!.id, app!.id, 'sms', 'order-7'))?.id).toBe(old[2]);

    // The message in flight at the migration is dispatched and delivered.
    const deadline = Date.now() + 30_000;
    let status = '';
    while (Date.now() < deadline) {
      [{ status } = { status: '' }] = await q<{ status: string }>(`select status from messages where id = $1`, [inFlight]);
      if (status === 'delivered') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe('delivered');
  });
});
