/**
 * /v1 send throughput and status pipeline catch-up (issue 7 benchmark; ratios from one run, not a
 * CI test). On PostgreSQL (TEST_DATABASE_URL, a fresh database per run) with the job workers
 * running and SANDBOX_DELAY_MS=0: autocannon drives `POST /v1/sms/messages` for DURATION seconds,
 * then a bare Fastify hello-world in the same process for the same time (the ceiling on this
 * machine); then it waits up to 30 s for every accepted message to reach its final status.
 * With `--restart`, it also fills the database with 1,000,000 finished messages and times a
 * restart (open, migrate, queues, workers, listen).
 * Run: `TEST_DB=postgres TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/send.ts [seconds] [--restart]`
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type autocannon from 'autocannon';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { createTestApp, freshPostgresDatabase } from '../apps/server/test/harness.ts';
import { createAppWithToken } from '../apps/server/test/v1-helper.ts';

const DURATION = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 15);
const CONNECTIONS = 32;
if (!process.env.TEST_DATABASE_URL) throw new Error('Set TEST_DATABASE_URL (and TEST_DB=postgres): this benchmark runs on PostgreSQL');
process.env.TEST_DB = 'postgres';

const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/**
 * Runs autocannon in its own process (so the load generator does not share the server's event
 * loop) and returns its JSON result.
 */
function run(opts: { url: string; method: string; connections: number; duration: number; headers: Record<string, string>; body: string }): Promise<autocannon.Result> {
  const args = [autocannonBin, '-j', '-c', String(opts.connections), '-d', String(opts.duration), '-m', opts.method, '-b', opts.body];
  for (const [k, v] of Object.entries(opts.headers)) args.push('-H', `${k}=${v}`);
  args.push(opts.url);
  return new Promise((resolve, reject) =>
    execFile(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 }, (err, stdout) => (err ? reject(err) : resolve(JSON.parse(stdout) as autocannon.Result))),
  );
}

const pg = await freshPostgresDatabase();
const env = { V1_RATE_LIMIT: '100000000', SANDBOX_DELAY_MS: '0', LOG_LEVEL: 'silent' };
const t = await createTestApp({ env, databaseUrl: pg.url });
try {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  const a = await createAppWithToken(t, { channels: ['sms'] });
  const db = t.ctx.database.db;

  const send = await run({
    url: `http://127.0.0.1:${port}/v1/sms/messages`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { authorization: `Bearer ${a.tokens.sms.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ to: '081234567890', text: 'Your order has shipped' }),
  });
  const loadEnded = Date.now();
  const accepted = send['2xx'];

  const bare = Fastify();
  bare.post('/', async () => ({ ok: true }));
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const barePort = (bare.server.address() as AddressInfo).port;
  const hello = await run({ url: `http://127.0.0.1:${barePort}/`, method: 'POST', connections: CONNECTIONS, duration: DURATION, headers: { 'content-type': 'application/json' }, body: '{}' });
  await bare.close();

  const finalCount = async () =>
    Number(((await db.execute(sql`select count(*)::int as n from messages where application_id = ${a.applicationId} and status = 'delivered'`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
  let final = await finalCount();
  while (final < accepted && Date.now() - loadEnded < 30_000) {
    await new Promise((r) => setTimeout(r, 500));
    final = await finalCount();
  }
  const catchUp = (Date.now() - loadEnded) / 1000;

  console.log(`sends: ${accepted} accepted in ${DURATION} s = ${(accepted / DURATION).toFixed(0)} msgs/s; latency p50 ${send.latency.p50} ms, p99 ${send.latency.p99} ms; non-2xx ${send.non2xx}, errors ${send.errors}`);
  console.log(`bare Fastify: ${(hello['2xx'] / DURATION).toFixed(0)} req/s; p50 ${hello.latency.p50} ms, p99 ${hello.latency.p99} ms`);
  console.log(`send / bare = ${(accepted / hello['2xx']).toFixed(3)}`);
  console.log(`final status: ${final}/${accepted} within ${catchUp.toFixed(1)} s of the end of the load${final < accepted ? ' (NOT all)' : ''}`);
} finally {
  await t.close();
}

if (process.argv.includes('--restart')) {
  const r = await createTestApp({ env, databaseUrl: pg.url, workers: false });
  const a = await createAppWithToken(r, { channels: ['sms'] });
  const started = Date.now();
  await r.ctx.database.db.execute(sql`
    insert into messages (id, organization_id, application_id, channel, recipient, status, body, driver, provider_message_id, created_at, updated_at)
    select gen_random_uuid(), ${a.organizationId}, ${a.applicationId}, 'sms', '+6281234567890', 'delivered', '{}'::jsonb, 'sandbox', 'bulk-' || g, now() - (g || ' seconds')::interval, now()
    from generate_series(1, 1000000) g`);
  console.log(`inserted 1,000,000 messages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await r.close();
  const t0 = Date.now();
  const again = await createTestApp({ env, databaseUrl: pg.url });
  await again.app.listen({ host: '127.0.0.1', port: 0 });
  console.log(`restart with 1,000,000 messages: ${((Date.now() - t0) / 1000).toFixed(2)} s to listening (workers registered, sweep enqueued)`);
  await again.close();
}
await pg.drop();
