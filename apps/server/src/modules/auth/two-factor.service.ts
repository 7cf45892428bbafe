/**
 * Two-factor sign-in (ARCHITECTURE.md §5.1): TOTP (RFC 6238, totp.ts) set up and turned on by the
 * user, ten single-use recovery codes, and the two-step sign-in (password, then a challenge answered
 * with a code). Secrets never leave their columns in the clear: the TOTP secret is sealed
 * (lib/secret-box.ts), recovery codes and challenges are kept as SHA-256 hex, and no code, password
 * or challenge reaches a log, an audit entry or a mail. Wrong codes count as failed sign-ins of the
 * address and client (the 10-in-15-minutes lock of auth.service.ts).
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { type User, type LoginInput } from '@pesan/contracts/auth';
import { CHALLENGE_TTL_SECONDS, MAX_CHALLENGE_ATTEMPTS, RECOVERY_CODE_COUNT, TEAMS_MESSAGES, type AuditAction } from '@pesan/contracts/teams';
import { AppError, fieldError } from '../../lib/errors.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { toUser, type UserRow } from '../user/user.service.ts';
import type { SessionRow } from './session.service.ts';
import { clearLoginFailures, insertLoginFailure } from './auth.repo.ts';
import { login, refuseLockedAddress, type AuthClient, type AuthDeps } from './auth.service.ts';
import { verifyPassword } from './password.ts';
import { matchTotpStep, newTotpSecret, totpUrl } from './totp.ts';
import * as repo from './two-factor.repo.ts';

/** What two-factor sign-in needs: the auth dependencies and the box that seals TOTP secrets. */
export type TwoFactorDeps = AuthDeps & { totpBox: SecretBox };

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** Recovery code alphabet: lower-case letters and digits without the look-alikes 0, o, 1, l, i. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A recovery code `xxxxx-xxxxx` from crypto random (about 49 bits). */
function newRecoveryCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/** The stored form of a recovery code: SHA-256 hex of it lower-cased without spaces or dashes. */
export const recoveryCodeHash = (code: string) => sha256(code.toLowerCase().replace(/[\s-]+/g, ''));

/** Records `action` by `user` from `client` on their organization's audit log (nothing without an organization); `details` hold no secret. */
async function audit(ctx: TwoFactorDeps, user: Pick<UserRow, 'id' | 'email' | 'organizationId'>, client: AuthClient, action: AuditAction, details: Record<string, unknown> = {}): Promise<void> {
  if (!user.organizationId) return;
  await recordAudit(
    ctx,
    { organizationId: user.organizationId, actorId: user.id, actorEmail: user.email, ip: client.ip, userAgent: client.userAgent },
    { action, target: { type: 'user', id: user.id, name: user.email }, details },
  );
}

/** Counts a wrong code as a failed sign-in of `email` from the client (the address lock of auth.service.ts). */
async function countFailure(ctx: TwoFactorDeps, email: string, client: AuthClient): Promise<void> {
  await insertLoginFailure(ctx.database.db, email, client.ip, ctx.now());
}

/** The user row `userId` with the parts of their organization the user JSON needs. @throws 401 when the user is gone. */
async function account(ctx: TwoFactorDeps, userId: string): Promise<repo.AccountWithOrganization> {
  const found = await repo.findAccount(ctx.database.db, userId);
  if (!found) throw new AppError('unauthorized', TEAMS_MESSAGES.challengeEnded);
  return found;
}

/** The console's user JSON of `user` (contracts userSchema) with their organization's time zone and require_2fa. */
export async function signedInUser(ctx: TwoFactorDeps, user: UserRow): Promise<User> {
  const found = await repo.findAccount(ctx.database.db, user.id);
  return found ? toUser(found.user, found.timeZone, found.require2fa) : toUser(user, null);
}

/**
 * Starts the setup of 2FA for the caller (POST /api/user/2fa/setup): a new random secret, stored
 * sealed and not yet on (a setup started earlier is replaced).
 * @returns `{secret, otpauth_url}`: base32 secret and the otpauth URL (issuer Pesan, label the e-mail).
 * @throws 409 `conflict` TEAMS_MESSAGES.twoFactorAlreadyOn when 2FA is on (nothing changes).
 */
export async function setupTwoFactor(ctx: TwoFactorDeps, session: SessionRow): Promise<{ secret: string; otpauth_url: string }> {
  const secret = newTotpSecret();
  if (!(await repo.setPendingSecret(ctx.database.db, session.userId, ctx.totpBox.seal(secret), ctx.now()))) {
    throw new AppError('conflict', TEAMS_MESSAGES.twoFactorAlreadyOn);
  }
  return { secret, otpauth_url: totpUrl(secret, session.email) };
}

