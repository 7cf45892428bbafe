/**
 * Role checks (ARCHITECTURE.md §5.1). A console route names what it needs in its config,
 * `{ config: { permission: 'applications.delete' } }`; before the body is parsed this hook answers
 * 401 without a session, 403 `forbidden` without an organization, 403 `forbidden` while the
 * organization requires 2FA and the caller has not set it up, and 403 `forbidden` when the caller's
 * role lacks the permission (contracts roles.ts ROLE_PERMISSIONS). Nothing runs after a refusal,
 * so a refused call changes nothing. Routes for oneself (auth, profile, 2FA, sessions) name none.
 */
import type { FastifyInstance } from 'fastify';
import type { Permission } from '@pesan/contracts/roles';
import { assertPermission } from '../lib/permissions.ts';
import { requireOrganization } from './session.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the caller's role must allow (contracts roles.ts); unset = the route checks for itself. */
    permission?: Permission;
  }
}

/** Registers the role check; call after registerSession (its hook needs `request.session`). */
export function registerPermissions(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config?.permission;
    if (!permission) return;
    assertPermission(requireOrganization(request), permission);
  });
}
