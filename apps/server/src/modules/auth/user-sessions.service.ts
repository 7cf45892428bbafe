/**
 * The caller's own sessions (ARCHITECTURE.md §5.1 Security page): list them with device, IP and
 * times, end one, or end every other. A session is named by an opaque id, an HMAC of its stored
 * hash under SESSION_SECRET: neither the cookie value nor its SHA-256 (what the table keeps), so
 * the list never hands out anything that signs in or finds a row by itself.
 */
import { createHmac } from 'node:crypto';
import { TEAMS_MESSAGES, type SessionInfo } from '@pesan/contracts/teams';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { AuthClient } from './auth.service.ts';
import { listLiveSessions, revokeSession, revokeUserSessions, type SessionRow } from './session.service.ts';

/** What the sessions list uses of the application context. */
export type UserSessionsDeps = Pick<AppContext, 'database' | 'config' | 'now'>;

/** The opaque id of the session whose id hash is `idHash` (32 hex characters). */
export function sessionListId(secret: string, idHash: string): string {
  return createHmac('sha256', secret).update(`session-list:${idHash}`).digest('hex').slice(0, 32);
}

async function auditRevoked(ctx: UserSessionsDeps, session: SessionRow, client: AuthClient, details: Record<string, unknown>, target?: { id: string; name: string }): Promise<void> {
  if (!session.organizationId) return;
  await recordAudit(
    ctx,
    { organizationId: session.organizationId, actorId: session.userId, actorEmail: session.email, ip: client.ip, userAgent: client.userAgent },
    { action: 'auth.session_revoked', ...(target ? { target: { type: 'session', ...target } } : {}), details },
  );
}

/**
 * The caller's live sessions, most recently seen first: `{id, created_at, last_seen_at, ip,
 * user_agent, current}` (ISO times; `current` marks the session of this request).
 */
export async function listOwnSessions(ctx: UserSessionsDeps, session: SessionRow): Promise<SessionInfo[]> {
  const rows = await listLiveSessions(ctx.database.db, session.userId, ctx.now());
  return rows.map((r) => ({
    id: sessionListId(ctx.config.sessionSecret, r.idHash),
    created_at: r.createdAt.toISOString(),
    last_seen_at: r.lastSeenAt.toISOString(),
    ip: r.ip,
    user_agent: r.userAgent,
    current: r.idHash === session.idHash,
  }));
}

/**
 * Ends the caller's live session with the opaque `id` (its cookie gets 401 at once) and records
 * `auth.session_revoked`. Ending the current session signs the caller out.
 * @returns whether it was the current session.
 * @throws 404 `not_found` TEAMS_MESSAGES.sessionNotFound for an id that is not one of the caller's live sessions (nothing changes).
 */
export async function revokeOwnSession(ctx: UserSessionsDeps, session: SessionRow, id: string, client: AuthClient): Promise<{ current: boolean }> {
  const now = ctx.now();
  const rows = await listLiveSessions(ctx.database.db, session.userId, now);
  const row = rows.find((r) => sessionListId(ctx.config.sessionSecret, r.idHash) === id);
  if (!row) throw new AppError('not_found', TEAMS_MESSAGES.sessionNotFound);
  await revokeSession(ctx.database.db, row.idHash, now);
  const current = row.idHash === session.idHash;
  await auditRevoked(ctx, session, client, { current }, { id, name: row.userAgent });
  return { current };
}

/**
 * Ends every live session of the caller but this one and records `auth.session_revoked` with how
 * many ended. @returns `{revoked}`: that number.
 */
export async function revokeOtherSessions(ctx: UserSessionsDeps, session: SessionRow, client: AuthClient): Promise<{ revoked: number }> {
  const now = ctx.now();
  const revoked = (await listLiveSessions(ctx.database.db, session.userId, now)).filter((r) => r.idHash !== session.idHash).length;
  await revokeUserSessions(ctx.database.db, session.userId, now, session.idHash);
  await auditRevoked(ctx, session, client, { others: true, count: revoked });
  return { revoked };
}
