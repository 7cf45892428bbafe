/**
 * Durability of accepted messages (ARCHITECTURE.md §6): the process stops mid-lifecycle, a new
 * process opens the same database (the PGlite data directory, or the same PostgreSQL database), and
 * every message still reaches its final
 * status exactly once (one message_events row per status). Covers a message whose dispatch job was
 * never sent (crash after the insert: the dispatch sweep, run at start, finds it) and sandbox
 * carrier steps still due in their table when the process stops.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ChannelId } from '@pesan/contracts/channels';
import { initialStatus } from '@pesan/contracts/statuses';
import { messageEvents, messages } from '../src/db/schema/messages.ts';
import { insertMessageWithEvent } from '../src/messaging/messages.repo.ts';
import { sandboxLifecycle } from '../src/messaging/drivers/sandbox.ts';
import { createTestApp, freshPostgresDatabase, testDbKind, type TestApp } from './harness.ts';
import { createAppWithToken, v1Post } from './v1-helper.ts';

const expectedPath = (channel: ChannelId, recipient: string) => [initialStatus(channel), ...sandboxLifecycle(channel, recipient).map((s) => s.status)];

async function eventsById(t: TestApp, ids: string[]) {
  const rows = await t.ctx.database.db.select().from(messageEvents).where(inArray(messageEvents.messageId, ids)).orderBy(messageEvents.id);
  const map = new Map<string, string[]>(ids.map((id) => [id, []]));
  for (const r of rows) map.get(r.messageId)!.push(r.status);
  return map;
}

describe(`durability across a restart (${testDbKind()})`, () => {
  it('finishes every lifecycle exactly once across a restart', { timeout: 90_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pesan-durable-'));
    const pg = testDbKind() === 'postgres' ? await freshPostgresDatabase() : null;
    const env = { SANDBOX_DELAY_MS: '600' };
    const reopen = { dataDir, databaseUrl: pg?.url, env };
    try {
      const t1 = await createTestApp(reopen);
      const a = await createAppWithToken(t1, { channels: ['whatsapp', 'sms', 'call', 'voice_otp', 'email'] });
      const sends: [string, ChannelId, object][] = [
        ['/whatsapp/messages', 'whatsapp', { to: '081234567890', text: 'hi' }],
        ['/whatsapp/messages', 'whatsapp', { to: '081234560002', text: 'hi' }],
        ['/sms/messages', 'sms', { to: '081234567890', text: 'hi' }],
        ['/sms/messages', 'sms', { to: '081234560003', text: 'hi' }],
        ['/sms/messages', 'sms', { to: '081234560004', text: 'hi' }],
        ['/calls', 'call', { to: '081234567890', text: 'Halo' }],
        ['/calls', 'call', { to: '081234560006', text: 'Halo' }],
        ['/voice-otp', 'voice_otp', { to: '081234567890' }],
        ['/email/messages', 'email', { to: 'a+click@example.com', subject: 'S', text: 'x' }],
        ['/email/messages', 'email', { to: 'b+unsub@example.com', subject: 'S', text: 'x' }],
      ];
      const expected = new Map<string, string[]>();
      for (const [path, channel, body] of sends) {
        const res = await v1Post(t1, path, a.tokens[channel].accessToken, body);
        expect(res.statusCode).toBe(202);
        const m = res.json();
        expected.set(m.id, expectedPath(channel, m.to));
      }
      // A message stored but whose dispatch job was never sent (the process died in between, a few
      // minutes ago: the sweep leaves the newest messages to their own jobs).
      const orphanId = randomUUID();
      const now = new Date(Date.now() - 3 * 60_000);
      await insertMessageWithEvent(t1.ctx.database.db, {
        id: orphanId, organizationId: a.organizationId, applicationId: a.applicationId, channel: 'sms', recipient: '+6281234567891',
        country: 'ID', totalSms: 1, status: 'submitted', body: { to: '+6281234567891', text: 'orphan' }, createdAt: now, updatedAt: now,
      });
      expected.set(orphanId, expectedPath('sms', '+6281234567891'));

      await new Promise((r) => setTimeout(r, 700));
      // Carrier steps still due when the process stops: the next process takes them from the table.
      const due = await t1.ctx.database.executor.executeSql('select count(*)::int as n from sandbox_steps');
      expect((due.rows[0] as { n: number }).n).toBeGreaterThan(0);
      const ids = [...expected.keys()];
      const before = await eventsById(t1, ids);
      const unfinished = ids.filter((id) => before.get(id)!.length < expected.get(id)!.length);
      expect(unfinished.length).toBeGreaterThan(3);
      await t1.close();

      const t2 = await createTestApp(reopen);
      try {
        const until = Date.now() + 60_000;
        let after = await eventsById(t2, ids);
        while (Date.now() < until && ids.some((id) => after.get(id)!.length < expected.get(id)!.length)) {
          await new Promise((r) => setTimeout(r, 200));
          after = await eventsById(t2, ids);
        }
        // Give duplicates a chance to show up: there must be none.
        await new Promise((r) => setTimeout(r, 1000));
        after = await eventsById(t2, ids);
        for (const id of ids) expect({ id, events: after.get(id) }).toEqual({ id, events: expected.get(id) });
        const rows = await t2.ctx.database.db.select({ id: messages.id, status: messages.status }).from(messages).where(eq(messages.applicationId, a.applicationId));
        for (const r of rows) expect(r.status).toBe(expected.get(r.id)!.at(-1));
      } finally {
        await t2.close();
      }
    } finally {
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
