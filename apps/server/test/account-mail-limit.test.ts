/**
 * Account e-mail per recipient (issue 23 items 6 and 25): a burst of forgot_password or
 * send_verification calls for one address delivers at most ACCOUNT_MAIL_LIMIT.max e-mails in the
 * window (verification included), every call answers the same, the count lives in the shared store
 * (another process's guard sees it), and a request does the same work for a known and an unknown
 * address: one count and one queued account-mail job, no lookup, no token; the job does the rest.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@pesan/contracts/auth';
import { emailTokens } from '../src/db/schema/users.ts';
import { rateLimits } from '../src/db/schema/security.ts';
import { JOBS, QUEUES } from '../src/jobs/registry.ts';
import { ACCOUNT_MAIL_LIMIT, createRecipientMailLimit, recipientKey } from '../src/plugins/rate-limit/recipient-limit.ts';
import { readMails, signUpVerifiedUser, TEST_PASSWORD, waitForAccountMailJobs, waitForMails } from './accounts-helper.ts';
import { createTestApp, sameOrigin, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT: '1000' } });
});
afterAll(async () => t?.close());

const post = (app: TestApp, url: string, payload: object) => app.app.inject({ method: 'POST', url, headers: sameOrigin, payload });
const counted = async (app: TestApp, address: string) =>
  (await app.ctx.database.db.select().from(rateLimits).where(eq(rateLimits.key, recipientKey(address))))[0]?.count ?? 0;

it(`delivers at most ${ACCOUNT_MAIL_LIMIT.max} account e-mails to one address in a burst of five resets, with the same answer to every call`, async () => {
  const { user } = await signUpVerifiedUser(t); // its verification e-mail counts too
  const unknown = 'nobody-at-all@example.com';
  const answers = await Promise.all([...Array(5)].flatMap(() => [post(t, '/api/auth/forgot_password', { email: user.email }), post(t, '/api/auth/forgot_password', { email: unknown })]));
  for (const a of answers) {
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual({ description: AUTH_MESSAGES.forgotDescription });
  }
  await waitForAccountMailJobs(t);
  const mails = readMails(t, user.email);
  expect(mails).toHaveLength(ACCOUNT_MAIL_LIMIT.max);
  expect(mails.filter((m) => m.text.includes('reset-password?token='))).toHaveLength(ACCOUNT_MAIL_LIMIT.max - 1);
  expect(readMails(t, unknown)).toHaveLength(0);
  // Known and unknown addresses are counted alike, before any lookup (the same work either way).
  expect(await counted(t, user.email)).toBe(1 + 5);
  expect(await counted(t, unknown)).toBe(5);
});

it('limits verification e-mail the same way, and any spelling of the address counts as one', async () => {
  const email = 'verify-flood@example.com';
  const reg = await post(t, '/api/auth/register', { fullName: 'Flood', email, phoneNumber: '081234567891', password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD });
  expect(reg.statusCode, reg.body).toBe(201);
  const answers = await Promise.all(['verify-flood@example.com', 'Verify-Flood@Example.com', ' verify-flood@example.com', 'VERIFY-FLOOD@EXAMPLE.COM'].map((e) => post(t, '/api/auth/send_verification', { email: e })));
  const bodies = new Set(answers.map((a) => `${a.statusCode} ${a.body}`));
  expect(bodies.size).toBe(1);
  expect(answers[0]!.json()).toEqual({ description: AUTH_MESSAGES.verificationDescription });
  await waitForMails(t, email, ACCOUNT_MAIL_LIMIT.max);
  await waitForAccountMailJobs(t);
  expect(readMails(t, email)).toHaveLength(ACCOUNT_MAIL_LIMIT.max);
});

it('keeps the count in the shared store: another process’s guard sees it', async () => {
  const address = 'shared-count@example.com';
  const here = createRecipientMailLimit(t.ctx.database.db, undefined);
  const elsewhere = createRecipientMailLimit(t.ctx.database.db, undefined);
  for (let i = 0; i < ACCOUNT_MAIL_LIMIT.max; i++) expect(await (i % 2 ? elsewhere : here).allow(address)).toBe(true);
  expect(await elsewhere.allow(address)).toBe(false);
  expect(await here.allow(address.toUpperCase())).toBe(false);
  expect(await here.allow('someone-else@example.com')).toBe(true);
  // A window ends: a new one starts at 1.
  const short = createRecipientMailLimit(t.ctx.database.db, undefined, { max: 1, windowMs: 1000 });
  expect(await short.allow('short-window@example.com')).toBe(true);
  expect(await short.allow('short-window@example.com')).toBe(false);
  await new Promise((r) => setTimeout(r, 1100));
  expect(await short.allow('short-window@example.com')).toBe(true);
});

describe('the request path (no worker: the queued jobs stay until the test runs them)', () => {
  let q: TestApp;
  beforeAll(async () => {
    q = await createTestApp({ workers: false, env: { AUTH_RATE_LIMIT: '1000' } });
  });
  afterAll(async () => q?.close());

  /** The queued account-mail jobs' data, oldest first. */
  const queued = async () =>
    (await q.ctx.boss.getDb().executeSql(`select data from pgboss.job where name = $1 and state = 'created' order by created_on`, [QUEUES.accountMail])).rows.map(
      (r) => (r as { data: unknown }).data,
    );
  /** Runs every queued account-mail job with the registry's handler, as the worker would. */
  const runQueued = async () => {
    const def = JOBS.find((j) => j.name === QUEUES.accountMail)!;
    for (const job of await q.ctx.boss.fetch(QUEUES.accountMail, { batchSize: 50 })) {
      await def.handler(q.ctx, def.data.parse(job.data));
      await q.ctx.boss.complete(QUEUES.accountMail, job.id);
    }
  };
  /** Runs `call` with the auth service's database wrapped, and returns the statements it started there. */
  const statementsOf = async (call: () => Promise<unknown>) => {
    const real = q.ctx.database;
    const used: string[] = [];
    const db = new Proxy(real.db, {
      get(target, prop, receiver) {
        if (['select', 'selectDistinct', 'insert', 'update', 'delete', 'execute', 'transaction'].includes(String(prop))) used.push(String(prop));
        return Reflect.get(target, prop, receiver);
      },
    });
    q.ctx.database = { ...real, db };
    try {
      await call();
      await q.app.afterAnswer.drain();
    } finally {
      q.ctx.database = real;
    }
    return used;
  };

  it('forgot_password and send_verification do the same for a known and an unknown address: one count, one queued job, no lookup, no token', async () => {
    const { user } = await signUpVerifiedUser(q);
    const unverified = 'not-yet-verified@example.com';
    const reg = await post(q, '/api/auth/register', { fullName: 'Later', email: unverified, phoneNumber: '081234567892', password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD });
    expect(reg.statusCode, reg.body).toBe(201);
    const mailsBefore = readMails(q).length;
    const tokensBefore = await q.ctx.database.db.select().from(emailTokens);

    const calls = [
      ['/api/auth/forgot_password', user.email],
      ['/api/auth/forgot_password', 'nobody-else@example.com'],
      ['/api/auth/send_verification', unverified],
      ['/api/auth/send_verification', 'nobody-either@example.com'],
    ] as const;
    for (const [url, email] of calls) {
      const countBefore = await counted(q, email);
      let answer!: Awaited<ReturnType<typeof post>>;
      // Nothing through the auth service's database: the address is not looked up, no token is written.
      expect(await statementsOf(async () => (answer = await post(q, url, { email }))), `${url} ${email}`).toEqual([]);
      expect(answer.statusCode).toBe(200);
      expect(await counted(q, email)).toBe(countBefore + 1);
    }
    // One job per call, known or not, carrying the address and language only.
    expect(await queued()).toEqual([
      { kind: 'reset', email: user.email, language: 'en' },
      { kind: 'reset', email: 'nobody-else@example.com', language: 'en' },
      { kind: 'verify', email: unverified, language: 'en' },
      { kind: 'verify', email: 'nobody-either@example.com', language: 'en' },
    ]);
    expect(await q.ctx.database.db.select().from(emailTokens)).toEqual(tokensBefore);
    expect(readMails(q)).toHaveLength(mailsBefore);

    // The worker looks the addresses up: tokens and mail for the accounts only.
    await runQueued();
    const tokens = (await q.ctx.database.db.select().from(emailTokens)).filter((r) => !tokensBefore.some((b) => b.tokenHash === r.tokenHash));
    expect(tokens.map((r) => r.kind).sort()).toEqual(['reset', 'verify']);
    expect(readMails(q, user.email).at(-1)!.text).toContain('/auth/reset-password?token=');
    expect(readMails(q, unverified).at(-1)!.text).toContain('/auth/email_verification/');
    expect(readMails(q, 'nobody-else@example.com')).toHaveLength(0);
    expect(readMails(q, 'nobody-either@example.com')).toHaveLength(0);
    expect(readMails(q)).toHaveLength(mailsBefore + 2);
  });

  it('queues nothing more once the address reached the limit, known or not, with the same answer', async () => {
    const { user } = await signUpVerifiedUser(q); // its verification e-mail counts
    const unknown = 'limit-reached@example.com';
    for (let i = 0; i < ACCOUNT_MAIL_LIMIT.max + 1; i++) {
      expect((await post(q, '/api/auth/forgot_password', { email: user.email })).statusCode).toBe(200);
      expect((await post(q, '/api/auth/forgot_password', { email: unknown })).statusCode).toBe(200);
    }
    const jobs = (await queued()) as { email: string }[];
    expect(jobs.filter((j) => j.email === user.email)).toHaveLength(ACCOUNT_MAIL_LIMIT.max - 1);
    expect(jobs.filter((j) => j.email === unknown)).toHaveLength(ACCOUNT_MAIL_LIMIT.max);
  });
});
