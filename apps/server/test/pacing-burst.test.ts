/**
 * Per-sender pacing end to end (issue 8; ARCHITECTURE.md §6.1): a burst accepted through /v1 for
 * one WhatsApp number drains at that number's configured rate against a fake Graph API that
 * enforces the rate like Meta (error 130429 beyond it), with no carrier errors, while another
 * sender's message goes out at once instead of waiting behind the burst.
 * (bench/pacing.ts runs the 5,000-message burst; this keeps CI short.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waTemplates } from '../src/db/schema/templates.ts';
import { upsertSender } from '../src/messaging/whatsapp/senders.repo.ts';
import { startFakeGraph, type FakeGraph } from './fake-graph.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { createAppWithToken, v1Post, type AppWithTokens } from './v1-helper.ts';

const BURST = 240;
const RATE = 25;

describe('dispatch pacing per WhatsApp number', () => {
  let graph: FakeGraph;
  let t: TestApp;
  let busy: AppWithTokens;
  let quiet: AppWithTokens;

  beforeAll(async () => {
    graph = await startFakeGraph();
    t = await createTestApp({
      env: { WHATSAPP_DRIVER: 'cloud', WHATSAPP_GRAPH_URL: graph.url, WHATSAPP_TOKEN: 'token', WHATSAPP_APP_ID: '1234567890', WHATSAPP_APP_SECRET: 'secret', WHATSAPP_VERIFY_TOKEN: 'verify', V1_RATE_LIMIT: '100000' },
    });
    const db = t.ctx.database.db;
    busy = await createAppWithToken(t, { channels: ['whatsapp'] });
    quiet = await createAppWithToken(t, { channels: ['whatsapp'] });
    const now = new Date();
    await upsertSender(db, { applicationId: busy.applicationId, organizationId: busy.organizationId, wabaId: '1000001', phoneNumberId: '2000001', displayName: 'Busy', messagesPerSecond: RATE }, now);
    await upsertSender(db, { applicationId: quiet.applicationId, organizationId: quiet.organizationId, wabaId: '1000002', phoneNumberId: '2000002', displayName: 'Quiet', messagesPerSecond: null }, now);
    for (const { organizationId: org, applicationId } of [busy, quiet]) {
      await db.insert(waTemplates).values({ organizationId: org, applicationId, name: 'ping', language: 'en', category: 'UTILITY', status: 'APPROVED', components: [{ type: 'BODY', text: 'Ping' }] });
    }
    // Meta's throughput limit on both numbers: beyond it the Graph answers 130429 (a fifth of
    // slack for jitter: on a loaded machine a request can reach the Graph a little after its turn,
    // next to the following one; unpaced, the burst would arrive all at once).
    graph.rateLimits.set('2000001', Math.ceil(RATE * 1.2));
    graph.rateLimits.set('2000002', 80);
  });
  afterAll(async () => {
    await t?.close();
    await graph?.close();
  });

  it(`drains a burst of ${BURST} at ${RATE}/s without carrier errors, and another sender is not held up`, async () => {
    const send = (who: AppWithTokens, i: number) => v1Post(t, '/whatsapp/messages', who.tokens.whatsapp.accessToken, { to: `+62812${String(i).padStart(7, '0')}`, template: { name: 'ping', language: 'en' } });
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => send(busy, i)));
    expect(answers.every((r) => r.statusCode === 202)).toBe(true);
    const acceptedIn = Date.now() - started;

    // While the burst drains, the other number's message goes out at once.
    const quietAt = Date.now();
    expect((await send(quiet, 9_999_999)).statusCode).toBe(202);
    const until = Date.now() + 5000;
    while (!graph.requests.some((r) => r.phoneNumberId === '2000002') && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    const quietReq = graph.requests.find((r) => r.phoneNumberId === '2000002');
    expect(quietReq, 'the other sender was held up').toBeDefined();
    expect(quietReq!.at - quietAt).toBeLessThan(3000);

    const drainUntil = Date.now() + 40_000;
    while (graph.requests.filter((r) => r.phoneNumberId === '2000001').length < BURST && Date.now() < drainUntil) await new Promise((r) => setTimeout(r, 50));
    const busyReqs = graph.requests.filter((r) => r.phoneNumberId === '2000001');
    expect(busyReqs).toHaveLength(BURST);
    expect(new Set(busyReqs.map((r) => r.body['to'])).size).toBe(BURST);
    expect(graph.throttled).toEqual([]);
    // The burst still had most of its sends ahead when the other sender's message went out.
    expect(busyReqs.filter((r) => r.at > quietReq!.at).length).toBeGreaterThan(BURST / 4);
    const span = busyReqs[BURST - 1]!.at - busyReqs[0]!.at;
    // At RATE per second, BURST sends take (BURST - 1) / RATE seconds; never faster.
    expect(span).toBeGreaterThanOrEqual(((BURST - 1) / RATE) * 1000 * 0.95);
    expect(span).toBeLessThan(((BURST - 1) / RATE) * 1000 * 1.5 + acceptedIn);
  });
});
