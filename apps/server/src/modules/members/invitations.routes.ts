/**
 * Console API routes of invitations (ARCHITECTURE.md §5.1): send, list and revoke (members.manage),
 * and the link's two anonymous calls, read and accept, rate limited per IP like the other anonymous
 * auth calls (AUTH_RATE_LIMIT per minute). HTTP only: rules in invitations.service.ts; an audit
 * entry after each change, never holding the token.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_MESSAGES, userSchema } from '@pesan/contracts/auth';
import { acceptInvitationSchema, createInvitationSchema, invitationInfoSchema, invitationSchema, TEAMS_MESSAGES } from '@pesan/contracts/teams';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { auditAccount, auditActor } from '../../plugins/audit-actor.ts';
import { errorResponse } from '../../plugins/openapi.ts';
import { requireOrganization, startSession } from '../../plugins/session.ts';

const security = [{ sessionCookie: [] }];
const tokenParams = z.object({ token: z.string().min(1).max(200) });
const idParams = z.object({ id: z.string().min(1).max(64) });
const rateLimited = errorResponse('rate_limited: too many calls from this address; see Retry-After (seconds)');

/**
 * POST and GET /api/organization/invitations, DELETE /api/organization/invitations/{id}, GET
 * /api/auth/invitation/{token} and POST /api/auth/invitation/{token}/accept. Register with prefix '/api'.
 */
export function invitationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  const secure = ctx.config.publicUrl.startsWith('https://');
  /** Per-IP burst limit (AUTH_RATE_LIMIT per minute) on the calls anyone holding a link can make. */
  const limited = {
    rateLimit: {
      max: ctx.config.authRateLimit,
      timeWindow: 60_000,
      errorResponseBuilder: () => new AppError('rate_limited', AUTH_MESSAGES.tooManyRequests),
    },
  };

  return async (app) => {
    app.post(
      '/organization/invitations',
      {
        config: { permission: 'members.manage' },
        schema: {
          tags: ['organization'],
          summary:
            'Invite an e-mail address with a role: e-mails a link valid 7 days, usable once. Only an owner invites an owner (403); ' +
            'an address already a member or with a pending invitation is a 409; 429 after 3 account e-mails to the address in 15 minutes',
          security,
          body: createInvitationSchema,
          response: { 201: z.object({ data: invitationSchema, message: z.string() }), 409: errorResponse('conflict: the address is already a member or has a pending invitation'), 429: errorResponse('rate_limited: too many e-mails to this address') },
        },
      },
      async (request, reply) => {
        const session = requireOrganization(request);
        const data = await ctx.services.members.createInvitation(request.log, session, request.body, requestLanguage(request));
        await ctx.services.audit.record(auditActor(request), {
          action: 'member.invited',
          target: { type: 'invitation', id: data.id, name: data.email },
          details: { role: data.role },
        });
        return reply.status(201).send({ data, message: TEAMS_MESSAGES.invitationSent });
      },
    );

    app.get(
      '/organization/invitations',
      {
        config: { permission: 'members.manage' },
        schema: {
          tags: ['organization'],
          summary: "The organization's pending invitations (not accepted, revoked or expired), newest first",
          security,
          response: { 200: z.object({ data: z.array(invitationSchema) }) },
        },
      },
      async (request) => ({ data: await ctx.services.members.listInvitations(requireOrganization(request)) }),
    );

    app.delete(
      '/organization/invitations/:id',
      {
        config: { permission: 'members.manage' },
        schema: {
          tags: ['organization'],
          summary: "Revoke a pending invitation: its link stops working. Only an owner revokes an owner's invitation (403)",
          security,
          params: idParams,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => {
        const session = requireOrganization(request);
        const revoked = await ctx.services.members.revokeInvitation(session, request.params.id);
        await ctx.services.audit.record(auditActor(request), {
          action: 'member.invitation_revoked',
          target: { type: 'invitation', id: revoked.id, name: revoked.email },
          details: { role: revoked.role },
        });
        return { message: TEAMS_MESSAGES.invitationRevoked };
      },
    );

    app.get(
      '/auth/invitation/:token',
      {
        config: limited,
        schema: {
          tags: ['auth'],
          summary: 'What an invitation link offers (no session needed): organization, e-mail, role, and whether that e-mail has an account; 404 when unknown, expired, revoked or used',
          security: [],
          params: tokenParams,
          response: { 200: z.object({ data: invitationInfoSchema }), 429: rateLimited },
        },
      },
      async (request) => ({ data: await ctx.services.members.getInvitationInfo(request.params.token) }),
    );

    app.post(
      '/auth/invitation/:token/accept',
      {
        config: limited,
        schema: {
          tags: ['auth'],
          summary:
            'Accept an invitation, once. Signed in as the invited address: joins with the role (403 as another address, 409 when already in an organization). ' +
            'Not signed in: the body creates the account (e-mail verified), joins and signs in (sets the session cookie); 409 when the address already has an account',
          security: [],
          params: tokenParams,
          body: acceptInvitationSchema.nullish(),
          response: {
            200: z.object({ data: userSchema, message: z.string() }),
            403: errorResponse('forbidden: signed in as another address than the invited one, or a cross-origin call'),
            409: errorResponse('conflict: the account already belongs to an organization, or (not signed in) the address already has an account: sign in first'),
            429: rateLimited,
          },
        },
      },
      async (request, reply) => {
        const accepted = await ctx.services.members.acceptInvitation(request.session, request.params.token, request.body);
        if (accepted.created) await startSession(db, request, reply, accepted.user.id, false, secure);
        await ctx.services.audit.record(
          auditAccount(request, { organizationId: accepted.invitation.organizationId, userId: accepted.user.id, email: accepted.user.email }),
          { action: 'member.invitation_accepted', target: { type: 'invitation', id: accepted.invitation.id, name: accepted.invitation.email }, details: { role: accepted.invitation.role } },
        );
        return { data: accepted.user, message: TEAMS_MESSAGES.invitationAccepted };
      },
    );
  };
}
