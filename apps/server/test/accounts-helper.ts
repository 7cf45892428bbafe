/**
 * Account helpers for API tests: sign up a verified user the way a person does (register -> the
 * verification link from the captured e-mail -> login) and give them an organization.
 *
 *   const { cookie, user } = await signUpVerifiedUser(t);
 *   const { organizationId } = await createOrganizationFor(t, cookie);
 *   await t.app.inject({ method: 'POST', url: '/api/…', headers: { ...sameOrigin, cookie }, payload });
 *
 * Mail is read from the file outbox `<t.dataDir>/mail` (the harness sets no SMTP_URL). Register and
 * login are rate limited per IP (AUTH_RATE_LIMIT per minute, default 30 per route): one app serves
 * about 30 sign-ups a minute; pass `env: { AUTH_RATE_LIMIT: '1000' }` to createTestApp for more.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { User } from '@pesan/contracts/auth';
import { QUEUES } from '../src/jobs/registry.ts';
import { cookieFrom, type TestApp } from './harness.ts';

export interface SignUpInput {
  fullName: string;
  email: string;
  phoneNumber: string;
  password: string;
}

export interface CapturedMail {
  file: string;
  to: string;
  subject: string;
  /** Decoded plain-text part. */
  text: string;
  /** Decoded HTML part. */
  html: string;
}

