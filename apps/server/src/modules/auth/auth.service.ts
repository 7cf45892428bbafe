/**
 * Account rules (console.md §2 auth routes, §4 states, §5 validation, §8 errors; ARCHITECTURE.md §5,
 * §7.1): registration with e-mail verification, sign-in with a per-address failure limit, password
 * reset and change. Sessions are started and ended by the routes (plugins/session.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { AUTH_MESSAGES, tooManyAttemptsMessage, type LoginInput, type RegisterInput } from '@pesan/contracts/auth';
import { normalisePhone } from '@pesan/contracts/phone';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { mailLanguage, type MailLanguage } from '../../lib/mail-html.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { safeErrorSerializer } from '../../lib/log-safety.ts';
import type { RecipientMailLimit } from '../../plugins/rate-limit/recipient-limit.ts';
import { findUserByEmail, findUserById, insertUser, markEmailVerified, setPasswordHash, type UserRow } from '../user/user.service.ts';
import { newSignInMail, passwordChangedMail, resetPasswordMail, twoFactorDisabledMail, twoFactorEnabledMail, verificationMail, type SignInDevice } from './auth.mail.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  clearLoginFailures,
  consumeEmailToken,
  deleteEmailTokensBefore,
  deleteLoginFailuresBefore,
  loginFailuresSince,
  insertEmailToken,
  insertLoginFailure,
  invalidateEmailTokens,
  type EmailTokenKind,
} from './auth.repo.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { deleteSessionsEndedBefore, revokeUserSessions, type SessionRow } from './session.repo.ts';
import { deleteChallengesExpiredBefore } from './two-factor.repo.ts';

/**
 * The kinds of account e-mail the `account-mail` job sends: a reset or verification link asked for
 * by address, and the security notices of two-factor sign-in turned on or off and of a sign-in
 * from a new device (ARCHITECTURE.md §5.1).
 */
export const ACCOUNT_MAIL_KINDS = ['reset', 'verify', 'two_factor_enabled', 'two_factor_disabled', 'new_sign_in'] as const;

/**
 * One account e-mail: what the `account-mail` job carries (jobs/registry.ts). The address, the
 * language and, for `new_sign_in`, the device (User-Agent, IP, ISO time); never a token or a code:
 * the job issues a link's token itself.
 */
export interface AccountMailJob {
  kind: (typeof ACCOUNT_MAIL_KINDS)[number];
  email: string;
  language: MailLanguage;
  device?: SignInDevice;
}

/** Who is calling an auth route: IP address, User-Agent (as userAgentOf stores it) and the answer's language. */
export interface AuthClient {
  ip: string;
  userAgent: string;
  language: MailLanguage;
}

/**
 * What auth needs: database, configuration, mailer, clock, the per-recipient limit of account
 * e-mail, and the queue of account-mail jobs (durable: the job runs in a worker, resolves once queued).
 */
export type AuthDeps = Pick<AppContext, 'database' | 'config' | 'mailer' | 'now'> & {
  recipientMailLimit: RecipientMailLimit;
  enqueueAccountMail: (job: AccountMailJob) => Promise<void>;
};

/** Where account-mail code logs: the request's logger, or the worker's (consoleMailLog). */
export type MailLog = Pick<FastifyBaseLogger, 'warn' | 'error'>;

/** The account-mail job's log (no request logger in a worker): the message and the error's safe summary, no address. */
export const consoleMailLog: MailLog = {
  warn: (obj: unknown, msg?: string) => console.warn(`[account-mail] ${describeLog(obj, msg)}`),
  error: (obj: unknown, msg?: string) => console.error(`[account-mail] ${describeLog(obj, msg)}`),
};

function describeLog(obj: unknown, msg?: string): string {
  const o = (typeof obj === 'object' && obj !== null ? obj : {}) as { kind?: unknown; err?: unknown };
  const err = o.err === undefined ? '' : `: ${safeErrorSerializer(o.err).message}`;
  return `${msg ?? String(obj)}${typeof o.kind === 'string' ? ` (${o.kind})` : ''}${err}`;
}

/** Verification links last 24 hours; reset links 60 minutes. */
export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/**
 * 10 failed sign-ins for one address from one client (IP address) within 15 minutes lock that
 * address for that client until they age out; a stranger elsewhere cannot lock the owner out
 * (issue 6). The per-IP burst limit (AUTH_RATE_LIMIT per minute) still bounds guessing.
 */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** Creates a one-time token of `kind` for `userId` (older unused ones of that kind stop working); returns the raw token. */
