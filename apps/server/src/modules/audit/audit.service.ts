/**
 * The audit log (ARCHITECTURE.md §5.1): who did what, to what, from where and when. Routes record
 * after a change succeeded, with the actor of plugins/audit-actor.ts. An entry never holds a secret:
 * `details` carries only names, roles, channels and changed field names (redactDetails drops any
 * key that looks like a secret, whatever a caller passes).
 */
import type { AuditAction } from '@pesan/contracts/teams';
import type { AppContext } from '../../context.ts';
import * as repo from './audit.repo.ts';

/** What the audit service uses of the application context. */
export type AuditDeps = Pick<AppContext, 'database' | 'now'>;

/** Who acted, from where: the signed-in member (or the account of a sign-in attempt) and the request's IP and User-Agent. */
export interface AuditActor {
  organizationId: string;
  actorId: string | null;
  actorEmail: string;
  ip: string;
  userAgent: string;
}

/** What happened: the action, its target (type, id, shown name) and non-secret details. */
export interface AuditEvent {
  action: AuditAction;
  target?: { type: string; id: string; name?: string | null };
  details?: Record<string, unknown>;
}

const SECRET_KEY = /pass|secret|token|code|otp|key|hash|cookie|signature|authorization/i;

/** `details` without any key that names a secret (password, token, code, secret, key, hash, …), at any depth. */
export function redactDetails(details: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(details)) {
    if (SECRET_KEY.test(k)) continue;
    out[k] = v && typeof v === 'object' && !Array.isArray(v) ? redactDetails(v as Record<string, unknown>) : v;
  }
  return out;
}

/** Appends `event` by `actor` at the current time. */
export async function recordAudit(ctx: AuditDeps, actor: AuditActor, event: AuditEvent): Promise<void> {
  await repo.insertAuditEntry(ctx.database.db, {
    organizationId: actor.organizationId,
    at: ctx.now(),
    actorId: actor.actorId,
    actorEmail: actor.actorEmail,
    action: event.action,
    targetType: event.target?.type ?? null,
    targetId: event.target?.id ?? null,
    targetName: event.target?.name ?? null,
    ip: actor.ip,
    userAgent: actor.userAgent,
    details: redactDetails(event.details ?? {}),
  });
}
