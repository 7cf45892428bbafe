/**
 * How fast the engine finishes a backlog (issue 24; a measurement, not a CI test): on PostgreSQL
 * (TEST_DATABASE_URL) with the workers running and SANDBOX_DELAY_MS=0, accepts N SMS through the
 * batch endpoint (4 connections, 500 items each), then prints how long until every one is
 * delivered and the messages per second of that drain, with the server's CPU profile of the whole
 * run in /tmp/prof/drain.cpuprofile.
 * Run: `TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/drain.ts [N]`
 */
import type { AddressInfo } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { sql } from 'drizzle-orm';
import { createTestApp, freshPostgresDatabase } from '../apps/server/test/harness.ts';
import { createAppWithToken } from '../apps/server/test/v1-helper.ts';
process.env.TEST_DB = 'postgres';
if (!process.env.TEST_DATABASE_URL) throw new Error('Set TEST_DATABASE_URL');
const N = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 40000);
mkdirSync('/tmp/prof', { recursive: true });

const pgdb = await freshPostgresDatabase();
const t = await createTestApp({ env: { V1_RATE_LIMIT: '100000000', SANDBOX_DELAY_MS: '0', LOG_LEVEL: 'silent' }, databaseUrl: pgdb.url });
try {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  const a = await createAppWithToken(t, { channels: ['sms'] });
  const body = JSON.stringify({ messages: Array(500).fill({ to: '081234567890', text: 'Your order has shipped' }) });
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  const started = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < N / 500) {
        next++;
        const res = await fetch(`http://127.0.0.1:${port}/v1/sms/messages/batch`, {
          method: 'POST',
          headers: { authorization: `Bearer ${a.tokens.sms.accessToken}`, 'content-type': 'application/json' },
          body,
        });
        await res.text();
      }
    }),
  );
  const accepted = Date.now();
  // Statuses from the hourly counters and their unfolded deltas (a count over messages would load the database measured).
  const byStatus = sql`select status, sum(n)::int as n from (select status, count as n from message_stats_hourly
    union all select status, delta from message_stats_deltas) x group by 1`;
  let lastPrint = accepted;
  for (;;) {
    const res = (await t.ctx.database.db.execute(byStatus)) as unknown as { rows: { status: string; n: number }[] };
    const counts = Object.fromEntries(res.rows.map((r) => [r.status, r.n]));
    if ((counts['delivered'] ?? 0) >= N) break;
    if (Date.now() - lastPrint >= 5000) {
      lastPrint = Date.now();
      console.log(`${Math.round((lastPrint - accepted) / 1000)} s`, JSON.stringify(counts));
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const done = Date.now();
  const { profile } = await session.post('Profiler.stop');
  writeFileSync('/tmp/prof/drain.cpuprofile', JSON.stringify(profile));
  console.log(`accepted ${N} in ${(accepted - started) / 1000} s; all delivered ${(done - accepted) / 1000} s later: ${(N / ((done - accepted) / 1000)).toFixed(0)} msgs/s`);
} finally {
  await t.close();
  await pgdb.drop();
}