async function issueToken(db: Db, userId: string, kind: EmailTokenKind, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await invalidateEmailTokens(db, userId, kind, now);
  await insertEmailToken(db, {
    tokenHash: sha256(token),
    userId,
    kind,
    expiresAt: new Date(now.getTime() + (kind === 'verify' ? VERIFY_TOKEN_TTL_MS : RESET_TOKEN_TTL_MS)),
  });
  return token;
}

/**
 * 429 `rate_limited` when `email` has LOGIN_FAILURE_LIMIT (10) failed sign-ins from `client` within
 * LOGIN_FAILURE_WINDOW_MS (15 minutes) before `now`, with `Retry-After` in seconds until the oldest
 * of them ages out and a message saying when that is (no failure is recorded while locked).
 */
export async function refuseLockedAddress(db: Db, email: string, client: string, now: Date): Promise<void> {
  const { count, oldest } = await loginFailuresSince(db, email, client, new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS));
  if (count < LOGIN_FAILURE_LIMIT || !oldest) return;
  const seconds = Math.min(LOGIN_FAILURE_WINDOW_MS / 1000, Math.max(1, Math.ceil((oldest.getTime() + LOGIN_FAILURE_WINDOW_MS - now.getTime()) / 1000)));
  throw new AppError('rate_limited', tooManyAttemptsMessage(seconds), undefined, { 'Retry-After': String(seconds) });
}

/** Sends `message`, logging instead of failing: the answer of the call must not depend on the mail server. */
async function sendQuietly(ctx: AuthDeps, log: MailLog, message: MailMessage): Promise<void> {
  try {
    await ctx.mailer.send(message);
  } catch (err) {
    log.error({ err, to: message.to, subject: message.subject }, 'system e-mail could not be sent');
  }
}

/**
 * Whether one more account e-mail (`kind`: reset, verification, invitation) may go to `address`
 * (plugins/rate-limit/recipient-limit.ts ACCOUNT_MAIL_LIMIT, counted in the shared store whether or
 * not the address has an account, so both paths do the same work). A suppressed mail is logged
 * without the address; the caller's answer is the same either way (issue 23).
 */
export async function mayMailRecipient(ctx: Pick<AuthDeps, 'recipientMailLimit'>, log: MailLog, kind: string, address: string): Promise<boolean> {
  if (await ctx.recipientMailLimit.allow(address)) return true;
  log.warn({ kind }, 'account e-mail not sent: the per-recipient limit is reached');
  return false;
}

/** Sends the verification e-mail in the user's saved language, else `language` (the request's). */
async function sendVerification(ctx: AuthDeps, log: FastifyBaseLogger, user: UserRow, language: MailLanguage): Promise<void> {
  if (await mayMailRecipient(ctx, log, 'verification', user.email)) await sendVerificationMail(ctx, log, user, language);
}

/** Issues a verification token for `user` and e-mails its link (the per-recipient limit already counted). */
async function sendVerificationMail(ctx: AuthDeps, log: MailLog, user: UserRow, language: MailLanguage): Promise<void> {
  const token = await issueToken(ctx.database.db, user.id, 'verify', ctx.now());
  await sendQuietly(ctx, log, verificationMail(user.email, user.fullName, `${ctx.config.publicUrl}/auth/email_verification/${token}`, mailLanguage(user.language, language)));
}

/**
 * Registers an unverified account (argon2id hash; phone stored as E.164 when it parses) and sends
 * the verification e-mail with `${PUBLIC_URL}/auth/email_verification/{token}` (24 h) in
 * `language` (the request's, ARCHITECTURE.md §10).
 * @returns `{email}` of the new account.
 * @throws 409 `conflict` with details `[{path:'email', message: AUTH_MESSAGES.emailTaken}]`.
 */
export async function registerAccount(ctx: AuthDeps, log: FastifyBaseLogger, input: RegisterInput, language: MailLanguage): Promise<{ email: string }> {
  const db = ctx.database.db;
  const taken = () => new AppError('conflict', AUTH_MESSAGES.emailTaken, [{ path: 'email', message: AUTH_MESSAGES.emailTaken }]);
  if (await findUserByEmail(db, input.email)) throw taken();
  const passwordHash = await hashPassword(input.password);
  let user: UserRow;
  try {
    user = await insertUser(db, {
      fullName: input.fullName,
      email: input.email,
      phoneNumber: normalisePhone(input.phoneNumber)?.e164 ?? input.phoneNumber,
      passwordHash,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
  await sendVerification(ctx, log, user, language);
  return { email: user.email };
}

/**
 * Uses a verification token (once) and marks the e-mail verified (console.md §2
 * /auth/email_verification). The caller then starts a session.
 * @throws 400 `invalid_request` AUTH_MESSAGES.invalidVerification for an unknown, used or expired token.
 */
export async function verifyEmail(ctx: AuthDeps, token: string): Promise<UserRow> {
  const now = ctx.now();
  const user = await ctx.database.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, sha256(token), 'verify', now);
    return userId ? markEmailVerified(tx, userId, now) : null;
  });
  if (!user) throw new AppError('invalid_request', AUTH_MESSAGES.invalidVerification);
  return user;
}

