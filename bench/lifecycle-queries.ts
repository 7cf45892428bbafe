/**
 * Database statements per message over its whole lifecycle (issue 24; a measurement, not a CI
 * test): on PostgreSQL (TEST_DATABASE_URL) with the workers running and SANDBOX_DELAY_MS=0, sends N
 * SMS over 64 concurrent HTTP connections to one application, waits until every one is delivered,
 * and prints the statements the pg driver sent per message, grouped by their first words.
 * Run: `TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/lifecycle-queries.ts [N]`
 */
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { createTestApp, freshPostgresDatabase } from '../apps/server/test/harness.ts';
import { createAppWithToken } from '../apps/server/test/v1-helper.ts';

const N = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 3000);
if (!process.env.TEST_DATABASE_URL) throw new Error('Set TEST_DATABASE_URL');
process.env.TEST_DB = 'postgres';

const counts = new Map<string, number>();
let counting = false;
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
  if (counting && text) {
    const k = text.replace(/\s+/g, ' ').trim().slice(0, 90);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return (original as (...a: unknown[]) => unknown).apply(this, args);
} as typeof original;

const pgdb = await freshPostgresDatabase();
const t = await createTestApp({ env: { V1_RATE_LIMIT: '100000000', SANDBOX_DELAY_MS: '0', LOG_LEVEL: 'silent' }, databaseUrl: pgdb.url });
try {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  const a = await createAppWithToken(t, { channels: ['sms'] });
  let next = 0;
  counting = true;
  await Promise.all(
    Array.from({ length: 64 }, async () => {
      while (next < N) {
        next++;
        const res = await fetch(`http://127.0.0.1:${port}/v1/sms/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${a.tokens.sms.accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ to: '081234567890', text: 'Your order has shipped' }),
        });
        await res.text();
      }
    }),
  );
  const delivered = sql`select count(*)::int as n from messages where application_id = ${a.applicationId} and status = 'delivered'`;
  while ((((await t.ctx.database.db.execute(delivered)) as unknown as { rows: { n: number }[] }).rows[0]!.n) < N) await new Promise((r) => setTimeout(r, 100));
  await new Promise((r) => setTimeout(r, 1500)); // webhook fan-out and the counters' rollup
  counting = false;
  const total = [...counts.values()].reduce((x, y) => x + y, 0);
  console.log(`${N} messages: ${(total / N).toFixed(2)} statements per message over the lifecycle`);
  for (const [k, v] of [...counts.entries()].sort((x, y) => y[1] - x[1]).slice(0, 30)) console.log(`${(v / N).toFixed(3).padStart(7)}  ${k}`);
  // How the messages rows were updated: heap-only (HOT: no index entry) or not, summed over the
  // monthly partitions (the partitioned parent itself holds no rows).
  const upd = (await t.ctx.database.db.execute(
    sql`select sum(n_tup_upd)::bigint as n_tup_upd, sum(n_tup_hot_upd)::bigint as n_tup_hot_upd from pg_stat_user_tables s join pg_inherits i on i.inhrelid = s.relid where i.inhparent = 'messages'::regclass`,
  )) as unknown as { rows: { n_tup_upd: string; n_tup_hot_upd: string }[] };
  console.log(`messages updates: ${upd.rows[0]?.n_tup_upd} (${upd.rows[0]?.n_tup_hot_upd} heap-only)`);
} finally {
  await t.close();
  await pgdb.drop();
}
