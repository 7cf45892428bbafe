/**
 * Monitoring and dashboard at scale (issue 11 benchmark; figures from one run, not a CI test).
 * Fills a fresh PostgreSQL database (messages, events and outbox in monthly partitions, issue 25)
 * with messages generated in SQL (`generate_series`): 50
 * applications, all six channels, each channel's final statuses, created over 400 days, one event
 * per message and both hourly rollups; then measures p50/p95 (ms) of the service calls the console
 * makes (the HTTP layer adds about a millisecond):
 * - the Monitoring list for every channel × status filter (All + each final status) × preset range
 *   (today, last 7 days, last 31 days) × search (none, message-id prefix, number);
 * - each dashboard call (rate, usage, trend, WhatsApp sessions) for the same presets;
 * - each Excel export of a 31-day range.
 * It does so at 1,000,000 messages, then grows the table to the target and measures again, and
 * prints EXPLAIN (ANALYZE) of the slowest Monitoring query.
 * Run: `TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/monitoring.ts [total=10000000]`
 */
import { CHANNEL_IDS, type ChannelId } from '@pesan/contracts/channels';
import { FAILURE_STATUSES, LIFECYCLES } from '@pesan/contracts/statuses';
import { recordsQuerySchema } from '@pesan/contracts/records';
import { conversationDownloadQuerySchema, conversationQuerySchema, dashboardDownloadQuerySchema, dashboardQuerySchema } from '@pesan/contracts/dashboard';
import { createTestApp, freshPostgresDatabase } from '../apps/server/test/harness.ts';
import { insertTenant } from '../apps/server/test/v1-helper.ts';
import { applications } from '../apps/server/src/db/schema/applications.ts';
import { ensurePartitionsBetween } from '../apps/server/src/db/partitions.ts';

const TOTAL = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 10_000_000);
const APPS = 50;
const CHUNK = 500_000;
if (!process.env.TEST_DATABASE_URL) throw new Error('Set TEST_DATABASE_URL: this benchmark runs on PostgreSQL');
process.env.TEST_DB = 'postgres';

const pg = await freshPostgresDatabase();
const t = await createTestApp({ workers: false, databaseUrl: pg.url, env: { LOG_LEVEL: 'silent' } });
const db = t.ctx.database.db;
const exec = (q: string) => t.ctx.database.executor.executeSql(q);

/** Each channel's reachable final statuses (the happy path's last and every failure), as SQL arrays. */
const finals = Object.fromEntries(CHANNEL_IDS.map((c) => [c, [...LIFECYCLES[c].slice(-2), ...FAILURE_STATUSES[c]]])) as Record<ChannelId, string[]>;
const statusCase = `case channel ${CHANNEL_IDS.map((c) => `when '${c}' then (array[${finals[c].map((s) => `'${s}'`).join(',')}])[1 + (g % ${finals[c].length})]`).join(' ')} end`;

const tenant = await insertTenant(db);
const appIds = [tenant.applicationId];
for (let i = 1; i < APPS; i++) {
  const [row] = await db.insert(applications).values({ organizationId: tenant.organizationId, userId: (await exec(`select user_id from applications where id = '${tenant.applicationId}'`)).rows[0]!['user_id'] as string, name: `Bench ${i}` }).returning({ id: applications.id });
  appIds.push(row!.id);
}
const appArray = `array[${appIds.map((a) => `'${a}'::uuid`).join(',')}]`;
const channelArray = `array[${CHANNEL_IDS.map((c) => `'${c}'`).join(',')}]`;

// Monthly partitions (issue 25) for the 400 days the messages are spread over.
await ensurePartitionsBetween(db, new Date(Date.now() - 401 * 86_400_000), new Date());

let generated = 0;
/** Adds messages `generated+1 … upTo` with their events and rollups (rebuilt afterwards). */
async function grow(upTo: number) {
  while (generated < upTo) {
    const from = generated + 1;
    const to = Math.min(upTo, generated + CHUNK);
    const started = Date.now();
    await exec(`
      with m as (
      insert into messages (id, organization_id, application_id, channel, recipient, country, total_sms, status, body, driver, provider_message_id, conversation_category, conversation_initiator, created_at, updated_at)
      select gen_random_uuid(), '${tenant.organizationId}', (${appArray})[1 + (g % ${APPS})], channel,
             case when channel = 'email' then 'user' || (g % 100000) || '@example.com' else '+62812' || lpad((g % 100000000)::text, 8, '0') end,
             case when channel = 'email' then null else 'ID' end, case when channel in ('sms', 'sms_otp') then 1 + (g % 3) else null end,
             ${statusCase}, '{}'::jsonb, 'sandbox', 'bench-' || g,
             case when channel = 'whatsapp' then (array['marketing','utility','authentication','service'])[1 + (g % 4)] end,
             case when channel = 'whatsapp' then (case when g % 4 = 3 then 'user' else 'business' end) end,
             now() - ((g * 7919) % (400 * 86400)) * interval '1 second', now() - ((g * 7919) % (400 * 86400)) * interval '1 second' + interval '5 seconds'
      from (select g, (${channelArray})[1 + ((g / ${APPS}) % 6)] as channel from generate_series(${from}::bigint, ${to}::bigint) g) s
      returning id, organization_id, created_at, status, updated_at)
      insert into message_events (organization_id, message_id, message_created_at, status, at) select organization_id, id, created_at, status, updated_at from m`);
    generated = to;
    console.log(`  ${generated.toLocaleString('en')} messages (${((Date.now() - started) / 1000).toFixed(1)} s for this chunk)`);
  }
  await exec('truncate message_stats_hourly, conversation_stats_hourly');
  await exec(`insert into message_stats_hourly (organization_id, application_id, channel, status, hour, count) select organization_id, application_id, channel, status, date_trunc('hour', created_at), count(*) from messages group by 1, 2, 3, 4, 5`);
  await exec(`insert into conversation_stats_hourly (application_id, organization_id, category, initiator, hour, count) select application_id, organization_id, conversation_category, conversation_initiator, date_trunc('hour', created_at), count(*) from messages where conversation_category is not null group by 1, 2, 3, 4, 5`);
  await exec('analyze');
}