/**
 * Turns 2FA on (POST /api/user/2fa/enable) once `code` matches the pending secret (±1 step, a step
 * never twice); makes RECOVERY_CODE_COUNT (10) recovery codes `xxxxx-xxxxx` (only their SHA-256
 * kept), records `auth.2fa_enabled` and queues the "two-factor sign-in is on" e-mail.
 * @returns `{recovery_codes}`, shown this once.
 * @throws 409 twoFactorAlreadyOn; 400 twoFactorNotSetUp without a setup; 429 while the address is
 *   locked; 400 `{path:'code'}` TEAMS_MESSAGES.codeInvalid for a wrong or replayed code (counted as
 *   a failed sign-in). Nothing changes on error.
 */
export async function enableTwoFactor(ctx: TwoFactorDeps, session: SessionRow, code: string, client: AuthClient): Promise<{ recovery_codes: string[] }> {
  const db = ctx.database.db;
  const { user } = await account(ctx, session.userId);
  if (user.totpEnabledAt) throw new AppError('conflict', TEAMS_MESSAGES.twoFactorAlreadyOn);
  if (!user.totpSecret) throw new AppError('invalid_request', TEAMS_MESSAGES.twoFactorNotSetUp);
  const now = ctx.now();
  await refuseLockedAddress(db, user.email, client.ip, now);
  const step = matchTotpStep(ctx.totpBox.open(user.totpSecret), code, now.getTime());
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  if (step === null || !(await repo.enableTwoFactor(db, user.id, user.totpSecret, step, codes.map(recoveryCodeHash), now))) {
    await countFailure(ctx, user.email, client);
    throw fieldError('code', TEAMS_MESSAGES.codeInvalid);
  }
  await audit(ctx, user, client, 'auth.2fa_enabled');
  await ctx.enqueueAccountMail({ kind: 'two_factor_enabled', email: user.email, language: client.language });
  return { recovery_codes: codes };
}

/**
 * Turns 2FA off (POST /api/user/2fa/disable) with the password and a current code: forgets the
 * secret, deletes the recovery codes, records `auth.2fa_disabled` and queues the "two-factor
 * sign-in is off" e-mail.
 * @throws 409 `conflict` TEAMS_MESSAGES.twoFactorOff when it is off; 403 `forbidden`
 *   twoFactorRequiredCannotDisable when the organization requires 2FA; 429 while the address is
 *   locked; 400 `{path:'password'}` passwordWrong or `{path:'code'}` codeInvalid (each counted as a
 *   failed sign-in). Nothing changes on error.
 */
export async function disableTwoFactor(ctx: TwoFactorDeps, session: SessionRow, input: { password: string; code: string }, client: AuthClient): Promise<void> {
  const db = ctx.database.db;
  const { user, require2fa } = await account(ctx, session.userId);
  if (!user.totpEnabledAt || !user.totpSecret) throw new AppError('conflict', TEAMS_MESSAGES.twoFactorOff);
  if (require2fa) throw new AppError('forbidden', TEAMS_MESSAGES.twoFactorRequiredCannotDisable);
  const now = ctx.now();
  await refuseLockedAddress(db, user.email, client.ip, now);
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await countFailure(ctx, user.email, client);
    throw fieldError('password', TEAMS_MESSAGES.passwordWrong);
  }
  const step = matchTotpStep(ctx.totpBox.open(user.totpSecret), input.code, now.getTime());
  if (step === null || !(await repo.claimStep(db, user.id, step))) {
    await countFailure(ctx, user.email, client);
    throw fieldError('code', TEAMS_MESSAGES.codeInvalid);
  }
  await repo.disableTwoFactor(db, user.id, now);
  await audit(ctx, user, client, 'auth.2fa_disabled');
  await ctx.enqueueAccountMail({ kind: 'two_factor_disabled', email: user.email, language: client.language });
}

/** What the first sign-in step answers: a signed-in user (the route starts the session) or a challenge for the second step. */
export type SignInResult = { kind: 'signed_in'; user: User; userId: string; remember: boolean } | { kind: 'challenge'; challenge: string };

/**
 * Records a successful sign-in of `user` from `client` (`auth.sign_in`) and, when an earlier
 * session of the user exists and none had this User-Agent, queues the "new sign-in" e-mail (not on
 * an account's very first sign-in). Called before the route stores the new session.
 */
async function noteSignIn(ctx: TwoFactorDeps, user: UserRow, client: AuthClient, details: Record<string, unknown>): Promise<void> {
  await audit(ctx, user, client, 'auth.sign_in', details);
  const seen = await repo.sessionAgentsSeen(ctx.database.db, user.id, client.userAgent);
  if (seen.any && !seen.sameAgent) {
    await ctx.enqueueAccountMail({
      kind: 'new_sign_in',
      email: user.email,
      language: client.language,
      device: { userAgent: client.userAgent, ip: client.ip, at: ctx.now().toISOString() },
    });
  }
}

