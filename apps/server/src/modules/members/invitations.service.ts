/**
 * Invitations (ARCHITECTURE.md §5.1): an owner or admin invites an e-mail address with a role; the
 * address gets a link `${PUBLIC_URL}/auth/invitation/{token}` valid INVITATION_TTL_DAYS (7) days and
 * usable once. The token is 32 random bytes (base64url); only its SHA-256 hex is stored. Accepting
 * joins the signed-in user of that address, or creates the account (e-mail verified: the link
 * proves the mailbox) and signs it in. The terms check stays the console's, as after a
 * registration (modules/terms): nothing here records an acceptance.
 */
import { createHash, randomBytes } from 'node:crypto';
import { AUTH_MESSAGES, type User } from '@pesan/contracts/auth';
import { normalisePhone } from '@pesan/contracts/phone';
import { assignableRoles, type Role } from '@pesan/contracts/roles';
import { INVITATION_TTL_DAYS, TEAMS_MESSAGES, type AcceptInvitationInput, type CreateInvitationInput, type Invitation, type InvitationInfo } from '@pesan/contracts/teams';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { mailLanguage, type MailLanguage } from '../../lib/mail-html.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import type { RecipientMailLimit } from '../../plugins/rate-limit/recipient-limit.ts';
import { mayMailRecipient, type MailLog } from '../auth/auth.service.ts';
import { hashPassword } from '../auth/password.ts';
import type { SessionRow } from '../auth/session.service.ts';
import { joinOrganization, organizationTimeZone } from '../organization/organization.service.ts';
import { findUserByEmail, findUserById, insertUser, toUser, type UserRow } from '../user/user.service.ts';
import { invitationMail } from './members.mail.ts';
import * as members from './members.repo.ts';
import * as repo from './invitations.repo.ts';
import type { MemberSession } from './members.service.ts';

/**
 * What invitations use: database, configuration (PUBLIC_URL), mailer, clock and the per-recipient
 * limit of account e-mail (an invitation counts like a reset or verification mail, issue 23).
 */
export type InvitationsDeps = Pick<AppContext, 'database' | 'config' | 'mailer' | 'now'> & { recipientMailLimit: RecipientMailLimit };

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 24 * 60 * 60 * 1000;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** 404 `not_found` TEAMS_MESSAGES.invitationNotFound: unknown, expired, revoked or used alike. */
const invitationNotFound = () => new AppError('not_found', TEAMS_MESSAGES.invitationNotFound);
/** 404 for DELETE of an invitation id that is unknown, another organization's or no longer pending. */
const pendingNotFound = () => new AppError('not_found', TEAMS_MESSAGES.invitationNotFound);

function toInvitation(row: { id: string; email: string; role: Role; expiresAt: Date; createdAt: Date }, invitedBy: string | null): Invitation {
  return { id: row.id, email: row.email, role: row.role, expires_at: row.expiresAt.toISOString(), created_at: row.createdAt.toISOString(), invited_by: invitedBy };
}

/** Sends `message`, logging instead of failing: the invitation exists whether or not the mail server answers. */
async function sendQuietly(ctx: InvitationsDeps, log: MailLog, message: MailMessage): Promise<void> {
  try {
    await ctx.mailer.send(message);
  } catch (err) {
    log.error({ err, kind: 'invitation' }, 'invitation e-mail could not be sent');
  }
}

/** 409 alreadyMember / alreadyInvited when `email` is a member of, or has a pending invitation to, `organizationId`. */
async function refuseTaken(db: InvitationsDeps['database']['db'], organizationId: string, email: string, now: Date): Promise<void> {
  if (await members.isMemberEmail(db, organizationId, email)) throw new AppError('conflict', TEAMS_MESSAGES.alreadyMember, [{ path: 'email', message: TEAMS_MESSAGES.alreadyMember }]);
  if (await repo.hasPendingInvitation(db, organizationId, email, now)) throw new AppError('conflict', TEAMS_MESSAGES.alreadyInvited, [{ path: 'email', message: TEAMS_MESSAGES.alreadyInvited }]);
}

/**
 * Invites `input.email` (lower-cased) to the caller's organization with `input.role` (POST
 * /api/organization/invitations) and e-mails the link, naming the organization, the inviter and
 * the role, in the invitee account's saved language when an account exists, else `language` (the
 * inviter's request language). An address of a user in another organization may be invited (they
 * get 409 when they accept).
 * @returns the invitation (expires INVITATION_TTL_DAYS after now). The token leaves only in the e-mail.
 * @throws 403 `forbidden` TEAMS_MESSAGES.ownersOnly when a non-owner invites an owner; 409
 *   `conflict` TEAMS_MESSAGES.alreadyMember / alreadyInvited (detail on `email`); 429
 *   `rate_limited` TEAMS_MESSAGES.invitationMailLimit when the address had 3 account e-mails in 15
 *   minutes. Nothing is stored on error.
 */
