/**
 * The access-token file (ARCHITECTURE.md §6; console.md §8): plain text holding, per channel, the
 * application id, the channel, the access token (JWT) and the RSA private key as a PKCS#8 PEM block.
 * The JWT is RS256, signed with that private key; its header `kid` is the token id, its claims are
 * `{iss: 'pesan', aud: 'pesan-v1', sub: applicationId, org: organizationId, channel, jti: tokenId, iat}`.
 * The server keeps only the public key, so it can verify but never re-issue the file.
 */
import type { ChannelId } from './channels.ts';

export const JWT_ISSUER = 'pesan';
export const JWT_AUDIENCE = 'pesan-v1';

export interface TokenFileEntry {
  applicationId: string;
  channel: ChannelId;
  accessToken: string;
  /** PKCS#8 PEM, '-----BEGIN PRIVATE KEY-----' … */
  privateKeyPem: string;
}

const HEADER = '# Pesan access token file. Save it somewhere safe: the keys will not be shown again.';

/** Renders one or more entries as the downloadable text file. */
export function formatTokenFile(entries: TokenFileEntry[], generatedAt: Date): string {
  const blocks = entries.map((e) =>
    [
      `application_id: ${e.applicationId}`,
      `channel: ${e.channel}`,
      `generated_at: ${generatedAt.toISOString()}`,
      `access_token: ${e.accessToken}`,
      'private_key:',
      e.privateKeyPem.trim(),
    ].join('\n'),
  );
  return `${HEADER}\n\n${blocks.join('\n\n')}\n`;
}

/** Parses a token file back into its entries (used by SDK-like clients and tests). */
export function parseTokenFile(text: string): TokenFileEntry[] {
  const entries: TokenFileEntry[] = [];
  const re =
    /application_id: (\S+)\nchannel: (\S+)\ngenerated_at: \S+\naccess_token: (\S+)\nprivate_key:\n(-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----)/g;
  for (const m of text.replace(/\r\n/g, '\n').matchAll(re)) {
    entries.push({ applicationId: m[1]!, channel: m[2] as ChannelId, accessToken: m[3]!, privateKeyPem: m[4]! });
  }
  return entries;
}

/**
 * The string a signed request signs (ARCHITECTURE.md §6):
 * `METHOD:PATH:TIMESTAMP:hex(sha256(body))`. PATH includes the query string if any.
 */
export function signingString(method: string, path: string, timestamp: string, bodySha256Hex: string): string {
  return `${method.toUpperCase()}:${path}:${timestamp}:${bodySha256Hex}`;
}

/** Download name of a token file: named after the application id (console.md §2 Create application). */
export function tokenFileName(applicationId: string): string {
  return `${applicationId}.txt`;
}
