/**
 * The audit log's actor of a console request (ARCHITECTURE.md §5.1): the signed-in member with an
 * organization, the request's IP and User-Agent. Routes pass it to `ctx.services.audit.record`.
 */
import type { FastifyRequest } from 'fastify';
import type { AuditActor } from '../modules/audit/audit.service.ts';
import { requireOrganization, userAgentOf } from './session.ts';

/** The caller as an audit actor. @throws 401/403 like requireOrganization when there is none. */
export function auditActor(request: FastifyRequest): AuditActor {
  const s = requireOrganization(request);
  return { organizationId: s.organizationId, actorId: s.userId, actorEmail: s.email, ip: request.ip, userAgent: userAgentOf(request) };
}

/** An audit actor for a user who is not (yet) signed in: a sign-in attempt on their account. */
export function auditAccount(request: FastifyRequest, account: { organizationId: string; userId: string | null; email: string }): AuditActor {
  return { organizationId: account.organizationId, actorId: account.userId, actorEmail: account.email, ip: request.ip, userAgent: userAgentOf(request) };
}
