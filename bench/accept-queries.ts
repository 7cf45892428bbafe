/**
 * Database round trips per accepted /v1 send (issue 24 item 1; a measurement, not a CI test): on
 * PostgreSQL (TEST_DATABASE_URL) without job workers, counts every query the pg driver sends while
 * N concurrent sends are accepted, for a post-paid and a pre-paid application, with and without an
 * Idempotency-Key, and prints queries and transactions (BEGIN) per message.
 * Run: `TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/accept-queries.ts [N]`
 */
import pg from 'pg';
import { createTestApp } from '../apps/server/test/harness.ts';
import { createAppWithToken, v1Post } from '../apps/server/test/v1-helper.ts';
import { quotas } from '../apps/server/src/db/schema/quotas.ts';

const N = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 200);
if (!process.env.TEST_DATABASE_URL) throw new Error('Set TEST_DATABASE_URL');
process.env.TEST_DB = 'postgres';

let queries = 0;
let begins = 0;
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  queries++;
  const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
  if (text && /^\s*begin/i.test(text)) begins++;
  return (original as (...a: unknown[]) => unknown).apply(this, args);
} as typeof original;

const t = await createTestApp({ workers: false, env: { V1_RATE_LIMIT: '100000000', LOG_LEVEL: 'silent' } });
try {
  for (const billing of ['post-paid', 'pre-paid'] as const) {
    for (const keyed of [false, true]) {
      const a = await createAppWithToken(t, { channels: ['sms'], billingType: billing });
      if (billing === 'pre-paid') await t.ctx.database.db.insert(quotas).values({ applicationId: a.applicationId, organizationId: a.organizationId, type: 'sms', quota: 1_000_000, usage: 0 });
      // Warm the token's path (first-use caches), then count.
      await v1Post(t, '/sms/messages', a.tokens.sms.accessToken, { to: '081234567890', text: 'warm' });
      queries = 0;
      begins = 0;
      const res = await Promise.all(
        Array.from({ length: N }, (_, i) => v1Post(t, '/sms/messages', a.tokens.sms.accessToken, { to: '081234567890', text: `m${i}` }, keyed ? { 'idempotency-key': `k${i}` } : {})),
      );
      const ok = res.filter((r) => r.statusCode === 202).length;
      console.log(`${billing}${keyed ? ', Idempotency-Key' : ''}: ${ok}/${N} accepted, ${(queries / ok).toFixed(2)} queries and ${(begins / ok).toFixed(3)} transactions per message (${begins} transactions)`);
    }
  }
} finally {
  await t.close();
}
