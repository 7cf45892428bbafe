/**
 * Runs the code samples of the API documentation (docs/api, issue 14) against a real server: used
 * by docs-samples.test.ts (every sample must give the recorded response) and by the record script
 * (`npm run docs:record`, apps/server/scripts/docs-record.ts, which writes the recorded responses).
 *
 * The world the samples run in (createSampleWorld), built through the API as a customer does:
 * an organization with three applications — `main` (post-paid, every channel), `prepaid` (pre-paid,
 * every channel, no quota) and `signed` (SMS, 'Require signed requests' on) — the key file of each
 * (every channel's access token and private key), an APPROVED WhatsApp template `order_shipped`
 * of `main` (created through POST /v1/whatsapp/templates and approved by the sandbox reviewer), and
 * an SMS of `main` that reached `delivered`.
 *
 * Pages whose samples act on something a sample changes for good get it made fresh before each of
 * their samples runs (PAGE_SETUPS, by slug), so every language, and every page in any order, finds
 * the same state. The Verify pages (issue 27) each get their own verification, started through
 * POST /v1/verify with the SMS OTP token of `main`, to a number of their own (at most 5
 * verifications per recipient an hour): `check-verification` one of 4 digits whose code the world
 * finds from the stored HMAC (with the key the server derives from SESSION_SECRET, trying every
 * code, as verify.test.ts does: the sandbox shows the code nowhere else), `resend-verification` one
 * whose last send is 31 seconds old (its `last_send_at` moved back in the test database, as waiting
 * would), `cancel-verification` and `get-verification` a pending one.
 *
 * What a sample sees: the base URL is written `http://localhost:3000` in the samples (replaced by
 * the server's real address), and the environment holds PESAN_TOKEN (the access token of the page's
 * `token` channel and `application`), PESAN_KEY_FILE (the path of that application's key file) and
 * PESAN_MESSAGE_ID (the delivered SMS), and on the Verify pages PESAN_VERIFICATION_ID (the page's
 * verification) and PESAN_VERIFY_CODE (its code, for the check). curl samples run with bash, NodeJS samples with node (an
 * ES module: top-level await), PHP samples with php after `php -l`. A page's `before_each`
 * requests run (with its token) before each language's sample, so a sample that creates or deletes
 * something finds the same state every time.
 *
 * Normalisation (normaliseResponse): the output is parsed as JSON and the values that differ on
 * every run are replaced by `"<volatile>"`: ids (`id`, `message_id`, `application_id`,
 * `request_id`), times (`created_at`, `updated_at`, `at`, `timestamp`, `expires_at`), the Voice OTP code
 * (`otp`) and list cursors (`before`, `after`, `next`). Everything else — statuses, codes,
 * messages, counts, countries, the shape itself — must be equal.
 */
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHANNEL_IDS, type ChannelId } from '@pesan/contracts/channels';
import { formatTokenFile, parseTokenFile, type TokenFileEntry } from '@pesan/contracts/token-file';
import { eq } from 'drizzle-orm';
import { verifications } from '../src/db/schema/verifications.ts';
import { verifyCodeKey } from '../src/modules/verify/verify.service.ts';
import { DOCS_SAMPLE_BASE_URL, withBaseUrl, type DocPageSource, type SampleTag } from '../src/modules/docs/docs-markdown.ts';
import { signUpWithOrganization } from './accounts-helper.ts';
import type { TestApp } from './harness.ts';

/** The base URL the samples are written with. */
export const SAMPLE_BASE_URL = DOCS_SAMPLE_BASE_URL;
/** Keys whose values change on every run (see the module comment). */
export const VOLATILE_KEYS = new Set(['id', 'batch_id', 'message_id', 'application_id', 'request_id', 'created_at', 'updated_at', 'at', 'timestamp', 'expires_at', 'otp', 'before', 'after', 'next']);

export type SampleApplication = 'main' | 'prepaid' | 'signed';

