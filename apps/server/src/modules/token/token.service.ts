/**
 * Channel access tokens (console.md §4 Token status, §7 "Channel and application", §8;
 * ARCHITECTURE.md §5, §6). Each generation makes a fresh RSA key pair: the JWT is RS256-signed with
 * the private key, which goes only into the downloaded token file; the server keeps the public key.
 */
import { generateKeyPair, randomUUID, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import pLimit from 'p-limit';
import { SignJWT } from 'jose';
import { TOKEN_MESSAGES, type Application, type TokenStatus, type TokenStatusEntry } from '@pesan/contracts/application';
import type { ChannelId } from '@pesan/contracts/channels';
import { JWT_AUDIENCE, JWT_ISSUER, formatTokenFile, type TokenFileEntry } from '@pesan/contracts/token-file';
import type { Db } from '../../db/client.ts';
import { fieldError } from '../../lib/errors.ts';
import { getApplication } from '../application/application.service.ts';
import * as repo from './token.repo.ts';

/** A generated token: the file text (JWT + private key PEM per channel), the ids of the new rows, and the application's name and the channels (for the audit log). */
export interface GeneratedTokenFile {
  applicationId: string;
  applicationName: string;
  channels: ChannelId[];
  text: string;
  tokenIds: string[];
}

const generateRsaKeyPair = promisify(generateKeyPair);

/**
 * RSA key generation runs on libuv's thread pool (4 threads), which password hashing (argon2) and
 * file I/O share. Unbounded, 30 bulk generations queued 180 key pairs ahead of every other user's
 * sign-in (18.5 s, issue 6 defect 7). One key pair at a time per process leaves the other threads
 * free; generation is also rate-limited per user (token.routes.ts).
 */
const keyGeneration = pLimit(1);

/** A new RSA-2048 key pair, generated off the event loop, one at a time per process. */
function newRsaKeyPair(): Promise<{ publicKey: KeyObject; privateKey: KeyObject }> {
  return keyGeneration(() => generateRsaKeyPair('rsa', { modulusLength: 2048, publicExponent: 0x10001 }));
}

/**
 * Makes one RSA key pair and JWT for `channel` of the application `owner`; stores nothing.
 * JWT header `{alg:'RS256', kid: tokenId, typ:'JWT'}`, claims `{iss, aud, sub: applicationId, org,
 * channel, jti: tokenId, iat}` (iat in seconds). Returns the row to store (public key only) and the
 * token-file entry (JWT + PKCS#8 private key) for the download.
 */
export async function mintToken(
  owner: { applicationId: string; organizationId: string },
  channel: ChannelId,
  now: Date,
): Promise<{ row: repo.NewToken; entry: TokenFileEntry }> {
  const tokenId = randomUUID();
  const { publicKey, privateKey } = await newRsaKeyPair();
  const accessToken = await new SignJWT({ org: owner.organizationId, channel })
    .setProtectedHeader({ alg: 'RS256', kid: tokenId, typ: 'JWT' })
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setSubject(owner.applicationId)
    .setJti(tokenId)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .sign(privateKey);
  return {
    row: { id: tokenId, ...owner, channel, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }) as string },
    entry: { applicationId: owner.applicationId, channel, accessToken, privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string },
  };
}

async function generate(db: Db, app: Application, channels: ChannelId[], now: Date): Promise<GeneratedTokenFile> {
  const owner = { applicationId: app.id, organizationId: app.organization_id };
  const minted = await Promise.all(channels.map((c) => mintToken(owner, c, now)));
  await repo.replaceTokens(
    db,
    minted.map((m) => m.row),
    now,
  );
  return {
    applicationId: app.id,
    applicationName: app.application_name,
    channels,
    text: formatTokenFile(
      minted.map((m) => m.entry),
      now,
    ),
    tokenIds: minted.map((m) => m.row.id),
  };
}

/**
 * Generates the token of one channel of an application (`POST /api/channel/generate/access-token/{id}`)
 * and revokes the older tokens of that channel in the same transaction.
 * @throws AppError not_found (404) for an unknown / other organization's application;
 *         invalid_request (400) `{path:'channel', message: TOKEN_MESSAGES.channelNotInApplication}`
 *         when the channel is not enabled on the application.
 */
export async function generateChannelToken(db: Db, organizationId: string, applicationId: string, channel: ChannelId, now: Date): Promise<GeneratedTokenFile> {
  const app = await getApplication(db, organizationId, applicationId);
  if (!app.channels.some((c) => c.channel === channel)) throw fieldError('channel', TOKEN_MESSAGES.channelNotInApplication);
  return generate(db, app, [channel], now);
}

/**
 * Generates one token per channel of the application (`POST /api/auth/rsa/generate-token`, used right
 * after creating an application) and revokes the older tokens of those channels.
 * @throws AppError not_found (404).
 */
export async function generateApplicationTokens(db: Db, organizationId: string, applicationId: string, now: Date): Promise<GeneratedTokenFile> {
  const app = await getApplication(db, organizationId, applicationId);
  return generate(
    db,
    app,
    app.channels.map((c) => c.channel),
    now,
  );
}

/**
 * One token card per channel of the application, in channel order, from the channel's latest token:
 * 'Not Generated' (none), 'Active' (not revoked) or 'InActive' (revoked) (console.md §4).
 * `updated_at` is ISO 8601.
 * @throws AppError not_found (404).
 */
export async function listTokenStatuses(db: Db, organizationId: string, applicationId: string): Promise<TokenStatusEntry[]> {
  const app = await getApplication(db, organizationId, applicationId);
  const tokens = await repo.listTokens(db, organizationId, app.id);
  return app.channels.map(({ channel }) => {
    const latest = tokens.find((t) => t.channel === channel);
    const status: TokenStatus = !latest ? 'Not Generated' : latest.isRevoke ? 'InActive' : 'Active';
    return { channel, status, id: latest?.id ?? null, updated_at: latest ? latest.updatedAt.toISOString() : null };
  });
}
