/**
 * Access tokens (SQL only). A row holds the SPKI public key that verifies the token's JWT and
 * signed requests; the private key is never stored.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accessTokens } from '../../db/schema/applications.ts';

export interface NewToken {
  id: string;
  applicationId: string;
  organizationId: string;
  channel: string;
  publicKeyPem: string;
}

export interface TokenRow {
  id: string;
  applicationId: string;
  channel: string;
  isRevoke: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * In one transaction: marks every older token of the same application and channel revoked (scoped
 * by the tokens' organization), then inserts the new tokens (all with `created_at = updated_at = now`).
 * All `tokens` belong to one application of one organization.
 */
export async function replaceTokens(db: Db, tokens: NewToken[], now: Date): Promise<void> {
  if (tokens.length === 0) return;
  await db.transaction(async (tx) => {
    const applicationId = tokens[0]!.applicationId;
    await tx
      .update(accessTokens)
      .set({ isRevoke: true, updatedAt: now })
      .where(
        and(
          eq(accessTokens.organizationId, tokens[0]!.organizationId),
          eq(accessTokens.applicationId, applicationId),
          eq(accessTokens.isRevoke, false),
          inArray(
            accessTokens.channel,
            tokens.map((t) => t.channel),
          ),
        ),
      );
    await tx.insert(accessTokens).values(tokens.map((t) => ({ ...t, isRevoke: false, createdAt: now, updatedAt: now })));
  });
}

/**
 * Tokens of an application, the live one of each channel first, then newest first; callers take
 * the first row per channel as its latest.
 */
export async function listTokens(db: Db, organizationId: string, applicationId: string): Promise<TokenRow[]> {
  return db
    .select({
      id: accessTokens.id,
      applicationId: accessTokens.applicationId,
      channel: accessTokens.channel,
      isRevoke: accessTokens.isRevoke,
      createdAt: accessTokens.createdAt,
      updatedAt: accessTokens.updatedAt,
    })
    .from(accessTokens)
    .where(and(eq(accessTokens.organizationId, organizationId), eq(accessTokens.applicationId, applicationId)))
    .orderBy(asc(accessTokens.isRevoke), desc(accessTokens.createdAt));
}