/**
 * Asks for a new verification e-mail to `email` (send_verification): counts the address
 * (mayMailRecipient) and, within the limit, queues the account-mail job, the same work whether or
 * not the address has an account (issue 23); sendAccountMail then mails an unverified account in
 * its saved language, else `language` (the request's). The caller answers the same either way.
 * @throws what the store or the queue throws (the same for every address).
 */
export async function resendVerification(ctx: AuthDeps, log: MailLog, email: string, language: MailLanguage): Promise<void> {
  await queueAccountMail(ctx, log, { kind: 'verify', email, language });
}

/** Counts `job.email` for the per-recipient limit and, within it, queues the job: nothing here depends on whether the address has an account. */
async function queueAccountMail(ctx: AuthDeps, log: MailLog, job: AccountMailJob): Promise<void> {
  if (await mayMailRecipient(ctx, log, job.kind === 'reset' ? 'reset' : 'verification', job.email)) await ctx.enqueueAccountMail(job);
}

/**
 * The account-mail job (jobs/registry.ts, in a worker): looks `job.email` up and, for a reset, e-mails
 * an account `${PUBLIC_URL}/auth/reset-password?token={token}` (60 minutes, once); for a
 * verification, e-mails an unverified account `${PUBLIC_URL}/auth/email_verification/{token}` (24 h).
 * In the user's saved language, else `job.language`. An unknown address, or a verified one asking
 * for verification, gets nothing. A mail server failure is logged, not thrown (the token is issued).
 * @throws when the database fails (the job is retried).
 */
export async function sendAccountMail(ctx: AuthDeps, job: AccountMailJob, log: MailLog = consoleMailLog): Promise<void> {
  const db = ctx.database.db;
  const user = await findUserByEmail(db, job.email);
  if (!user) return;
  const language = mailLanguage(user.language, job.language);
  const securityUrl = `${ctx.config.publicUrl}/profile/security`;
  if (job.kind === 'two_factor_enabled') return sendQuietly(ctx, log, twoFactorEnabledMail(user.email, user.fullName, securityUrl, language));
  if (job.kind === 'two_factor_disabled') return sendQuietly(ctx, log, twoFactorDisabledMail(user.email, user.fullName, securityUrl, language));
  if (job.kind === 'new_sign_in') {
    if (job.device) await sendQuietly(ctx, log, newSignInMail(user.email, user.fullName, job.device, securityUrl, language));
    return;
  }
  if (job.kind === 'verify') {
    if (!user.emailVerifiedAt) await sendVerificationMail(ctx, log, user, job.language);
    return;
  }
  const token = await issueToken(db, user.id, 'reset', ctx.now());
  await sendQuietly(ctx, log, resetPasswordMail(user.email, user.fullName, `${ctx.config.publicUrl}/auth/reset-password?token=${token}`, mailLanguage(user.language, job.language)));
}

/**
 * Checks e-mail and password (ARCHITECTURE.md §5 login) for a caller at `client` (IP address) with
 * `userAgent`. A wrong password for an account in an organization is recorded in its audit log
 * (`auth.sign_in_failed`, ARCHITECTURE.md §5.1; never the password).
 * @returns the verified user; the caller asks for the second factor or starts the session.
 * @throws 429 `rate_limited` after LOGIN_FAILURE_LIMIT failures for the address from this client
 *   within 15 minutes (even with the right password); 401 `unauthorized` AUTH_MESSAGES.invalidCredentials for an
 *   unknown e-mail or a wrong password (identical answers, similar time); 403 `email_not_verified`
 *   for an unverified account with the right password.
 */
