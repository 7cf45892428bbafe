/**
 * Demo data with the real drivers configured (issue 23 item 1): seeding a new database with
 * WHATSAPP_DRIVER=cloud, SMS_DRIVER=smpp and EMAIL_DRIVER=smtp succeeds, stores the prepaid
 * application's traffic as history (quota usage and ledger agree) and sends nothing to any carrier;
 * a failure while seeding is logged and never stops a start.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '../src/db/schema/messages.ts';
import { quotaLedger, quotas } from '../src/db/schema/quotas.ts';
import { applications } from '../src/db/schema/applications.ts';
import { ENGINE_QUEUES, engineQueueDepth } from '../src/messaging/engine/backlog.ts';
import { sandboxLifecycle } from '../src/messaging/drivers/sandbox.ts';
import { DEMO_PREPAID_APPLICATION_NAME } from '../src/seed/quota.ts';
import { seedDemoData, seedDemoDataLogged } from '../src/seed/seed.ts';
import type { ChannelId } from '@pesan/contracts/channels';
import { startFakeGraph, type FakeGraph } from './fake-graph.ts';
import { startSmscPeer, type SmscPeer } from './smsc-peer.ts';
import { startSmtpPeer, type SmtpPeer } from './smtp-peer.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { realDriverEnv } from './real-drivers.ts';

let graph: FakeGraph;
let smsc: SmscPeer;
let smtp: SmtpPeer;
let t: TestApp;

beforeAll(async () => {
  graph = await startFakeGraph();
  smsc = await startSmscPeer({ systemId: 'pesan', password: 'secret' });
  smtp = await startSmtpPeer();
  t = await createTestApp({ env: realDriverEnv({ graph, smsc, smtp }) });
});
afterAll(async () => {
  await t?.close();
  await Promise.all([graph?.close(), smsc?.close(), smtp?.close()]);
});

it('seeds a new database with the Cloud, SMPP and SMTP drivers configured, as stored history, sending nothing', async () => {
  const ids = await seedDemoData(t.ctx);
  expect(ids.prepaidApplicationId).toBeTruthy();
  const db = t.ctx.database.db;
  const [prepaid] = await db.select().from(applications).where(eq(applications.id, ids.prepaidApplicationId!));
  expect(prepaid!.name).toBe(DEMO_PREPAID_APPLICATION_NAME);
  const rows = await db.select().from(messages).where(eq(messages.applicationId, prepaid!.id));
  expect(rows.map((r) => r.channel).sort()).toEqual([...Array(2).fill('call'), ...Array(2).fill('email'), ...Array(6).fill('sms'), ...Array(3).fill('whatsapp')]);
  for (const r of rows) {
    // Finished history: nothing left for a driver or a callback to do.
    expect(r.status).toBe(sandboxLifecycle(r.channel as ChannelId, r.recipient).at(-1)!.status);
    expect(r.createdAt.getTime()).toBeLessThan(Date.now());
    expect(r.updatedAt.getTime()).toBeLessThan(Date.now());
  }
  // Usage and ledger agree, type by type: every message took its quota once.
  const usage = await db.select().from(quotas).where(eq(quotas.applicationId, prepaid!.id));
  const ledger = await db.select().from(quotaLedger).where(and(eq(quotaLedger.applicationId, prepaid!.id), eq(quotaLedger.reason, 'message')));
  expect(ledger.length).toBe(rows.length);
  for (const q of usage) expect(q.usage + ledger.filter((l) => l.type === q.type).reduce((s, l) => s + l.delta, 0), q.type).toBe(0);
  expect(Object.fromEntries(usage.map((q) => [q.type, q.usage]))).toMatchObject({ sms: 6, wa_utility: 3, email: 2, call: 120 });
  expect(await engineQueueDepth(db, ENGINE_QUEUES.dispatch, new Date(Date.now() + 3 * 60_000))).toBe(0);
  // No carrier traffic to a demo recipient, now or once the workers had time to pick anything up.
  await new Promise((r) => setTimeout(r, 1500));
  expect(graph.requests).toEqual([]);
  expect(graph.templateRequests).toEqual([]);
  expect(smsc.submits).toEqual([]);
  expect(smtp.received).toEqual([]);
});

it('logs a failure while seeding and carries on (a start never ends in the demo data)', async () => {
  const lines: string[] = [];
  const result = await seedDemoDataLogged(t.ctx, (line) => lines.push(line), async () => {
    throw new Error('WhatsApp is not set up for this application');
  });
  expect(result).toBeNull();
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain('Demo data could not be seeded');
  expect(lines[0]).toContain('WhatsApp is not set up for this application');
});