const day = (offset: number) => new Date(Date.now() + 7 * 3_600_000 - offset * 86_400_000).toISOString().slice(0, 10);
const PRESETS: [string, string, string][] = [
  ['today', day(0), day(0)],
  ['7 days', day(6), day(0)],
  ['31 days', day(30), day(0)],
];

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const s = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - s) / 1e6;
}
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function measure(label: string) {
  const app = appIds[7]!;
  const org = tenant.organizationId;
  const monitoring: { ms: number; q: object }[] = [];
  for (const channel of CHANNEL_IDS) {
    for (const status of ['all', ...finals[channel]]) {
      for (const [, startDate, endDate] of PRESETS) {
        for (const search of ['', { key: 'message_id', value: 'a1' }, { key: channel === 'email' ? 'email' : 'number', value: channel === 'email' ? 'user12' : '081200001' }]) {
          const q = recordsQuerySchema.parse({ application_id: app, channel, startDate, endDate, showType: status, search });
          monitoring.push({ ms: await timed(() => t.ctx.services.records.listRecords(org, q)), q });
        }
      }
    }
  }
  const dash: Record<string, number[]> = { rate: [], usage: [], trend: [], sessions: [] };
  for (const channel of CHANNEL_IDS) {
    for (const [, startDate, endDate] of PRESETS) {
      const q = dashboardQuerySchema.parse({ application_id: app, channel, startDate, endDate });
      dash['rate']!.push(await timed(() => t.ctx.services.dashboard.reportRate(org, q)));
      dash['usage']!.push(await timed(() => t.ctx.services.dashboard.reportUsage(org, q)));
      dash['trend']!.push(await timed(() => t.ctx.services.dashboard.reportRangeDate(org, q)));
    }
  }
  for (const [, startDate, endDate] of PRESETS) {
    const q = conversationQuerySchema.parse({ application_id: app, startDate, endDate });
    for (let i = 0; i < 6; i++) dash['sessions']!.push(await timed(() => t.ctx.services.dashboard.whatsappConversation(org, q)));
  }
  const exports: number[] = [];
  for (const channel of CHANNEL_IDS) {
    exports.push(await timed(() => t.ctx.services.dashboard.usageDownload(org, dashboardDownloadQuerySchema.parse({ application_id: app, channel, start_date: day(30), end_date: day(0) }))));
  }
  exports.push(await timed(() => t.ctx.services.dashboard.conversationDownload(org, conversationDownloadQuerySchema.parse({ application_id: app, start_date: day(30), end_date: day(0) }))));
  const ms = monitoring.map((m) => m.ms);
  console.log(`\n${label}`);
  console.log(`| call | n | p50 ms | p95 ms | max ms | goal |`);
  console.log(`|---|---|---|---|---|---|`);
  console.log(`| Monitoring list (channel × status × range × search) | ${ms.length} | ${pct(ms, 50).toFixed(1)} | ${pct(ms, 95).toFixed(1)} | ${Math.max(...ms).toFixed(1)} | p95 < 50 |`);
  for (const [name, xs] of Object.entries(dash)) console.log(`| dashboard ${name} | ${xs.length} | ${pct(xs, 50).toFixed(1)} | ${pct(xs, 95).toFixed(1)} | ${Math.max(...xs).toFixed(1)} | p95 < 50 |`);
  console.log(`| Excel export, 31 days | ${exports.length} | ${pct(exports, 50).toFixed(1)} | ${pct(exports, 95).toFixed(1)} | ${Math.max(...exports).toFixed(1)} | < 2000 |`);
  return monitoring.sort((a, b) => b.ms - a.ms)[0]!;
}

try {
  console.log(`generating ${Math.min(TOTAL, 1_000_000).toLocaleString('en')} messages…`);
  await grow(Math.min(TOTAL, 1_000_000));
  let slowest = await measure(`at ${generated.toLocaleString('en')} messages`);
  if (TOTAL > generated) {
    console.log(`\ngrowing to ${TOTAL.toLocaleString('en')} messages…`);
    await grow(TOTAL);
    slowest = await measure(`at ${generated.toLocaleString('en')} messages`);
  }
  console.log(`\nslowest Monitoring query: ${slowest.ms.toFixed(1)} ms for ${JSON.stringify(slowest.q)}`);
  console.log('(run the same query with EXPLAIN ANALYZE in psql on the database kept below to see its plan)');
  console.log(`database kept for EXPLAIN: ${pg.url}`);
} finally {
  await t.close();
}