export async function login(ctx: AuthDeps, input: LoginInput, client: string, userAgent = ''): Promise<UserRow> {
  const db = ctx.database.db;
  const now = ctx.now();
  await refuseLockedAddress(db, input.email, client, now);
  const user = await findUserByEmail(db, input.email);
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok) {
    await insertLoginFailure(db, input.email, client, now);
    if (user?.organizationId) {
      await recordAudit(
        ctx,
        { organizationId: user.organizationId, actorId: user.id, actorEmail: user.email, ip: client, userAgent },
        { action: 'auth.sign_in_failed', target: { type: 'user', id: user.id, name: user.email }, details: { reason: 'password' } },
      );
    }
    throw new AppError('unauthorized', AUTH_MESSAGES.invalidCredentials);
  }
  if (!user.emailVerifiedAt) throw new AppError('email_not_verified', AUTH_MESSAGES.emailNotVerified);
  // With 2FA on, the failures (wrong codes included) are forgotten only once the second step
  // succeeds: signing in again with the password must not reset the count of code guesses.
  if (!user.totpEnabledAt) await clearLoginFailures(db, input.email, client);
  return user;
}

/**
 * Asks for a password reset e-mail to `email` (forgot_password): counts the address
 * (mayMailRecipient) and, within the limit, queues the account-mail job, the same work whether or
 * not the address has an account (issue 23); sendAccountMail then issues the token and mails an
 * account. The caller always answers AUTH_MESSAGES.forgotDescription.
 * @throws what the store or the queue throws (the same for every address).
 */
export async function forgotPassword(ctx: AuthDeps, log: MailLog, email: string, language: MailLanguage): Promise<void> {
  await queueAccountMail(ctx, log, { kind: 'reset', email, language });
}

/**
 * Sets a new password with a reset token (once), revokes every session of the user, clears the
 * address's failed sign-ins, marks the e-mail verified (the link proves the mailbox) and sends the
 * password-changed e-mail (in the user's saved language, else `language`, the request's).
 * @throws 400 `invalid_request` AUTH_MESSAGES.resetExpired for an unknown, used or expired token (console.md §8).
 */
export async function resetPassword(ctx: AuthDeps, log: FastifyBaseLogger, token: string, password: string, language: MailLanguage): Promise<void> {
  const now = ctx.now();
  const passwordHash = await hashPassword(password);
  const user = await ctx.database.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, sha256(token), 'reset', now);
    if (!userId) return null;
    await setPasswordHash(tx, userId, passwordHash, now);
    await revokeUserSessions(tx, userId, now);
    return markEmailVerified(tx, userId, now);
  });
  if (!user) throw new AppError('invalid_request', AUTH_MESSAGES.resetExpired);
  await clearLoginFailures(ctx.database.db, user.email);
  await sendQuietly(ctx, log, passwordChangedMail(user.email, user.fullName, `${ctx.config.publicUrl}/auth/login`, mailLanguage(user.language, language)));
}

/**
 * Changes the caller's password (console.md §7 POST /auth/change_password/{userId}); revokes the
 * user's other sessions (the current one stays) and sends the password-changed e-mail (in the
 * user's saved language, else `language`, the request's).
 * @throws 404 when `userId` is not the caller; 400 with details `[{path:'oldPassword'}]` for a wrong
 *   current password (counted like a failed sign-in); 429 `rate_limited` once the address is locked.
 */
export async function changePassword(
  ctx: AuthDeps,
  log: FastifyBaseLogger,
  session: SessionRow,
  userId: string,
  input: { oldPassword: string; password: string },
  client: string,
  language: MailLanguage,
): Promise<void> {
  if (userId !== session.userId) throw notFound('user');
  const db = ctx.database.db;
  const now = ctx.now();
  const user = await findUserById(db, userId);
  if (!user) throw notFound('user');
  await refuseLockedAddress(db, user.email, client, now);
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
    await insertLoginFailure(db, user.email, client, now);
    throw fieldError('oldPassword', AUTH_MESSAGES.currentPasswordIncorrect);
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await setPasswordHash(tx, userId, passwordHash, now);
    await revokeUserSessions(tx, userId, now, session.idHash);
  });
  await sendQuietly(ctx, log, passwordChangedMail(user.email, user.fullName, `${ctx.config.publicUrl}/auth/login`, mailLanguage(user.language, language)));
}

/**
 * Deletes what account security no longer needs at `now` (issue 6; the maintenance job calls it):
 * failed sign-ins older than the 15-minute window, e-mail tokens expired or used, sessions
 * expired or revoked, and two-factor sign-in challenges past their 10 minutes (§5.1). Returns the
 * number of rows deleted per table.
 */
export async function pruneAuthRecords(db: Db, now: Date): Promise<{ login_failures: number; email_tokens: number; sessions: number; login_challenges: number }> {
  return {
    login_failures: await deleteLoginFailuresBefore(db, new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS)),
    email_tokens: await deleteEmailTokensBefore(db, now),
    sessions: await deleteSessionsEndedBefore(db, now),
    login_challenges: await deleteChallengesExpiredBefore(db, now),
  };
}
