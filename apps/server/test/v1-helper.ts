/**
 * /v1 test helpers: organization, user, application, channels and access tokens created directly in
 * the database, tokens made exactly as the token module issues them (contracts/token-file.ts).
 */
import { createHash, createSign, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ChannelId } from '@pesan/contracts/channels';
import { signingString } from '@pesan/contracts/token-file';
import { mintToken } from '../src/modules/token/token.service.ts';
import { organizations } from '../src/db/schema/organizations.ts';
import { users } from '../src/db/schema/users.ts';
import { accessTokens, applicationChannels, applications } from '../src/db/schema/applications.ts';
import { messageEvents, messages } from '../src/db/schema/messages.ts';
import type { Db } from '../src/db/client.ts';
import type { TestApp } from './harness.ts';

export interface TokenPair {
  tokenId: string;
  accessToken: string;
  privateKeyPem: string;
}

export interface AppWithTokens {
  applicationId: string;
  organizationId: string;
  tokens: Record<ChannelId, TokenPair>;
}

/** Issues a token for (application, channel) with the token module's own minting; older tokens stay valid. */
export async function issueToken(t: TestApp, a: { applicationId: string; organizationId: string }, channel: ChannelId): Promise<TokenPair> {
  const { row, entry } = await mintToken(a, channel, new Date());
  await t.ctx.database.db.insert(accessTokens).values(row);
  return { tokenId: row.id, accessToken: entry.accessToken, privateKeyPem: entry.privateKeyPem };
}

/**
 * Inserts an organization, its user and one application (no sign-up, no channels).
 * `billingType` default 'post-paid'; `requireSignature` default false; `name` default 'Test App'.
 */
export async function insertTenant(
  db: Db,
  opts: { name?: string; billingType?: 'pre-paid' | 'post-paid'; requireSignature?: boolean } = {},
): Promise<{ organizationId: string; applicationId: string }> {
  const [org] = await db
    .insert(organizations)
    .values({ businessName: 'Test Org', businessPhone: '+6281200000000', businessAddress: 'Jakarta' })
    .returning({ id: organizations.id });
  const [user] = await db
    .insert(users)
    .values({ fullName: 'Test User', email: `u-${randomUUID()}@example.com`, phoneNumber: '+6281200000000', passwordHash: 'x', organizationId: org!.id, role: 'owner' })
    .returning({ id: users.id });
  const [app] = await db
    .insert(applications)
    .values({ organizationId: org!.id, userId: user!.id, name: opts.name ?? 'Test App', billingType: opts.billingType ?? 'post-paid', requireSignature: opts.requireSignature ?? false })
    .returning({ id: applications.id });
  return { organizationId: org!.id, applicationId: app!.id };
}

/**
 * Creates an organization, a user, an application with `channels` and one access token per channel.
 * `billingType` default 'post-paid'; `requireSignature` default false.
 */
export async function createAppWithToken(
  t: TestApp,
  opts: { channels: ChannelId[]; billingType?: 'pre-paid' | 'post-paid'; requireSignature?: boolean },
): Promise<AppWithTokens> {
  const db = t.ctx.database.db;
  const ids = await insertTenant(db, opts);
  if (opts.channels.length) await db.insert(applicationChannels).values(opts.channels.map((channel) => ({ applicationId: ids.applicationId, organizationId: ids.organizationId, channel })));
  const tokens = {} as Record<ChannelId, TokenPair>;
  for (const channel of opts.channels) tokens[channel] = await issueToken(t, ids, channel);
  return { ...ids, tokens };
}

/** Headers of a signed request (ARCHITECTURE.md §6). */
export function signHeaders(privateKeyPem: string, method: string, path: string, body: string, timestamp = Math.floor(Date.now() / 1000)): Record<string, string> {
  const ts = String(timestamp);
  const hash = createHash('sha256').update(body, 'utf8').digest('hex');
  const signature = createSign('sha256').update(signingString(method, path, ts, hash)).sign(privateKeyPem, 'base64');
  return { 'x-timestamp': ts, 'x-signature': signature };
}

/** POSTs `body` to `/v1{path}` with the bearer token (and extra headers). */
export async function v1Post(t: TestApp, path: string, token: string, body: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/v1${path}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** GET /v1/messages/{id}. */
export async function v1Get(t: TestApp, id: string, token: string) {
  return t.app.inject({ method: 'GET', url: `/v1/messages/${id}`, headers: { authorization: `Bearer ${token}` } });
}

/** Polls GET /v1/messages/{id} until its status is `status` (bounded: `timeoutMs`). Returns the last body. */
export async function waitForStatus(t: TestApp, id: string, token: string, status: string, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  let body: { status: string; events: { status: string; at: string; reason: string | null }[] } & Record<string, unknown>;
  do {
    body = (await v1Get(t, id, token)).json();
    if (body.status === status) return body;
    await new Promise((r) => setTimeout(r, 100));
  } while (Date.now() < until);
  throw new Error(`message ${id} stayed at ${body.status}, expected ${status}`);
}

/** The message row and its event statuses straight from the database. */
export async function messageFromDb(t: TestApp, id: string) {
  const db = t.ctx.database.db;
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  const events = await db.select().from(messageEvents).where(eq(messageEvents.messageId, id)).orderBy(messageEvents.id);
  return { row, events: events.map((e) => e.status) };
}
