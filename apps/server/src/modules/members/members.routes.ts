/**
 * Console API routes of members and the organization's security setting (ARCHITECTURE.md §5.1).
 * HTTP only: contracts schemas, rules in members.service.ts, the permission of each route checked
 * before its body (plugins/permissions.ts), and an audit entry after each change.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberSchema, membersResponseSchema, securitySettingsSchema, TEAMS_MESSAGES, updateMemberSchema } from '@pesan/contracts/teams';
import type { AppContext } from '../../context.ts';
import { auditActor } from '../../plugins/audit-actor.ts';
import { errorResponse } from '../../plugins/openapi.ts';
import { requireOrganization } from '../../plugins/session.ts';

const security = [{ sessionCookie: [] }];
const memberParams = z.object({ userId: z.string().min(1).max(64) });
const ownersOnly = errorResponse('forbidden: your role may not manage members, only an owner makes, changes or removes an owner, or a cross-origin call');
const memberConflict = errorResponse('conflict: the last owner cannot be demoted or removed; your own role cannot be changed here, nor can you remove yourself');

/**
 * GET /api/organization/members, PUT and DELETE /api/organization/members/{userId}, GET and PUT
 * /api/organization/security. Register with prefix '/api'.
 */
export function membersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/organization/members',
      {
        config: { permission: 'read' },
        schema: {
          tags: ['organization'],
          summary: "The organization's members: role, two-factor sign-in, last seen and joined times; owners first, then by name",
          security,
          response: { 200: membersResponseSchema },
        },
      },
      async (request) => ({ data: await ctx.services.members.listMembers(requireOrganization(request)) }),
    );

    app.put(
      '/organization/members/:userId',
      {
        config: { permission: 'members.manage' },
        schema: {
          tags: ['organization'],
          summary:
            "Change a member's role. Only an owner makes, changes or demotes an owner (403); the last owner cannot be demoted (409); " +
            'your own role cannot be changed here (409); another organization\'s user is a 404',
          security,
          params: memberParams,
          body: updateMemberSchema,
          response: { 200: z.object({ data: memberSchema, message: z.string() }), 403: ownersOnly, 409: memberConflict },
        },
      },
      async (request) => {
        const session = requireOrganization(request);
        const { member, from } = await ctx.services.members.updateMemberRole(session, request.params.userId, request.body.role);
        if (from !== member.role) {
          await ctx.services.audit.record(auditActor(request), {
            action: 'member.role_changed',
            target: { type: 'user', id: member.user_id, name: member.email },
            details: { from, to: member.role },
          });
        }
        return { data: member, message: TEAMS_MESSAGES.roleChanged };
      },
    );

    app.delete(
      '/organization/members/:userId',
      {
        config: { permission: 'members.manage' },
        schema: {
          tags: ['organization'],
          summary:
            'Remove a member: they leave the organization (the account stays) and every session of theirs ends at once. ' +
            'Only an owner removes an owner (403); the last owner cannot be removed, nor yourself (409)',
          security,
          params: memberParams,
          response: { 200: z.object({ message: z.string() }), 403: ownersOnly, 409: memberConflict },
        },
      },
      async (request) => {
        const session = requireOrganization(request);
        const member = await ctx.services.members.removeMember(session, request.params.userId);
        await ctx.services.audit.record(auditActor(request), {
          action: 'member.removed',
          target: { type: 'user', id: member.user_id, name: member.email },
          details: { role: member.role },
        });
        return { message: TEAMS_MESSAGES.memberRemoved };
      },
    );

    app.get(
      '/organization/security',
      {
        config: { permission: 'read' },
        schema: { tags: ['organization'], summary: "The organization's security settings", security, response: { 200: z.object({ data: securitySettingsSchema }) } },
      },
      async (request) => ({ data: await ctx.services.members.getSecurity(requireOrganization(request)) }),
    );

    app.put(
      '/organization/security',
      {
        config: { permission: 'security.manage' },
        schema: {
          tags: ['organization'],
          summary:
            'Save the security settings. With require_2fa on, members without two-factor sign-in must set it up before anything else; ' +
            'turning it on needs two-factor sign-in on for yourself first (409)',
          security,
          body: securitySettingsSchema,
          response: { 200: z.object({ data: securitySettingsSchema, message: z.string() }), 409: errorResponse('conflict: turn on two-factor sign-in for yourself first') },
        },
      },
      async (request) => {
        const session = requireOrganization(request);
        const { settings, from } = await ctx.services.members.updateSecurity(session, request.body);
        if (from !== settings.require_2fa) {
          await ctx.services.audit.record(auditActor(request), {
            action: 'organization.require_2fa_changed',
            target: { type: 'organization', id: session.organizationId },
            details: { from, to: settings.require_2fa },
          });
        }
        return { data: settings, message: TEAMS_MESSAGES.securitySaved };
      },
    );
  };
}
