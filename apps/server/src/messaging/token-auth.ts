/**
 * /v1 authentication (ARCHITECTURE.md §6): `Authorization: Bearer <JWT>` from the token file, and
 * signed requests when the application requires them.
 */
import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';
import DataLoader from 'dataloader';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import type { ChannelId } from '@pesan/contracts/channels';
import { SIGNATURE_TOLERANCE_SECONDS, V1_MESSAGES } from '@pesan/contracts/messaging';
import { JWT_AUDIENCE, JWT_ISSUER, signingString } from '@pesan/contracts/token-file';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { findTokensForAuth, type TokenAuthRow } from './messages.repo.ts';
import { claimSignature, deleteUsedSignaturesBefore } from './used-signatures.repo.ts';

/** Who is calling: the verified token and its application. */
export interface V1Auth {
  tokenId: string;
  applicationId: string;
  organizationId: string;
  channel: ChannelId;
  requireSignature: boolean;
  billingType: 'pre-paid' | 'post-paid';
  /** The application's send limit in messages per second (null: V1_RATE_LIMIT per minute). */
  sendRatePerSecond: number | null;
  publicKey: KeyObject;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const keyCache = new Map<string, KeyObject>();

/** The public key of token `id` (immutable per token, so cached; at most 1000 entries). */
function publicKeyOf(id: string, pem: string): KeyObject {
  let key = keyCache.get(id);
  if (!key) {
    key = createPublicKey(pem);
    if (keyCache.size >= 1000) keyCache.delete(keyCache.keys().next().value!);
    keyCache.set(id, key);
  }
  return key;
}

/**
 * Token lookups of one database, gathered (ARCHITECTURE.md §6.5): the lookups of requests arriving
 * together go to the database as one statement, never a round trip per request, and nothing is
 * cached, so a revoked token, a deleted application or a removed channel is refused at once.
 */
const tokenLoaders = new WeakMap<Db, DataLoader<string, TokenAuthRow | null>>();
function loadToken(db: Db, id: string): Promise<TokenAuthRow | null> {
  let loader = tokenLoaders.get(db);
  if (!loader) {
    loader = new DataLoader(
      async (ids) => {
        const rows = new Map((await findTokensForAuth(db, ids)).map((r) => [r.id, r]));
        return ids.map((id) => rows.get(id) ?? null);
      },
      // Gathered until the event loop has read every request that arrived together (setImmediate
      // runs after the I/O callbacks of the turn), not only those parsed in one callback.
      { cache: false, maxBatchSize: 500, batchScheduleFn: (run) => setImmediate(run) },
    );
    tokenLoaders.set(db, loader);
  }
  return loader.load(id.toLowerCase());
}

/**
 * Bearer tokens whose RS256 signature, issuer, audience and claims were verified against their
 * token's public key (all immutable for a token id), so a token seen again skips the RSA check:
 * whether it is still valid (revoked, application deleted, channel removed) is read every time.
 * Keyed by the whole token string; at most VERIFIED_MAX entries, oldest dropped first.
 */
const verifiedTokens = new Set<string>();
const VERIFIED_MAX = 5000;
function rememberVerified(jwt: string): void {
  if (verifiedTokens.size >= VERIFIED_MAX) verifiedTokens.delete(verifiedTokens.values().next().value!);
  verifiedTokens.add(jwt);
}

const unauthorized = (message: string = V1_MESSAGES.invalidToken) => new AppError('unauthorized', message);

/**
 * Verifies the bearer token: header `kid` -> access_tokens row -> RS256 signature with the stored
 * public key, issuer and audience, and claims matching the row.
 * `channel` is the channel of the route (undefined for GET /v1/messages/{id}: any channel).
 * @throws AppError 401 `unauthorized` (missing, malformed, unknown, revoked or forged token);
 *   403 `channel_not_enabled` (token of another channel, or the application was deleted or no
 *   longer has the channel).
 */
export async function authenticateBearer(db: Db, authorization: string | undefined, channel: ChannelId | undefined): Promise<V1Auth> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match) throw unauthorized(V1_MESSAGES.missingToken);
  const jwt = match[1]!;
  let kid: string | undefined;
  try {
    const header = decodeProtectedHeader(jwt);
    if (header.alg !== 'RS256') throw new Error('alg');
    kid = header.kid;
  } catch {
    throw unauthorized();
  }
  if (!kid || !UUID.test(kid)) throw unauthorized();
  const row = await loadToken(db, kid);
  if (!row || row.isRevoke) throw unauthorized();
  const publicKey = publicKeyOf(row.id, row.publicKeyPem);
  if (!verifiedTokens.has(jwt)) {
    try {
      const { payload } = await jwtVerify(jwt, publicKey, { issuer: JWT_ISSUER, audience: JWT_AUDIENCE, algorithms: ['RS256'] });
      if (payload.sub !== row.applicationId || payload.jti !== row.id || payload['channel'] !== row.channel || payload['org'] !== row.organizationId) {
        throw new Error('claims');
      }
    } catch {
      throw unauthorized();
    }
    rememberVerified(jwt);
  }
  if (row.applicationDeleted) throw new AppError('channel_not_enabled', V1_MESSAGES.channelNotEnabled);
  if (channel && row.channel !== channel) throw new AppError('channel_not_enabled', V1_MESSAGES.channelNotEnabled);
  if (!row.channelEnabled) throw new AppError('channel_not_enabled', V1_MESSAGES.channelNotEnabled);
  return {
    tokenId: row.id,
    applicationId: row.applicationId,
    organizationId: row.organizationId,
    channel: row.channel as ChannelId,
    requireSignature: row.requireSignature,
    billingType: row.billingType,
    sendRatePerSecond: row.sendRatePerSecond,
    publicKey,
  };
}

