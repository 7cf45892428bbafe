/**
 * Dispatch writes and status batches lock messages in one order (id), so under load they wait for
 * each other instead of deadlocking (40P01). Before, storeProviderIds' `UPDATE … FROM unnest` locked
 * its rows in the order of its array while recordStatuses locked them by id: a sent message's
 * carrier id was lost to the deadlock and the message was sent again after its lease. PostgreSQL
 * only (PGlite has one connection: nothing runs concurrently).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { applications } from '../src/db/schema/applications.ts';
import { messages } from '../src/db/schema/messages.ts';
import { deferMessages, storeProviderIds } from '../src/messaging/engine/dispatch.repo.ts';
import { recordStatuses } from '../src/messaging/engine/status-recorder.ts';
import { createTestApp, testDbKind, type TestApp } from './harness.ts';
import { createAccount, insertMessage } from './application-fixtures.ts';

const shuffled = <T>(xs: T[]) => xs.map((x) => [Math.random(), x] as const).sort((a, b) => a[0] - b[0]).map(([, x]) => x);

describe.runIf(testDbKind() === 'postgres')('dispatch lock order', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
  }, 60_000);
  afterAll(async () => t?.close());

  it('stores carrier ids and defers messages while status batches lock the same messages, without a deadlock', async () => {
    const acc = await createAccount(t);
    const db = t.ctx.database.db;
    const [app] = await db.insert(applications).values({ organizationId: acc.organizationId, userId: acc.userId, name: 'Locks', billingType: 'post-paid' }).returning({ id: applications.id });
    const ids: string[] = [];
    for (let i = 0; i < 120; i++) ids.push(await insertMessage(t, { organizationId: acc.organizationId, applicationId: app!.id, channel: 'sms', recipient: '+6281200000001', status: 'submitted' }));
    const rows = await db.select({ id: messages.id, createdAt: messages.createdAt }).from(messages).where(inArray(messages.id, ids));
    const errors: string[] = [];
    const run = (p: Promise<unknown>) => p.catch((err: unknown) => errors.push(String((err as { cause?: { code?: string } }).cause?.code ?? err)));
    for (let round = 0; round < 6; round++) {
      const work: Promise<unknown>[] = [];
      for (let k = 0; k < 4; k++) {
        work.push(run(storeProviderIds(db, shuffled(rows).map((r) => ({ ...r, organizationId: acc.organizationId, driver: 'sandbox', providerMessageId: `p-${r.id}-${round}` })))));
        work.push(run(deferMessages(db, shuffled(rows).map((r) => ({ ...r, after: new Date(), slotAt: null, retry: false })))));
        work.push(run(recordStatuses(db, shuffled(rows).map((r) => ({ messageId: r.id, messageCreatedAt: r.createdAt, status: 'in_queue' as const, at: new Date() })))));
      }
      await Promise.all(work);
    }
    expect(errors).toEqual([]);
    const stored = await db.select({ pid: messages.providerMessageId }).from(messages).where(inArray(messages.id, ids));
    expect(stored.every((r) => r.pid?.startsWith('p-'))).toBe(true);
  }, 120_000);
});