export async function createInvitation(ctx: InvitationsDeps, log: MailLog, session: MemberSession, input: CreateInvitationInput, language: MailLanguage): Promise<Invitation> {
  if (!assignableRoles(session.role).includes(input.role)) throw new AppError('forbidden', TEAMS_MESSAGES.ownersOnly);
  const db = ctx.database.db;
  const now = ctx.now();
  await refuseTaken(db, session.organizationId, input.email, now);
  if (!(await mayMailRecipient(ctx, log, 'invitation', input.email))) throw new AppError('rate_limited', TEAMS_MESSAGES.invitationMailLimit);
  const token = randomBytes(32).toString('base64url');
  const { row, organizationName } = await db.transaction(async (tx) => {
    const organization = await members.lockOrganization(tx, session.organizationId);
    if (!organization) throw new AppError('forbidden', TEAMS_MESSAGES.roleForbidden);
    // Again under the lock: a concurrent invitation of the same address is refused, not doubled.
    await refuseTaken(tx, session.organizationId, input.email, now);
    const inserted = await repo.insertInvitation(tx, {
      organizationId: session.organizationId,
      email: input.email,
      role: input.role,
      tokenHash: sha256(token),
      invitedBy: session.userId,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
      createdAt: now,
    });
    return { row: inserted, organizationName: organization.name };
  });
  const invitee = await findUserByEmail(db, input.email);
  await sendQuietly(
    ctx,
    log,
    invitationMail({
      to: input.email,
      organizationName,
      inviter: `${session.fullName} (${session.email})`,
      role: input.role,
      link: `${ctx.config.publicUrl}/auth/invitation/${token}`,
      lang: mailLanguage(invitee?.language, language),
    }),
  );
  return toInvitation(row, session.email);
}

/** The pending invitations of the caller's organization, newest first, each with the sender's e-mail (GET /api/organization/invitations). */
export async function listInvitations(ctx: InvitationsDeps, session: MemberSession): Promise<Invitation[]> {
  const rows = await repo.listPendingInvitations(ctx.database.db, session.organizationId, ctx.now());
  return rows.map((r) => toInvitation(r, r.invitedByEmail));
}

/**
 * Revokes the pending invitation `id` of the caller's organization (DELETE
 * /api/organization/invitations/{id}); its link then answers 404.
 * @returns the revoked invitation's e-mail and role.
 * @throws 404 `not_found` for an unknown, malformed, another organization's or no longer pending
 *   id; 403 `forbidden` TEAMS_MESSAGES.ownersOnly when a non-owner revokes an owner's invitation.
 */
export async function revokeInvitation(ctx: InvitationsDeps, session: MemberSession, id: string): Promise<{ id: string; email: string; role: Role }> {
  if (!UUID_RE.test(id)) throw pendingNotFound();
  const now = ctx.now();
  return ctx.database.db.transaction(async (tx) => {
    const found = await repo.findPendingInvitation(tx, session.organizationId, id, now);
    if (!found) throw pendingNotFound();
    if (!assignableRoles(session.role).includes(found.role)) throw new AppError('forbidden', TEAMS_MESSAGES.ownersOnly);
    const revoked = await repo.revokeInvitation(tx, session.organizationId, id, now);
    if (!revoked) throw pendingNotFound();
    return { id: revoked.id, email: revoked.email, role: revoked.role };
  });
}

/**
 * What the invitation page shows (GET /api/auth/invitation/{token}, no session): organization
 * name, invited e-mail, role, and whether an account with that e-mail exists.
 * @throws 404 `not_found` TEAMS_MESSAGES.invitationNotFound for an unknown, expired, revoked or used token.
 */
export async function getInvitationInfo(ctx: InvitationsDeps, token: string): Promise<InvitationInfo> {
  const found = await repo.findPendingInvitationByHash(ctx.database.db, sha256(token), ctx.now());
  if (!found) throw invitationNotFound();
  const account = await findUserByEmail(ctx.database.db, found.email);
  return { organization_name: found.organizationName, email: found.email, role: found.role, has_account: account !== null };
}

/** What an accepted invitation gives the route: the member as the console's user JSON, and what to audit. */
export interface AcceptedInvitation {
  user: User;
  /** Whether the account was created now (the route then starts its session). */
  created: boolean;
  invitation: { id: string; email: string; role: Role; organizationId: string };
}

