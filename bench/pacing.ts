/**
 * Per-sender pacing with the issue's burst (issue 8 benchmark; figures from one run, not a CI
 * test): 5,000 WhatsApp messages accepted through /v1 for one number paced at 80/s drain against
 * a fake Graph API that answers 130429 beyond 80 requests in any second, while a second number's
 * messages, sent during the drain, go out at once. Prints the observed rate over the configured
 * one, carrier errors, and the other sender's latency.
 * Run: `TEST_DB=postgres TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/pacing.ts [count]`
 * (without TEST_DATABASE_URL it runs on in-memory PGlite).
 */
import pLimit from 'p-limit';
import { waTemplates } from '../apps/server/src/db/schema/templates.ts';
import { upsertSender } from '../apps/server/src/messaging/whatsapp/senders.repo.ts';
import { startFakeGraph } from '../apps/server/test/fake-graph.ts';
import { createTestApp } from '../apps/server/test/harness.ts';
import { createAppWithToken, v1Post, type AppWithTokens } from '../apps/server/test/v1-helper.ts';

const COUNT = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 5000);
const RATE = 80;
if (process.env.TEST_DATABASE_URL) process.env.TEST_DB = 'postgres';

const graph = await startFakeGraph();
const t = await createTestApp({
  env: { WHATSAPP_DRIVER: 'cloud', WHATSAPP_GRAPH_URL: graph.url, WHATSAPP_TOKEN: 'token', WHATSAPP_APP_ID: '1234567890', WHATSAPP_APP_SECRET: 'secret', WHATSAPP_VERIFY_TOKEN: 'verify', V1_RATE_LIMIT: '100000000', LOG_LEVEL: 'silent' },
});
try {
  const db = t.ctx.database.db;
  const busy = await createAppWithToken(t, { channels: ['whatsapp'] });
  const quiet = await createAppWithToken(t, { channels: ['whatsapp'] });
  await upsertSender(db, { applicationId: busy.applicationId, organizationId: busy.organizationId, wabaId: '1000001', phoneNumberId: '2000001', displayName: 'Busy', messagesPerSecond: RATE }, new Date());
  await upsertSender(db, { applicationId: quiet.applicationId, organizationId: quiet.organizationId, wabaId: '1000002', phoneNumberId: '2000002', displayName: 'Quiet', messagesPerSecond: null }, new Date());
  for (const { organizationId: org, applicationId } of [busy, quiet]) {
    await db.insert(waTemplates).values({ organizationId: org, applicationId, name: 'ping', language: 'en', category: 'UTILITY', status: 'APPROVED', components: [{ type: 'BODY', text: 'Ping' }] });
  }
  graph.rateLimits.set('2000001', RATE + 1);
  graph.rateLimits.set('2000002', 80);
  const send = (who: AppWithTokens, i: number) => v1Post(t, '/whatsapp/messages', who.tokens.whatsapp.accessToken, { to: `+62812${String(i).padStart(7, '0')}`, template: { name: 'ping', language: 'en' } });

  const started = Date.now();
  const limit = pLimit(32);
  const answers = await Promise.all(Array.from({ length: COUNT }, (_, i) => limit(() => send(busy, i))));
  const acceptedIn = (Date.now() - started) / 1000;
  const accepted = answers.filter((r) => r.statusCode === 202).length;

  // The other number sends one message every 5 s while the burst drains.
  const quietLatencies: number[] = [];
  const busyCount = () => graph.requests.filter((r) => r.phoneNumberId === '2000001').length;
  let q = 0;
  while (busyCount() < accepted && Date.now() - started < (COUNT / RATE) * 1000 * 3 + 60_000) {
    const at = Date.now();
    const to = `62899${String(q++).padStart(7, '0')}`;
    await send(quiet, Number(to.slice(5)));
    while (!graph.requests.some((r) => r.phoneNumberId === '2000002' && String(r.body['to']).endsWith(to.slice(5))) && Date.now() - at < 30_000) await new Promise((r) => setTimeout(r, 10));
    quietLatencies.push(Date.now() - at);
    await new Promise((r) => setTimeout(r, 5000));
  }
  const busyReqs = graph.requests.filter((r) => r.phoneNumberId === '2000001');
  const span = (busyReqs[busyReqs.length - 1]!.at - busyReqs[0]!.at) / 1000;
  const observed = (busyReqs.length - 1) / span;
  const maxInSecond = Math.max(...busyReqs.map((r) => busyReqs.filter((x) => x.at > r.at - 1000 && x.at <= r.at).length));
  console.log(`database: ${t.ctx.database.kind}; burst: ${accepted}/${COUNT} accepted in ${acceptedIn.toFixed(1)} s (${(accepted / acceptedIn).toFixed(0)}/s)`);
  console.log(`drain: ${busyReqs.length} Graph requests over ${span.toFixed(1)} s = ${observed.toFixed(1)}/s; configured ${RATE}/s; observed / configured = ${(observed / RATE).toFixed(3)}`);
  const acceptEnd = started + acceptedIn * 1000;
  const after = busyReqs.filter((r) => r.at > acceptEnd);
  if (after.length > 1) {
    const afterRate = (after.length - 1) / ((after[after.length - 1]!.at - after[0]!.at) / 1000);
    console.log(`after the last accept: ${after.length} requests at ${afterRate.toFixed(1)}/s; / configured = ${(afterRate / RATE).toFixed(3)}`);
  }
  console.log(`most requests in any 1 s window: ${maxInSecond}; carrier throughput errors (130429): ${graph.throttled.length}`);
  console.log(`other sender during the drain: ${quietLatencies.length} messages, latency from accept to the Graph request: ${quietLatencies.map((l) => `${l} ms`).join(', ')}`);
} finally {
  await t.close();
  await graph.close();
}
