/**
 * Webhook deliveries are fair between customers (issue 23 item 4; ARCHITECTURE.md §6.2): an
 * endpoint that never answers holds only its own MAX_CONCURRENT_PER_ENDPOINT requests, never the
 * job workers every other endpoint needs. Real HTTP receivers on loopback: one hangs, one answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { webhookDeliveries } from '../src/db/schema/webhooks.ts';
import { MAX_CONCURRENT_PER_ENDPOINT, newEventId, requeueStrandedAttempts } from '../src/modules/webhooks/webhook-delivery.ts';
import { insertEventsWithFirstAttempts } from '../src/modules/webhooks/webhooks.repo.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { createAccount, type Account } from './application-fixtures.ts';
import { insertTenant, issueToken, v1Post } from './v1-helper.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts';

describe('a hanging webhook endpoint never delays another customer', () => {
  let t: TestApp;
  let slow: Account;
  let healthy: Account;
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    // The default 15 s time limit of a request: the hanging endpoint holds its requests that long.
    t = await createTestApp({ env: { V1_RATE_LIMIT: '100000' } });
    slow = await createAccount(t);
    healthy = await createAccount(t);
  });
  afterAll(async () => {
    // Closing the receivers ends the hanging requests (recorded as failed) before the app closes.
    for (const r of receivers) await r.close();
    await t.close();
  });

  const api = (who: Account, method: 'PUT' | 'POST', url: string, payload?: object) => t.app.inject({ method, url: `/api${url}`, headers: who.headers, ...(payload ? { payload } : {}) });

  async function endpoint(who: Account) {
    const created = await api(who, 'POST', '/application', { applicationName: 'Hooks', channels: [{ channel: 'sms' }] });
    const appId = created.json().id as string;
    const receiver = await startWebhookReceiver();
    receivers.push(receiver);
    expect((await api(who, 'PUT', `/application/${appId}/webhook`, { url: receiver.url, enabled: true })).statusCode).toBe(200);
    return { appId, receiver };
  }

  it('delivers the healthy endpoint’s events within 2 s while another endpoint hangs', async () => {
    const hanging = await endpoint(slow);
    const fine = await endpoint(healthy);
    hanging.receiver.script(...Array.from({ length: 20 }, () => ({ hang: true as const })));
    // One event at a time, each taken before the next: every request in flight is a separate job.
    for (let i = 1; i <= MAX_CONCURRENT_PER_ENDPOINT; i++) {
      expect((await api(slow, 'POST', `/application/${hanging.appId}/webhook/test`)).statusCode).toBe(200);
      await hanging.receiver.waitFor(i, 5000);
    }
    // More for the hanging endpoint than it may have in flight: they wait without holding anything.
    for (let i = 0; i < 4; i++) expect((await api(slow, 'POST', `/application/${hanging.appId}/webhook/test`)).statusCode).toBe(200);

    // The healthy customer: a test event and a message's three statuses, each delivered within 2 s
    // of its event (the event's `timestamp`: when it was emitted or the status recorded).
    const sms = await issueToken(t, { applicationId: fine.appId, organizationId: healthy.organizationId }, 'sms');
    expect((await api(healthy, 'POST', `/application/${fine.appId}/webhook/test`)).statusCode).toBe(200);
    const sent = await v1Post(t, '/sms/messages', sms.accessToken, { to: '081234567890', text: 'Order shipped' });
    expect(sent.statusCode).toBe(202);
    const got = await fine.receiver.waitFor(4, 10_000);
    const events = got.map((r) => ({ at: r.at, ...(JSON.parse(r.body) as { timestamp: string; data: { status?: string } }) }));
    for (const e of events) expect(e.at - Date.parse(e.timestamp), JSON.stringify(e)).toBeLessThan(2000);
    const types = events.map((e) => e.data.status ?? 'test').sort();
    expect(types).toEqual(['delivered', 'in_queue', 'sent', 'test']);

    // The hanging endpoint never had more than its share in flight, and nothing of it was lost.
    expect(hanging.receiver.received).toHaveLength(MAX_CONCURRENT_PER_ENDPOINT);
    const rows = await t.ctx.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.applicationId, hanging.appId));
    expect(rows).toHaveLength(MAX_CONCURRENT_PER_ENDPOINT + 4);
    expect(rows.every((r) => r.status === 'pending')).toBe(true);
    // Operators see them in /metrics: the hanging endpoint's requests running (a healthy one may
    // still be recording its answer), the rest waiting.
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const gauge = (state: string) => Number(new RegExp(`^webhook_requests\\{state="${state}"\\} (\\d+)$`, 'm').exec(metrics)?.[1]);
    expect(gauge('running')).toBeGreaterThanOrEqual(MAX_CONCURRENT_PER_ENDPOINT);
    expect(gauge('waiting')).toBe(4);
  });

  it('cuts hanging requests short on shutdown and leaves their attempts pending for the sweep', async () => {
    const [hanging] = receivers;
    const appId = (await t.ctx.database.db.select().from(webhookDeliveries)).find((r) => r.startedAt !== null)!.applicationId;
    await t.ctx.services.webhooks.stopDeliveries(0);
    const rows = await t.ctx.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.applicationId, appId));
    expect(rows).toHaveLength(MAX_CONCURRENT_PER_ENDPOINT + 4);
    // Released (never ended, never claimed): the webhook sweep queues them again in the next process.
    expect(rows.map((r) => [r.status, r.startedAt, r.finishedAt])).toEqual(rows.map(() => ['pending', null, null]));
    expect(hanging!.received).toHaveLength(MAX_CONCURRENT_PER_ENDPOINT);
  });
});

describe('the webhook sweep is fair between endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ workers: false });
  });
  afterAll(async () => t.close());

  it('queues again every endpoint’s lost attempts, not only the oldest backlog of one', async () => {
    const db = t.ctx.database.db;
    const backlog = await insertTenant(db);
    const other = await insertTenant(db);
    const at = (msAgo: number) => new Date(Date.now() - msAgo);
    const events = (tenant: { organizationId: string; applicationId: string }, n: number) =>
      Array.from({ length: n }, () => ({ id: newEventId(), ...tenant, type: 'webhook.test', messageId: null, payload: {}, createdAt: at(0) }));
    // 600 lost attempts of one endpoint, older than the one lost attempt of another.
    await insertEventsWithFirstAttempts(db, events(backlog, 600), at(10 * 60_000));
    const [lost] = await insertEventsWithFirstAttempts(db, events(other, 1), at(5 * 60_000));
    const queued: string[] = [];
    await requeueStrandedAttempts({ db, now: () => new Date(), enqueueAttempt: async (id) => void queued.push(id) });
    expect(queued).toContain(lost!.id);
    expect(queued).toHaveLength(51);
  });
});