/**
 * Checks a signed request (ARCHITECTURE.md §6): `X-Timestamp` unix seconds within
 * SIGNATURE_TOLERANCE_SECONDS (300) of `now`, and `X-Signature` base64 RSA-SHA256 over
 * `METHOD:PATH:TIMESTAMP:hex(sha256(body))` made with the token file's private key.
 * `path` includes the query string; `rawBody` is the body exactly as received ('' when none).
 * @throws AppError 401 `unauthorized` when missing, expired or not matching.
 */
export function verifyRequestSignature(
  auth: V1Auth,
  req: { method: string; path: string; timestamp: string | undefined; signature: string | undefined; rawBody: string },
  now: Date,
): void {
  if (!req.timestamp || !req.signature) throw unauthorized(V1_MESSAGES.missingSignature);
  if (!/^\d{1,12}$/.test(req.timestamp)) throw unauthorized(V1_MESSAGES.invalidSignature);
  if (Math.abs(Math.floor(now.getTime() / 1000) - Number(req.timestamp)) > SIGNATURE_TOLERANCE_SECONDS) {
    throw unauthorized(V1_MESSAGES.expiredSignature);
  }
  const bodyHash = createHash('sha256').update(req.rawBody, 'utf8').digest('hex');
  const data = Buffer.from(signingString(req.method, req.path, req.timestamp, bodyHash), 'utf8');
  let ok = false;
  try {
    ok = verify('sha256', data, auth.publicKey, Buffer.from(req.signature, 'base64'));
  } catch {
    ok = false;
  }
  if (!ok) throw unauthorized(V1_MESSAGES.invalidSignature);
}

/**
 * Refuses a signed request seen before (issue 6: a captured request replayed within the 5-minute
 * window sent twice). The signature is remembered until its timestamp leaves the window; RSA
 * PKCS#1 v1.5 signatures are deterministic, so the same method, path, timestamp and body is the
 * same request. Call after verifyRequestSignature succeeded.
 * @throws AppError 401 `unauthorized` V1_MESSAGES.replayedSignature for a repeat.
 */
export async function refuseReplayedSignature(db: Db, signature: string, timestamp: string): Promise<void> {
  const hash = createHash('sha256').update(signature, 'utf8').digest('hex');
  const expiresAt = new Date((Number(timestamp) + SIGNATURE_TOLERANCE_SECONDS) * 1000);
  if (!(await claimSignature(db, hash, expiresAt))) throw unauthorized(V1_MESSAGES.replayedSignature);
}

/** Forgets signatures whose replay window ended by `now` (maintenance job). Returns how many. */
export function pruneUsedSignatures(db: Db, now: Date): Promise<number> {
  return deleteUsedSignaturesBefore(db, now);
}