const REQUIRED_ACCOUNT_FIELDS = [
  ['fullName', AUTH_MESSAGES.fullNameRequired],
  ['phoneNumber', AUTH_MESSAGES.phoneRequired],
  ['password', AUTH_MESSAGES.passwordRequired],
  ['confirmPassword', AUTH_MESSAGES.confirmRequired],
] as const;

/**
 * Accepts the invitation of `token` (POST /api/auth/invitation/{token}/accept), once: the
 * invitation is marked accepted by one conditional UPDATE (pending only) in the transaction that
 * joins, so a second use, even a concurrent one, is a 404.
 * - Signed in (`session`) as the invited address (case-insensitive): joins with the role; `input`
 *   is ignored.
 * - Not signed in: `input` holds the new account's fields (registerSchema's rules); the account is
 *   created with the e-mail verified, joins, and the route starts its session.
 * @throws 404 `not_found` TEAMS_MESSAGES.invitationNotFound (unknown, expired, revoked, used);
 *   403 `forbidden` TEAMS_MESSAGES.invitationWrongAccount when signed in as another address; 409
 *   `conflict` TEAMS_MESSAGES.otherOrganization (or alreadyMember) when the account already has an
 *   organization; 409 TEAMS_MESSAGES.accountExists when not signed in and the address has an
 *   account (sign in first); 400 `invalid_request` with a detail per missing account field.
 *   Nothing changes on error.
 */
export async function acceptInvitation(ctx: InvitationsDeps, session: SessionRow | null, token: string, input: AcceptInvitationInput | null | undefined): Promise<AcceptedInvitation> {
  const db = ctx.database.db;
  const tokenHash = sha256(token);
  const now = ctx.now();
  const found = await repo.findPendingInvitationByHash(db, tokenHash, now);
  if (!found) throw invitationNotFound();
  let joined: { user: UserRow | null; invitation: repo.InvitationRow };
  let created = false;
  if (session) {
    if (session.email.toLowerCase() !== found.email.toLowerCase()) throw new AppError('forbidden', TEAMS_MESSAGES.invitationWrongAccount);
    if (session.organizationId) throw new AppError('conflict', session.organizationId === found.organizationId ? TEAMS_MESSAGES.alreadyMember : TEAMS_MESSAGES.otherOrganization);
    joined = await db.transaction(async (tx) => {
      const used = await repo.consumeInvitation(tx, tokenHash, session.userId, now);
      if (!used) throw invitationNotFound();
      if (!(await joinOrganization(tx, session.userId, used.organizationId, used.role, now))) throw new AppError('conflict', TEAMS_MESSAGES.otherOrganization);
      return { user: await findUserById(tx, session.userId), invitation: used };
    });
  } else {
    const accountExists = () => new AppError('conflict', TEAMS_MESSAGES.accountExists);
    if (await findUserByEmail(db, found.email)) throw accountExists();
    const fields = input ?? {};
    const missing = REQUIRED_ACCOUNT_FIELDS.filter(([k]) => !fields[k]).map(([path, message]) => ({ path, message }));
    if (missing.length > 0) throw new AppError('invalid_request', missing[0]!.message, missing);
    const account = fields as Required<AcceptInvitationInput>;
    const passwordHash = await hashPassword(account.password);
    try {
      joined = await db.transaction(async (tx) => {
        const user = await insertUser(tx, {
          fullName: account.fullName,
          email: found.email,
          phoneNumber: normalisePhone(account.phoneNumber)?.e164 ?? account.phoneNumber,
          passwordHash,
          emailVerifiedAt: now,
        });
        const used = await repo.consumeInvitation(tx, tokenHash, user.id, now);
        if (!used) throw invitationNotFound();
        if (!(await joinOrganization(tx, user.id, used.organizationId, used.role, now))) throw new AppError('conflict', TEAMS_MESSAGES.otherOrganization);
        return { user: await findUserById(tx, user.id), invitation: used };
      });
    } catch (err) {
      const e = err as { code?: string; cause?: { code?: string } } | null;
      if (e?.code === '23505' || e?.cause?.code === '23505') throw accountExists();
      throw err;
    }
    created = true;
  }
  if (!joined.user) throw invitationNotFound();
  const organizationId = joined.invitation.organizationId;
  const require2fa = (await members.findRequire2fa(db, organizationId)) ?? false;
  return {
    user: toUser(joined.user, await organizationTimeZone(db, organizationId), require2fa),
    created,
    invitation: { id: joined.invitation.id, email: joined.invitation.email, role: joined.invitation.role, organizationId },
  };
}
