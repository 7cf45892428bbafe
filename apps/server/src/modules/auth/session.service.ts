/**
 * Sessions as the rest of the server sees them (ARCHITECTURE.md §5, §7.2): plugins/session.ts
 * loads, starts and ends them through these functions, and other modules take the `SessionRow`
 * type from here, never from session.repo.ts (ARCHITECTURE.md §3: a module never imports another
 * module's repo).
 */
import type { Db } from '../../db/client.ts';
import * as repo from './session.repo.ts';

export type { SessionListRow, SessionRow } from './session.repo.ts';

/**
 * The live session (not revoked, `expiresAt` after `now`) whose random id has the SHA-256 hex
 * `idHash`, joined with its user (`emailVerified` is a boolean), or null.
 */
export function findLiveSession(db: Db, idHash: string, now: Date): Promise<repo.SessionRow | null> {
  return repo.findLiveSession(db, idHash, now);
}

/** Stores a new session: the SHA-256 hex of its random id, its user and its expiry (a Date). */
export function insertSession(db: Db, row: { idHash: string; userId: string; expiresAt: Date; ip?: string; userAgent?: string }): Promise<void> {
  return repo.insertSession(db, row);
}

/** Revokes the session with the SHA-256 hex `idHash` at `now`; its cookie then gets 401. */
export function revokeSession(db: Db, idHash: string, now: Date): Promise<void> {
  return repo.revokeSession(db, idHash, now);
}

/** Sets the session's last-seen time to `now`. */
export function touchSession(db: Db, idHash: string, now: Date): Promise<void> {
  return repo.touchSession(db, idHash, now);
}

/** The live sessions of `userId` (id hash, created, last seen, IP, user agent), most recently seen first. */
export function listLiveSessions(db: Db, userId: string, now: Date): Promise<repo.SessionListRow[]> {
  return repo.listLiveSessions(db, userId, now);
}

/** Revokes every live session of `userId` at `now`, except the one with `keepIdHash` when given. */
export function revokeUserSessions(db: Db, userId: string, now: Date, keepIdHash?: string): Promise<void> {
  return repo.revokeUserSessions(db, userId, now, keepIdHash);
}

/**
 * Of sessions `idHashes` (SHA-256 hex), the live ones (not revoked, not expired at `now`) with their
 * user's organization id (null without one): what the live stream checks (issue 28).
 */
export async function liveSessionOrganizations(db: Db, idHashes: readonly string[], now: Date): Promise<Map<string, string | null>> {
  if (!idHashes.length) return new Map();
  const rows = await repo.liveSessionOrganizations(db, idHashes, now);
  return new Map(rows.map((r) => [r.idHash, r.organizationId]));
}
