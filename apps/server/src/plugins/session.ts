/**
 * Session cookie handling (ARCHITECTURE.md §5, §7.2): an httpOnly, SameSite=Lax cookie holding a
 * random id (Secure when PUBLIC_URL is https). Every /api request with the cookie gets
 * `request.session` loaded; `requireUser` refuses anonymous calls with 401.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REMEMBER_TTL_SECONDS, SESSION_TTL_SECONDS } from '@pesan/contracts/auth';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { findLiveSession, insertSession, revokeSession, touchSession, type SessionRow } from '../modules/auth/session.service.ts';
import { SERVER_MESSAGES } from '@pesan/contracts/server-messages';
import { APPLICATION_MESSAGES } from '@pesan/contracts/application';

export const SESSION_COOKIE = 'pesan_session';

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionRow | null;
  }
}

/** SHA-256 hex of a raw session id: what the sessions table stores. */
export const hashSessionId = (id: string) => createHash('sha256').update(id).digest('hex');

/** Loads `request.session` (live, unexpired, unrevoked) from the signed session cookie on every /api request. */
export function registerSession(app: FastifyInstance, db: Db): void {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const raw = request.cookies[SESSION_COOKIE];
    if (!raw) return;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return;
    const now = new Date();
    request.session = await findLiveSession(db, hashSessionId(unsigned.value), now);
    // Last seen for the sessions list (§5.1): one write a minute per session, not one per request.
    if (request.session && now.getTime() - request.session.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
      await touchSession(db, request.session.idHash, now);
    }
  });
}

/** How stale a session's last-seen time may get before a request refreshes it. */
export const LAST_SEEN_RESOLUTION_MS = 60_000;

/** The client's User-Agent as stored on a session or audit entry (at most 512 characters). */
export const userAgentOf = (request: FastifyRequest) => String(request.headers['user-agent'] ?? '').slice(0, 512);

/**
 * Starts a session for `userId` (with the request's IP and User-Agent, shown in the sessions list) and sets the cookie. `remember` makes it last 30 days
 * (ARCHITECTURE.md §7.1), otherwise 12 hours as a browser-session cookie.
 */
export async function startSession(db: Db, request: FastifyRequest, reply: FastifyReply, userId: string, remember: boolean, secure: boolean): Promise<void> {
  const id = randomBytes(32).toString('base64url');
  const ttl = remember ? REMEMBER_TTL_SECONDS : SESSION_TTL_SECONDS;
  await insertSession(db, {
    idHash: hashSessionId(id),
    userId,
    expiresAt: new Date(Date.now() + ttl * 1000),
    ip: request.ip,
    userAgent: userAgentOf(request),
  });
  reply.setCookie(SESSION_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    signed: true,
    ...(remember ? { maxAge: ttl } : {}),
  });
}

/** Ends the request's session on the server and clears the cookie. */
export async function endSession(db: Db, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.session) await revokeSession(db, request.session.idHash, new Date());
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** The signed-in user's session, or 401 `unauthorized`. */
export function requireUser(request: FastifyRequest): SessionRow {
  if (!request.session) throw new AppError('unauthorized', SERVER_MESSAGES.sessionEnded);
  return request.session;
}

/** The signed-in user's session with an organization, or 401 / 403 (console.md §2: needs an organization). */
export function requireOrganization(request: FastifyRequest): SessionRow & { organizationId: string } {
  const s = requireUser(request);
  if (!s.organizationId) throw new AppError('forbidden', APPLICATION_MESSAGES.organizationRequired);
  return s as SessionRow & { organizationId: string };
}

/**
 * Route `onRequest` hook: 401 `unauthorized` before the body is parsed or validated when nobody is
 * signed in, e.g. `app.post('/x', { onRequest: signedInOnly }, handler)`.
 */
export async function signedInOnly(request: FastifyRequest): Promise<void> {
  requireUser(request);
}
