import pg from 'pg';
import { sql } from 'drizzle-orm';
import { createTestApp, freshPostgresDatabase } from '../apps/server/test/harness.ts';
import { createAppWithToken } from '../apps/server/test/v1-helper.ts';
process.env.TEST_DB = 'postgres';
const counts = new Map<string, number>();
const original = pg.Client.prototype.query;
let on = false;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
  if (on && text) { const k = text.replace(/\s+/g, ' ').slice(0, 90); counts.set(k, (counts.get(k) ?? 0) + 1); }
  return (original as (...a: unknown[]) => unknown).apply(this, args);
} as typeof original;
const pgdb = await freshPostgresDatabase();
const t = await createTestApp({ env: { V1_RATE_LIMIT: '100000000', SANDBOX_DELAY_MS: '0', LOG_LEVEL: 'silent' }, databaseUrl: pgdb.url });
await t.app.listen({ host: '127.0.0.1', port: 0 });
const port = (t.app.server.address() as any).port;
const a = await createAppWithToken(t, { channels: ['sms'] });
const N = 3000; let next = 0;
on = true;
await Promise.all(Array.from({ length: 64 }, async () => { while (next < N) { next++; const r = await fetch(`http://127.0.0.1:${port}/v1/sms/messages`, { method: 'POST', headers: { authorization: `Bearer ${a.tokens.sms.accessToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ to: '081234567890', text: 'hi' }) }); await r.text(); } }));
for (;;) { const res = (await t.ctx.database.db.execute(sql`select count(*)::int as n from messages where status='delivered'`)) as any; if (res.rows[0].n >= N) break; await new Promise((r) => setTimeout(r, 100)); }
await new Promise((r) => setTimeout(r, 1500));
on = false;
let total = 0; for (const v of counts.values()) total += v;
console.log('queries per message', (total / N).toFixed(2));
for (const [k, v] of [...counts.entries()].sort((x, y) => y[1] - x[1]).slice(0, 40)) console.log(String(v).padStart(6), (v / N).toFixed(3), k);
await t.close(); await pgdb.drop();