/** A password that satisfies every rule (console.md §5). */
export const TEST_PASSWORD = 'Secret#123';

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const src = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < src.length; i++) {
    if (src[i] === '=' && /^[0-9A-F]{2}$/i.test(src.slice(i + 1, i + 3))) {
      bytes.push(parseInt(src.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(src[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodePart(part: string): { type: string; body: string } {
  const split = part.search(/\r?\n\r?\n/);
  const head = part.slice(0, split);
  const body = part.slice(split).replace(/^\r?\n\r?\n/, '').replace(/\r?\n$/, '');
  const type = /content-type:\s*([^;\s]+)/i.exec(head)?.[1]?.toLowerCase() ?? 'text/plain';
  const enc = /content-transfer-encoding:\s*(\S+)/i.exec(head)?.[1]?.toLowerCase() ?? '7bit';
  if (enc === 'quoted-printable') return { type, body: decodeQuotedPrintable(body) };
  if (enc === 'base64') return { type, body: Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') };
  return { type, body };
}

/** Parses one `.eml` written by the file outbox (multipart/alternative with text and HTML). */
export function parseEml(file: string, raw: string): CapturedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';
  const boundary = /boundary="?([^";]+)"?/i.exec(headers)?.[1];
  let text = '';
  let html = '';
  if (boundary) {
    for (const chunk of raw.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const part = decodePart(chunk.replace(/^\r?\n/, ''));
      if (part.type === 'text/plain') text = part.body;
      if (part.type === 'text/html') html = part.body;
    }
  } else {
    const part = decodePart(raw);
    if (part.type === 'text/html') html = part.body;
    else text = part.body;
  }
  return { file, to: header('To'), subject: header('Subject'), text, html };
}

/** Every message in the test app's file outbox, oldest first; `to` filters by recipient. */
export function readMails(t: TestApp, to?: string): CapturedMail[] {
  const dir = join(t.dataDir, 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => parseEml(f, readFileSync(join(dir, f), 'utf8')))
    .filter((m) => !to || m.to.toLowerCase() === to.toLowerCase());
}

/** The token of the newest verification (`kind` 'verify') or reset link e-mailed to `email`. */
export function tokenFromMail(t: TestApp, email: string, kind: 'verify' | 'reset' = 'verify'): string {
  const pattern = kind === 'verify' ? /\/auth\/email_verification\/([A-Za-z0-9_-]+)/ : /\/auth\/reset-password\?token=([A-Za-z0-9_-]+)/;
  const mails = readMails(t, email).filter((m) => pattern.test(m.text));
  const last = mails[mails.length - 1];
  if (!last) throw new Error(`no ${kind} e-mail to ${email}`);
  return pattern.exec(last.text)![1]!;
}

/**
 * Waits (up to `timeoutMs`) until at least `count` e-mails to `email` are in the outbox, for mail
 * sent by a job (forgot_password, send_verification) or after the answer. Returns them.
 */
export async function waitForMails(t: TestApp, email: string, count = 1, timeoutMs = 20_000): Promise<CapturedMail[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mails = readMails(t, email);
    if (mails.length >= count) return mails;
    if (Date.now() > until) throw new Error(`expected ${count} e-mail(s) to ${email}, found ${mails.length}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Waits (up to `timeoutMs`) until no `account-mail` job (forgot_password, send_verification) is
 * queued, waiting for a retry or running: every such e-mail that will go has gone (the app needs
 * its workers). For asserting that an address got nothing, without sleeping.
 */
export async function waitForAccountMailJobs(t: TestApp, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await t.ctx.boss.getDb().executeSql(`select count(*)::int as n from pgboss.job where name = $1 and state < 'completed'`, [QUEUES.accountMail]);
    if ((rows[0] as { n: number }).n === 0) return;
    if (Date.now() > until) throw new Error('account-mail jobs still pending');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The newest reset token e-mailed to `email` after POST /api/auth/forgot_password (waits for the mail). */
export async function resetTokenFor(t: TestApp, email: string): Promise<string> {
  const until = Date.now() + 20_000;
  for (;;) {
    try {
      return tokenFromMail(t, email, 'reset');
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

/**
 * Registers, verifies (link from the captured e-mail) and signs in a new user.
 * @returns the session `cookie` header value, the `user` JSON and the `password`.
 */
export async function signUpVerifiedUser(
  t: TestApp,
  overrides: Partial<SignUpInput> & { remember?: boolean } = {},
): Promise<{ cookie: string; user: User; password: string }> {
  const input: SignUpInput = {
    fullName: 'Test User',
    email: `user-${randomBytes(5).toString('hex')}@example.com`,
    phoneNumber: '081234567890',
    password: TEST_PASSWORD,
    ...overrides,
  };
  const sameOrigin = { origin: t.ctx.config.publicOrigin };
  const reg = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: sameOrigin,
    payload: { ...input, confirmPassword: input.password },
  });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.statusCode} ${reg.body}`);
  const token = tokenFromMail(t, input.email.toLowerCase());
  const verify = await t.app.inject({ method: 'PATCH', url: `/api/auth/email_verification/${token}`, headers: sameOrigin });
  if (verify.statusCode !== 200) throw new Error(`verification failed: ${verify.statusCode} ${verify.body}`);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: sameOrigin,
    payload: { email: input.email, password: input.password, remember: overrides.remember ?? false },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  return { cookie: cookieFrom(login), user: login.json().data as User, password: input.password };
}

/**
 * Creates an organization for the signed-in user of `cookie` (the session sees it at once).
 * @returns `{organizationId}`.
 */
export async function createOrganizationFor(
  t: TestApp,
  cookie: string,
  overrides: Partial<{ business_name: string; business_phone: string; business_address: string; website_url: string }> = {},
): Promise<{ organizationId: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/organization',
    headers: { origin: t.ctx.config.publicOrigin, cookie },
    payload: {
      business_name: 'Test Business',
      business_phone: '0215550100',
      business_address: 'Jl. Test No. 1, Jakarta',
      website_url: 'https://example.com',
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`organization failed: ${res.statusCode} ${res.body}`);
  return { organizationId: res.json().data.id as string };
}

/** signUpVerifiedUser + createOrganizationFor in one call; `user.organizationId` is filled. */
export async function signUpWithOrganization(
  t: TestApp,
  overrides: Partial<SignUpInput> = {},
): Promise<{ cookie: string; user: User; password: string; organizationId: string }> {
  const account = await signUpVerifiedUser(t, overrides);
  const { organizationId } = await createOrganizationFor(t, account.cookie);
  return { ...account, user: { ...account.user, organizationId }, organizationId };
}