/**
 * The first sign-in step (POST /api/auth/login): checks e-mail and password (auth.service login,
 * with its lock and answers). Without 2FA the user is signed in (audited, new-device e-mail); with
 * 2FA a challenge is made: a random id (only its SHA-256 kept, with `remember`) valid
 * CHALLENGE_TTL_SECONDS (10 minutes) for MAX_CHALLENGE_ATTEMPTS (5) wrong codes, and no session yet.
 * @throws what login throws (401 wrong credentials, 403 unverified, 429 locked).
 */
export async function signIn(ctx: TwoFactorDeps, input: LoginInput, client: AuthClient): Promise<SignInResult> {
  const user = await login(ctx, input, client.ip, client.userAgent);
  const remember = input.remember === true;
  if (user.totpEnabledAt) {
    const challenge = randomBytes(32).toString('base64url');
    const now = ctx.now();
    await repo.insertChallenge(ctx.database.db, { idHash: sha256(challenge), userId: user.id, remember, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_SECONDS * 1000) }, now);
    return { kind: 'challenge', challenge };
  }
  await noteSignIn(ctx, user, client, { method: 'password' });
  return { kind: 'signed_in', user: await signedInUser(ctx, user), userId: user.id, remember };
}

/**
 * The second sign-in step (POST /api/auth/login/2fa): the challenge of the first step and a TOTP
 * code (±1 step, never a step twice) or an unused recovery code (then used up, `auth.recovery_code_used`).
 * Success ends the challenge, records `auth.sign_in` and may queue the new-device e-mail; the route
 * starts the session with the challenge's `remember`.
 * @throws 401 `unauthorized` TEAMS_MESSAGES.challengeEnded for an unknown, expired, used or ended
 *   challenge, and on the MAX_CHALLENGE_ATTEMPTS-th (5th) wrong code, which ends it (then even a
 *   right code is refused); 429 while the address is locked; 400 `{path:'code'}` codeInvalid or
 *   `{path:'recovery_code'}` recoveryCodeInvalid for a wrong code (counted on the challenge, as a
 *   failed sign-in and as `auth.sign_in_failed`).
 */
export async function signInSecondStep(
  ctx: TwoFactorDeps,
  input: { challenge: string; code?: string; recovery_code?: string },
  client: AuthClient,
): Promise<{ user: User; userId: string; remember: boolean }> {
  const db = ctx.database.db;
  const now = ctx.now();
  const idHash = sha256(input.challenge);
  const ended = () => new AppError('unauthorized', TEAMS_MESSAGES.challengeEnded);
  const challenge = await repo.findOpenChallenge(db, idHash, now);
  if (!challenge) throw ended();
  const { user } = await account(ctx, challenge.userId);
  if (!user.totpEnabledAt || !user.totpSecret) throw ended();
  await refuseLockedAddress(db, user.email, client.ip, now);

  const byRecovery = input.recovery_code !== undefined;
  let ok: boolean;
  if (byRecovery) {
    ok = await repo.useRecoveryCode(db, user.id, recoveryCodeHash(input.recovery_code!), now);
  } else {
    const step = matchTotpStep(ctx.totpBox.open(user.totpSecret), input.code ?? '', now.getTime());
    ok = step !== null && (await repo.claimStep(db, user.id, step));
  }
  if (!ok) {
    const attempts = await repo.countWrongCode(db, idHash, MAX_CHALLENGE_ATTEMPTS, now);
    await countFailure(ctx, user.email, client);
    await audit(ctx, user, client, 'auth.sign_in_failed', { reason: byRecovery ? 'recovery_code' : 'two_factor' });
    if (attempts === null || attempts >= MAX_CHALLENGE_ATTEMPTS) throw ended();
    throw byRecovery ? fieldError('recovery_code', TEAMS_MESSAGES.recoveryCodeInvalid) : fieldError('code', TEAMS_MESSAGES.codeInvalid);
  }
  // Once: a second request with the same challenge (even racing this one) is refused.
  if (!(await repo.endChallenge(db, idHash, now))) throw ended();
  await clearLoginFailures(db, user.email, client.ip);
  if (byRecovery) await audit(ctx, user, client, 'auth.recovery_code_used', { remaining: await repo.countUnusedRecoveryCodes(db, user.id) });
  await noteSignIn(ctx, user, client, { method: byRecovery ? 'recovery' : 'totp' });
  return { user: await signedInUser(ctx, user), userId: user.id, remember: challenge.remember };
}
