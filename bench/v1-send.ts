/**
 * /v1 send throughput, plain vs with Idempotency-Key (ARCHITECTURE.md §8: ratios from one run, not a
 * timed test). Builds the real app on an in-memory PGlite, listens on 127.0.0.1:0 and sends a
 * bounded number of SMS with fetch at a fixed concurrency; plain and idempotent rounds alternate
 * and the best of each counts. Run: `npx tsx bench/v1-send.ts [count]` (PostgreSQL:
 * `TEST_DB=postgres TEST_DATABASE_URL=postgres://… npx tsx bench/v1-send.ts`).
 */
import type { AddressInfo } from 'node:net';
import { createTestApp } from '../apps/server/test/harness.ts';
import { createAppWithToken } from '../apps/server/test/v1-helper.ts';

const COUNT = Number(process.argv[2] ?? 400);
const CONCURRENCY = 8;

const t = await createTestApp({ workers: false, env: { V1_RATE_LIMIT: '1000000' } });
try {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  const a = await createAppWithToken(t, { channels: ['sms'] });
  const url = `http://127.0.0.1:${port}/v1/sms/messages`;

  async function run(label: string, withKey: boolean): Promise<number> {
    let next = 0;
    let accepted = 0;
    const started = performance.now();
    const worker = async () => {
      while (next < COUNT) {
        const i = next++;
        const headers: Record<string, string> = { authorization: `Bearer ${a.tokens.sms.accessToken}`, 'content-type': 'application/json' };
        if (withKey) headers['idempotency-key'] = `${label}-${i}`;
        const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ to: '081234567890', text: `bench ${label} ${i}` }) });
        await res.arrayBuffer();
        if (res.status === 202) accepted += 1;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const perSecond = accepted / ((performance.now() - started) / 1000);
    console.log(`${label.padEnd(11)} ${accepted}/${COUNT} accepted, ${perSecond.toFixed(0)} msgs/s`);
    return perSecond;
  }

  await run('warm-up', false);
  let plain = 0;
  let idem = 0;
  for (let round = 0; round < 2; round++) {
    plain = Math.max(plain, await run('plain', false));
    idem = Math.max(idem, await run(`idempotent${round}`, true));
  }
  console.log(`idempotent / plain = ${(idem / plain).toFixed(2)}`);
} finally {
  await t.close();
}