export interface SampleWorld {
  baseUrl: string;
  /** Per application: the access token of each of its channels, and the key file's path. */
  apps: Record<SampleApplication, { id: string; tokens: Partial<Record<ChannelId, string>>; keyFile: string }>;
  /** An SMS of `main` that reached `delivered`. */
  messageId: string;
  /** Where the key files and the samples' files are written. */
  dir: string;
  /** Starts a verification of `main` over SMS (its SMS OTP token) to `to`; its id and, when asked, its code. */
  startVerification(to: string, opts?: { codeLength?: number; lastSendSecondsAgo?: number; withCode?: boolean }): Promise<{ id: string; code?: string }>;
  close(): void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The approved template the WhatsApp samples send. */
export const ORDER_SHIPPED_TEMPLATE = {
  name: 'order_shipped',
  language: 'en',
  category: 'UTILITY',
  components: [
    { type: 'BODY', text: 'Hi {{1}}, your order {{2}} has shipped and will arrive within 2 days.', example: { body_text: [['Budi', 'A-1042']] } },
  ],
};

async function expectOk(what: string, res: { statusCode: number; body: string }): Promise<void> {
  if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body.slice(0, 300)}`);
}

/** Creates the world of the module comment on `t`, whose server listens at `baseUrl`. */
export async function createSampleWorld(t: TestApp, baseUrl: string): Promise<SampleWorld> {
  const dir = mkdtempSync(join(tmpdir(), 'pesan-doc-samples-'));
  const account = await signUpWithOrganization(t, { fullName: 'Docs Samples', email: `docs-samples-${Date.now()}@example.com` });
  const headers = { origin: t.ctx.config.publicOrigin, cookie: account.cookie };
  const makeApp = async (name: string, channels: readonly ChannelId[], requireSignature: boolean) => {
    const created = await t.app.inject({ method: 'POST', url: '/api/application', headers, payload: { applicationName: name, requireSignature, channels: channels.map((channel) => ({ channel })) } });
    await expectOk(`create application ${name}`, created);
    const id = (created.json().id ?? created.json().data?.id) as string;
    const entries: TokenFileEntry[] = [];
    for (const channel of channels) {
      const res = await t.app.inject({ method: 'POST', url: `/api/channel/generate/access-token/${id}`, headers, payload: { channel } });
      await expectOk(`generate the ${channel} token of ${name}`, res);
      entries.push(parseTokenFile(res.body).find((e) => e.channel === channel)!);
    }
    const keyFile = join(dir, `${id}.txt`);
    writeFileSync(keyFile, formatTokenFile(entries, new Date()), { mode: 0o600 });
    return { id, tokens: Object.fromEntries(entries.map((e) => [e.channel, e.accessToken])) as Partial<Record<ChannelId, string>>, keyFile };
  };
  const main = await makeApp('Docs Samples', CHANNEL_IDS, false);
  const prepaid = await makeApp('Docs Samples Prepaid', CHANNEL_IDS, false);
  // Pre-paid with no quota, as the operator CLI sets it.
  await t.ctx.services.admin.runAdminCommand({ command: 'billing', app: prepaid.id, type: 'pre-paid' }, new Date());
  const signed = await makeApp('Docs Samples Signed', ['sms'], true);

  const v1 = (token: string, method: string, url: string, payload?: unknown) =>
    t.app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json' } : {}) }, ...(payload ? { payload: JSON.stringify(payload) } : {}) });

  // The approved template of the WhatsApp samples: created as a customer does, approved by the sandbox reviewer.
  await expectOk('create order_shipped', await v1(main.tokens.whatsapp!, 'POST', '/v1/whatsapp/templates', ORDER_SHIPPED_TEMPLATE));
  for (let i = 0; ; i++) {
    const list = await v1(main.tokens.whatsapp!, 'GET', '/v1/whatsapp/templates?name=order_shipped');
    const status = (list.json().data as { status: string }[])[0]?.status;
    if (status === 'APPROVED') break;
    if (i > 150 || (status && status !== 'PENDING')) throw new Error(`order_shipped was not approved (${status}): ${list.body.slice(0, 300)}`);
    await sleep(100);
  }
  // A delivered SMS for the message-status samples.
  const sent = await v1(main.tokens.sms!, 'POST', '/v1/sms/messages', { to: '+6281234567890', text: 'Your order A-1042 has shipped' });
  await expectOk('send the SMS', sent);
  const messageId = sent.json().id as string;
  for (let i = 0; ; i++) {
    const got = await v1(main.tokens.sms!, 'GET', `/v1/messages/${messageId}`);
    if (got.json().status === 'delivered') break;
    if (i > 150) throw new Error(`the SMS did not reach delivered: ${got.body.slice(0, 300)}`);
    await sleep(100);
  }

  // Verify (PAGE_SETUPS): the server's code key (HKDF of SESSION_SECRET, as services.ts binds it).
  const codeKey = verifyCodeKey(t.ctx.config.sessionSecret);
  const db = t.ctx.database.db;
  const startVerification: SampleWorld['startVerification'] = async (to, opts = {}) => {
    const res = await v1(main.tokens.sms_otp!, 'POST', '/v1/verify', { to, channel: 'sms', ...(opts.codeLength ? { code_length: opts.codeLength } : {}) });
    await expectOk(`start a verification to ${to}`, res);
    const id = res.json().id as string;
    if (opts.lastSendSecondsAgo !== undefined) {
      await db.update(verifications).set({ lastSendAt: new Date(Date.now() - opts.lastSendSecondsAgo * 1000) }).where(eq(verifications.id, id));
    }
    if (!opts.withCode) return { id };
    const [row] = await db.select({ codeHmac: verifications.codeHmac, codeLength: verifications.codeLength }).from(verifications).where(eq(verifications.id, id));
    if (!row || row.codeLength > 5) throw new Error(`verification ${id}: its code can be found only when it has at most 5 digits`);
    for (let n = 0; n < 10 ** row.codeLength; n++) {
      const code = String(n).padStart(row.codeLength, '0');
      if (createHmac('sha256', codeKey).update(`${id}:${code}`).digest('hex') === row.codeHmac) return { id, code };
    }
    throw new Error(`verification ${id}: no code matches its HMAC`);
  };
  return { baseUrl, apps: { main, prepaid, signed }, messageId, dir, startVerification, close: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * What a page's samples need made fresh before each of them runs, by slug (see the module
 * comment): more environment variables. Each Verify page has its own recipient.
 */
const PAGE_SETUPS: Record<string, (world: SampleWorld) => Promise<Record<string, string>>> = {
  'check-verification': async (world) => {
    const v = await world.startVerification('+6281234567811', { codeLength: 4, withCode: true });
    return { PESAN_VERIFICATION_ID: v.id, PESAN_VERIFY_CODE: v.code! };
  },
  'resend-verification': async (world) => ({ PESAN_VERIFICATION_ID: (await world.startVerification('+6281234567812', { lastSendSecondsAgo: 31 })).id }),
  'cancel-verification': async (world) => ({ PESAN_VERIFICATION_ID: (await world.startVerification('+6281234567813')).id }),
  'get-verification': async (world) => ({ PESAN_VERIFICATION_ID: (await world.startVerification('+6281234567814')).id }),
};

/** Whether `php` (with the curl extension) can run here. */
export async function phpAvailable(): Promise<boolean> {
  const r = await run('php', ['-r', 'exit(function_exists("curl_init") ? 0 : 3);'], {}, tmpdir()).catch(() => null);
  return r?.code === 0;
}

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(cmd: string, args: string[], env: Record<string, string>, cwd: string, timeoutMs = 30_000): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The environment a page's samples run with (see the module comment). */
export function sampleEnv(world: SampleWorld, page: DocPageSource): Record<string, string> {
  const app = world.apps[page.meta.application ?? 'main'];
  const channel = page.meta.token ?? 'sms';
  const token = app.tokens[channel];
  if (!token) throw new Error(`${page.file}: application ${page.meta.application ?? 'main'} has no ${channel} token`);
  return { PESAN_TOKEN: token, PESAN_KEY_FILE: app.keyFile, PESAN_MESSAGE_ID: world.messageId };
}

/** Runs the page's `before_each` requests with the page's token (any answer below 500 is fine). */
async function beforeEach(world: SampleWorld, page: DocPageSource): Promise<void> {
  const token = sampleEnv(world, page).PESAN_TOKEN;
  for (const r of page.meta.before_each ?? []) {
    const res = await fetch(`${world.baseUrl}${r.path}`, {
      method: r.method,
      headers: { authorization: `Bearer ${token}`, ...(r.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(r.body !== undefined ? { body: JSON.stringify(r.body) } : {}),
    });
    if (res.status >= 500) throw new Error(`${page.file}: before_each ${r.method} ${r.path} answered ${res.status}: ${await res.text()}`);
  }
  // Signed requests: RSA PKCS#1 v1.5 signatures are deterministic, so the same body signed in the
  // same second is the same request, refused as a replay. Start each sample in a new second.
  if (page.meta.application === 'signed') await sleep(1000 - (Date.now() % 1000) + 20);
}

const FILE_NAMES: Record<SampleTag, string> = { curl: 'sample.sh', js: 'sample.mjs', php: 'sample.php' };

/**
 * Runs the page's `tag` sample against the world's server and returns what it printed.
 * @throws Error when it exits non-zero (with its output), or PHP finds a syntax error.
 */
export async function runSample(world: SampleWorld, page: DocPageSource, tag: SampleTag): Promise<string> {
  const code = page.samples[tag];
  if (code === undefined) throw new Error(`${page.file} has no ${tag} sample`);
  const cwd = mkdtempSync(join(world.dir, 'run-'));
  const file = join(cwd, FILE_NAMES[tag]);
  writeFileSync(file, `${withBaseUrl(code, world.baseUrl)}\n`);
  await beforeEach(world, page);
  const env = { ...sampleEnv(world, page), ...(await PAGE_SETUPS[page.meta.slug]?.(world)) };
  if (tag === 'php') {
    const lint = await run('php', ['-l', file], env, cwd);
    if (lint.code !== 0) throw new Error(`${page.file}: php -l failed:\n${lint.stdout}${lint.stderr}`);
  }
  const [cmd, args] = tag === 'curl' ? ['bash', ['-eo', 'pipefail', file]] : tag === 'js' ? [process.execPath, [file]] : ['php', [file]];
  const r = await run(cmd, args as string[], env, cwd);
  if (r.code !== 0) throw new Error(`${page.file}: the ${tag} sample exited with ${r.code}:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** `value` with every VOLATILE_KEYS value (a string or number) replaced by "<volatile>". */
export function normaliseValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normaliseValue);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, VOLATILE_KEYS.has(k) && (typeof v === 'string' || typeof v === 'number') ? '<volatile>' : normaliseValue(v)]),
    );
  }
  return value;
}

/** A sample's printed output (JSON) normalised for comparison. @throws Error when it is not JSON. */
export function normaliseResponse(output: string): unknown {
  try {
    return normaliseValue(JSON.parse(output));
  } catch {
    throw new Error(`the output is not JSON: ${output.slice(0, 500)}`);
  }
}

/** The recorded form of an output: the JSON, indented by 2. */
export function formatResponse(output: string): string {
  return JSON.stringify(JSON.parse(output), null, 2);
}
