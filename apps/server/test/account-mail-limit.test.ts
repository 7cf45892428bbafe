/**
 * Account e-mail per recipient (issue 23 items 6 and 25): a burst of forgot_password or
 * send_verification calls for one address delivers at most ACCOUNT_MAIL_LIMIT.max e-mails in the
 * window (verification included), every call answers the same, the count lives in the shared store
 * (another process's guard sees it), and known and unknown addresses do the same counted work
 * before any lookup, after the answer, which never waits on the token or the mail.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@pesan/contracts/auth';
import { rateLimits } from '../src/db/schema/security.ts';
import type { Mailer } from '../src/lib/mailer.ts';
import { ACCOUNT_MAIL_LIMIT, createRecipientMailLimit, recipientKey } from '../src/plugins/rate-limit/recipient-limit.ts';
import { readMails, signUpVerifiedUser, TEST_PASSWORD, waitForMails } from './accounts-helper.ts';
import { createTestApp, sameOrigin, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ workers: false, env: { AUTH_RATE_LIMIT: '1000' } });
});
afterAll(async () => t?.close());

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: sameOrigin, payload });
const counted = async (address: string) => (await t.ctx.database.db.select().from(rateLimits).where(eq(rateLimits.key, recipientKey(address))))[0]?.count ?? 0;
const settle = () => new Promise((r) => setTimeout(r, 500));

it(`delivers at most ${ACCOUNT_MAIL_LIMIT.max} account e-mails to one address in a burst of five resets, with the same answer to every call`, async () => {
  const { user } = await signUpVerifiedUser(t); // its verification e-mail counts too
  const unknown = 'nobody-at-all@example.com';
  const answers = await Promise.all([...Array(5)].flatMap(() => [post('/api/auth/forgot_password', { email: user.email }), post('/api/auth/forgot_password', { email: unknown })]));
  for (const a of answers) {
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual({ description: AUTH_MESSAGES.forgotDescription });
  }
  await waitForMails(t, user.email, ACCOUNT_MAIL_LIMIT.max);
  await settle();
  const mails = readMails(t, user.email);
  expect(mails).toHaveLength(ACCOUNT_MAIL_LIMIT.max);
  expect(mails.filter((m) => m.text.includes('reset-password?token='))).toHaveLength(ACCOUNT_MAIL_LIMIT.max - 1);
  expect(readMails(t, unknown)).toHaveLength(0);
  // Known and unknown addresses are counted alike, before any lookup (the same work either way).
  expect(await counted(user.email)).toBe(1 + 5);
  expect(await counted(unknown)).toBe(5);
});

it('limits verification e-mail the same way, and any spelling of the address counts as one', async () => {
  const email = 'verify-flood@example.com';
  const reg = await post('/api/auth/register', { fullName: 'Flood', email, phoneNumber: '081234567891', password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD });
  expect(reg.statusCode, reg.body).toBe(201);
  const answers = await Promise.all(['verify-flood@example.com', 'Verify-Flood@Example.com', ' verify-flood@example.com', 'VERIFY-FLOOD@EXAMPLE.COM'].map((e) => post('/api/auth/send_verification', { email: e })));
  const bodies = new Set(answers.map((a) => `${a.statusCode} ${a.body}`));
  expect(bodies.size).toBe(1);
  expect(answers[0]!.json()).toEqual({ description: AUTH_MESSAGES.verificationDescription });
  await waitForMails(t, email, ACCOUNT_MAIL_LIMIT.max);
  await settle();
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

it('answers forgot_password without waiting on the token or the mail, counting known and unknown addresses alike', async () => {
  const { user } = await signUpVerifiedUser(t);
  const real = t.ctx.mailer;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const sent: string[] = [];
  t.ctx.mailer = { ...real, send: async (m) => (sent.push(m.to), held) } as Mailer;
  try {
    const known = await post('/api/auth/forgot_password', { email: user.email });
    const unknown = await post('/api/auth/forgot_password', { email: 'nobody-else@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    // The known address's mail is still being sent (held) while both answers are in.
    for (let i = 0; i < 200 && (!sent.length || !(await counted('nobody-else@example.com'))); i++) await new Promise((r) => setTimeout(r, 10));
    expect(sent).toEqual([user.email]);
    expect(await counted('nobody-else@example.com')).toBe(1);
    expect(await counted(user.email)).toBe(2); // its verification, then this reset
  } finally {
    release();
    t.ctx.mailer = real;
  }
});
