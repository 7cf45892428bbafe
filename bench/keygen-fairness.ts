/**
 * Sign-in latency of one user while another generates access tokens in bulk (issue 6 defect 7: 30
 * concurrent token generations, 180 RSA key pairs, made another user's sign-in take 18.5 s). Prints
 * the ratio of sign-in time under that load to idle sign-in time, from one run (ARCHITECTURE.md §8).
 * Builds the real app on an in-memory PGlite, listens on 127.0.0.1:0 and uses fetch.
 * Run: `npx tsx bench/keygen-fairness.ts [generations]` (default 30, each for 6 channels).
 */
import type { AddressInfo } from 'node:net';
import { createTestApp, sameOrigin } from '../apps/server/test/harness.ts';
import { signUpVerifiedUser, signUpWithOrganization, TEST_PASSWORD } from '../apps/server/test/accounts-helper.ts';

const GENERATIONS = Number(process.argv[2] ?? 30);
const t = await createTestApp({ workers: false, env: { AUTH_RATE_LIMIT: '100000', TOKEN_RATE_LIMIT: '100000' } });
try {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const owner = await signUpWithOrganization(t);
  const other = await signUpVerifiedUser(t);
  const headers = { ...sameOrigin, cookie: owner.cookie, 'content-type': 'application/json' };
  const channels = ['whatsapp', 'sms', 'sms_otp', 'call', 'voice_otp', 'email'].map((channel) => ({ channel }));
  const created = await fetch(`${base}/api/application`, { method: 'POST', headers, body: JSON.stringify({ applicationName: 'Bench', channels }) });
  const appId = ((await created.json()) as { id: string }).id;

  const signIn = async () => {
    const started = performance.now();
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { ...sameOrigin, 'content-type': 'application/json' },
      body: JSON.stringify({ email: other.user.email, password: TEST_PASSWORD }),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`sign-in ${res.status}`);
    return performance.now() - started;
  };

  await signIn();
  const idle = Math.min(await signIn(), await signIn(), await signIn());
  const started = performance.now();
  const load = Array.from({ length: GENERATIONS }, () =>
    fetch(`${base}/api/auth/rsa/generate-token`, { method: 'POST', headers, body: JSON.stringify({ application: appId }) }).then(async (r) => {
      await r.arrayBuffer();
      return r.status;
    }),
  );
  await new Promise((r) => setTimeout(r, 50));
  const loaded = await signIn();
  const statuses = await Promise.all(load);
  const bulk = performance.now() - started;
  const counts = statuses.reduce<Record<number, number>>((m, s) => ({ ...m, [s]: (m[s] ?? 0) + 1 }), {});
  console.log(`token generations: ${GENERATIONS} x 6 channels, answers ${JSON.stringify(counts)}, all done in ${bulk.toFixed(0)} ms`);
  console.log(`sign-in idle ${idle.toFixed(0)} ms, during the generations ${loaded.toFixed(0)} ms`);
  console.log(`sign-in under load / idle = ${(loaded / idle).toFixed(1)}`);
} finally {
  await t.close();
}
