/**
 * Profile rules (console.md §5 Account settings, §7 User): a user reads and changes only their own
 * record; only fullName and avatar change (e-mail and phone are read-only).
 */
import { AUTH_MESSAGES, UI_LANGUAGES, type UiLanguage, type User, type UpdateUserInput } from '@pesan/contracts/auth';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { isOwnAvatarUpload } from '../upload/upload.service.ts';
import type { SessionRow } from '../auth/session.service.ts';
import * as repo from './user.repo.ts';

/** What the profiles service uses of the application context. */
export type UserDeps = Pick<AppContext, 'database' | 'config' | 'now'>;

/** A users table row (argon2id `passwordHash`, lower-cased `email`, `emailVerifiedAt` null until verified). */
export type UserRow = repo.UserRow;

/** The user with `id` (a UUID; callers compare with the session first), or null. */
export function findUserById(db: Db, id: string): Promise<UserRow | null> {
  return repo.findUserById(db, id);
}

/** The user with the lower-cased `email`, or null (sign-in, registration, password reset). */
export function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  return repo.findUserByEmail(db, email);
}

/**
 * Inserts a user (`passwordHash` an argon2id PHC string; `phoneNumber` stored as given) and
 * returns the row. @throws the driver's unique violation (code 23505) when the e-mail exists.
 */
export function insertUser(
  db: Db,
  row: { fullName: string; email: string; phoneNumber: string; passwordHash: string; emailVerifiedAt?: Date | null; organizationId?: string | null },
): Promise<UserRow> {
  return repo.insertUser(db, row);
}

/** Replaces the user's password hash (argon2id PHC string) at `now`. `db` may be a transaction. */
export function setPasswordHash(db: Db, id: string, passwordHash: string, now: Date): Promise<void> {
  return repo.setPasswordHash(db, id, passwordHash, now);
}

/** Marks the e-mail verified at `now` (an earlier time stays); the row, or null when the user is gone. `db` may be a transaction. */
export function markEmailVerified(db: Db, id: string, now: Date): Promise<UserRow | null> {
  return repo.markEmailVerified(db, id, now);
}

/** A stored language as the contract has it: 'en', 'id', or null for anything else. */
function asUiLanguage(v: string | null | undefined): UiLanguage | null {
  return (UI_LANGUAGES as readonly string[]).includes(v ?? '') ? (v as UiLanguage) : null;
}

/**
 * The console's user JSON (contracts userSchema): no hash, no secret, no timestamps; `timeZone` is
 * their organization's (null without one); `require2fa` is their organization's require_2fa.
 */
export function toUser(row: UserRow, timeZone: string | null, require2fa = false): User {
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    avatar: row.avatar ?? null,
    organizationId: row.organizationId ?? null,
    emailVerified: row.emailVerifiedAt !== null,
    language: asUiLanguage(row.language),
    timeZone: row.organizationId ? timeZone : null,
    role: row.organizationId ? row.role : null,
    twoFactorEnabled: row.totpEnabledAt !== null,
    twoFactorSetupRequired: Boolean(row.organizationId) && require2fa && row.totpEnabledAt === null,
  };
}

/** The signed-in user from the session row (loaded with the user on every /api request): no second query. */
export function userFromSession(session: SessionRow): User {
  return {
    id: session.userId,
    fullName: session.fullName,
    email: session.email,
    phoneNumber: session.phoneNumber,
    avatar: session.avatar ?? null,
    organizationId: session.organizationId ?? null,
    emailVerified: session.emailVerified,
    language: asUiLanguage(session.language),
    timeZone: session.timeZone ?? null,
    role: session.organizationId ? session.role : null,
    twoFactorEnabled: session.twoFactorEnabled,
    twoFactorSetupRequired: session.twoFactorSetupRequired,
  };
}

/**
 * The caller's own user. `id` other than the caller's (or unknown) -> 404 `not_found`, so another
 * user's existence is never confirmed.
 */
export async function getOwnUser(ctx: UserDeps, session: SessionRow, id: string): Promise<User> {
  if (id !== session.userId) throw notFound('user');
  const row = await findUserById(ctx.database.db, id);
  if (!row) throw notFound('user');
  return toUser(row, session.timeZone, session.require2fa);
}

/**
 * Updates the caller's fullName, avatar (undefined = unchanged, null = removed) and interface
 * language (undefined = unchanged, null = follow the browser).
 * A new avatar must be an image this user stored with POST /api/upload as an avatar (checked by
 * content, issue 3 "avatar upload of JPEG, PNG or WebP up to 2 MB"; the user's own upload, issue 6),
 * so another user's or another organization's upload URL is refused; the current avatar may be
 * sent back as is, and '' or null removes it.
 * @throws 404 for another user's id; 400 `{path:'avatar', message: AUTH_MESSAGES.avatarInvalid}`
 *   for any other URL. Nothing changes on error. Returns the updated user.
 */
export async function updateOwnUser(ctx: UserDeps, session: SessionRow, id: string, input: UpdateUserInput): Promise<User> {
  if (id !== session.userId) throw notFound('user');
  const current = await findUserById(ctx.database.db, id);
  if (!current) throw notFound('user');
  if (input.avatar && input.avatar !== current.avatar && !(await isOwnAvatarUpload(ctx, id, input.avatar))) {
    throw fieldError('avatar', AUTH_MESSAGES.avatarInvalid);
  }
  const row = await repo.updateUserProfile(ctx.database.db, id, { fullName: input.fullName, avatar: input.avatar, language: input.language }, ctx.now());
  if (!row) throw notFound('user');
  return toUser(row, session.timeZone, session.require2fa);
}
